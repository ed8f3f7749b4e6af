package org.streambench.engine.storm;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.storm.kafka.bolt.KafkaBolt;
import org.apache.storm.kafka.bolt.mapper.TupleToKafkaMapper;
import org.apache.storm.kafka.spout.FirstPollOffsetStrategy;
import org.apache.storm.kafka.spout.KafkaSpout;
import org.apache.storm.kafka.spout.KafkaSpoutConfig;
import org.apache.storm.kafka.spout.KafkaSpoutConfig.ProcessingGuarantee;
import org.apache.storm.kafka.spout.KafkaTuple;
import org.apache.storm.kafka.spout.RecordTranslator;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BoltDeclarer;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.utils.Utils;
import org.streambench.api.EpochMicros;
import org.streambench.api.IdentityRecords;
import org.streambench.api.JobSpec;
import org.streambench.api.KafkaClientSettings;
import org.streambench.api.SourceReadiness;

/**
 * The Kafka ends every topology shares: storm-kafka-client's {@link KafkaSpout} and {@link
 * KafkaBolt}. The spout's {@link RecordTranslator} takes the entry stamp {@code in} as it turns a
 * record into a tuple; the sink's {@link TupleToKafkaMapper} appends the exit stamp {@code out} as
 * it builds the Kafka record, so engine latency spans the whole topology.
 *
 * <p>The spout reads with consumer group = run id, from the earliest offset when the group has none
 * ({@link FirstPollOffsetStrategy#UNCOMMITTED_EARLIEST}), with the processing guarantee of the
 * setting {@code spout.processing-guarantee}; its consumer gets the {@code kafka.consumer.*}
 * settings, the sink's producer the {@code kafka.producer.*} settings.
 */
final class KafkaIo {
  /** Component id of the Kafka spout. */
  static final String SPOUT = "kafka";

  /** Component id of the Kafka sink bolt. */
  static final String SINK = "kafka-sink";

  /** The field every result tuple carries to the sink: the output value without {@code out}. */
  static final String RESULT = "result";

  /** Tuple fields of a spout that passes the record on as it is: value and entry stamp. */
  static final Fields LINE = new Fields("value", "in");

  /**
   * Turns a record's value and entry stamp into a tuple's values (a {@link KafkaTuple} routed to
   * another stream for a second stream), or null to drop the record.
   */
  @FunctionalInterface
  interface Translate extends Serializable {
    List<Object> apply(String value, long in) throws Exception;
  }

  private KafkaIo() {}

  /** The identity translation: {@code (value, in)}. */
  static List<Object> line(String value, long in) {
    return List.of(value, in);
  }

  /** The key of a keyed spout's tuple, from the record's value. */
  @FunctionalInterface
  interface KeyOf extends Serializable {
    Object keyOf(String value);
  }

  /** Tuple fields of a keyed spout: the key {@code key}, the record's value and entry stamp. */
  static Fields keyed(String key) {
    return new Fields(key, "value", "in");
  }

  /** Adds the spout of the input topic that passes each record on as it is: {@link #LINE}. */
  static String addLineSpout(TopologyBuilder builder, JobSpec spec) {
    return addSpout(builder, spec, List.of(spec.inputTopic()), LINE, Map.of(), KafkaIo::line);
  }

  /**
   * Adds the spout of {@code topics} whose tuples are {@link #keyed keyed(key)}: the key {@code
   * keyOf} finds in the record, for a {@code fieldsGrouping} on it, the record and its entry stamp.
   */
  static String addKeyedSpout(
      TopologyBuilder builder, JobSpec spec, List<String> topics, String key, KeyOf keyOf) {
    return addSpout(
        builder,
        spec,
        topics,
        keyed(key),
        Map.of(),
        (value, in) -> List.of(keyOf.keyOf(value), value, in));
  }

  /**
   * Adds the Kafka spout reading {@code topics}, whose tuples have {@code fields} on the default
   * stream (and {@code extraStreams}, stream → fields, for routed tuples), with the spout executors
   * of the job's settings; readiness waits for all of them. Returns its component id, {@link
   * #SPOUT}.
   */
  static String addSpout(
      TopologyBuilder builder,
      JobSpec spec,
      List<String> topics,
      Fields fields,
      Map<String, Fields> extraStreams,
      Translate translate) {
    Map<String, Fields> streams = new HashMap<>(extraStreams);
    streams.put(Utils.DEFAULT_STREAM_ID, fields);
    KafkaSpoutConfig<String, String> config =
        KafkaSpoutConfig.builder(spec.bootstrapServers(), topics.toArray(new String[0]))
            .setProp(new HashMap<String, Object>(KafkaClientSettings.consumer(spec)))
            .setProp(ConsumerConfig.GROUP_ID_CONFIG, spec.runId())
            .setFirstPollOffsetStrategy(FirstPollOffsetStrategy.UNCOMMITTED_EARLIEST)
            .setProcessingGuarantee(
                ProcessingGuarantee.valueOf(spec.requiredSetting("spout.processing-guarantee")))
            .setRecordTranslator(new StampOnEntry(translate, streams))
            .build();
    int executors = StormSettings.executors(spec, "spout");
    builder.setSpout(SPOUT, new ReadySpout(config, readyDir(spec)), executors);
    SourceReadiness.expect(executors);
    return SPOUT;
  }

  /**
   * Where the spout tasks of a cluster deployment report that they consume (one file per task, as
   * they run in worker JVMs), or null for the local deployment, whose tasks report to {@link
   * SourceReadiness} in this JVM.
   */
  static String readyDir(JobSpec spec) {
    return spec.deployment().cluster()
        ? spec.runDir().resolve("storm").resolve("spouts-consuming").toAbsolutePath().toString()
        : null;
  }

  /** Adds the sink writing every tuple's {@link #RESULT} field, stamped, to the output topic. */
  static BoltDeclarer addSink(TopologyBuilder builder, JobSpec spec) {
    Properties props = new Properties();
    props.putAll(KafkaClientSettings.producer(spec));
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, spec.bootstrapServers());
    props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    KafkaBolt<String, String> sink =
        new KafkaBolt<String, String>()
            .withProducerProperties(props)
            .withTopicSelector(spec.outputTopic())
            .withTupleToKafkaMapper(new StampOnExit());
    return builder.setBolt(SINK, sink, StormSettings.executors(spec, "sink"));
  }

  /** Runs the job's translation with the time the record entered the topology. */
  static final class StampOnEntry implements RecordTranslator<String, String> {
    private static final long serialVersionUID = 1L;
    private final Translate translate;
    private final Map<String, Fields> streams;

    StampOnEntry(Translate translate, Map<String, Fields> streams) {
      this.translate = translate;
      this.streams = streams;
    }

    @Override
    public List<Object> apply(ConsumerRecord<String, String> record) {
      try {
        return translate.apply(record.value(), EpochMicros.now());
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalStateException("cannot decode record " + record.value(), e);
      }
    }

    @Override
    public Fields getFieldsFor(String stream) {
      return streams.get(stream);
    }

    @Override
    public List<String> streams() {
      return List.copyOf(streams.keySet());
    }
  }

  /** No key; the value is the tuple's result with the exit stamp appended. */
  static final class StampOnExit implements TupleToKafkaMapper<String, String> {
    private static final long serialVersionUID = 1L;

    @Override
    public String getKeyFromTuple(Tuple tuple) {
      return null;
    }

    @Override
    public String getMessageFromTuple(Tuple tuple) {
      return IdentityRecords.appendStamp(tuple.getStringByField(RESULT), EpochMicros.now());
    }
  }

  /**
   * A {@link KafkaSpout} that reports once its first {@code nextTuple()} has returned: the spout is
   * activated, has its partitions assigned and has polled once. It reports to {@link
   * SourceReadiness}, or on a cluster with a file named by its task id in {@code readyDir}.
   */
  static final class ReadySpout extends KafkaSpout<String, String> {
    private static final long serialVersionUID = 1L;
    private final String readyDir;
    private transient boolean reported;
    private transient int taskId;

    ReadySpout(KafkaSpoutConfig<String, String> config, String readyDir) {
      super(config);
      this.readyDir = readyDir;
    }

    @Override
    public void open(
        Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
      taskId = context.getThisTaskId();
      super.open(conf, context, collector);
    }

    @Override
    public void nextTuple() {
      super.nextTuple();
      if (!reported) {
        reported = true;
        if (readyDir == null) {
          SourceReadiness.started();
        } else {
          try {
            Path dir = Path.of(readyDir);
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(Integer.toString(taskId)), "consuming");
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
      }
    }
  }
}
