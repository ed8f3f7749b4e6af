package org.streambench.engine.kafkastreams;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.Csv;
import org.streambench.api.workload.JoinPart;
import org.streambench.api.workload.JoinParts;
import org.streambench.api.workload.JoinSample;

/**
 * join: one source over the {@code streams} topics ({@code <input>-impression}, {@code -click},
 * {@code -feature}), re-keyed by sample and repartitioned; a processor merges each sample's parts
 * into a {@link JoinSample} (payloads included: the state size is what this workload compares
 * across state stores), kept in a store as {@code firstT,lastT,lastIn,payload0,payload1,payload2}
 * (empty while a part is missing). Kafka Streams has no per-key timers: a second store indexes open
 * samples by deadline ({@code timer.ms} of wall-clock time after the first part; keys sort by
 * deadline in RocksDB and in memory alike), and a wall-clock punctuator emits {@code
 * sample,mask,bytes,firstT,lastT,lastIn} for every sample due and deletes it, scanning only the due
 * prefix of that index.
 */
final class JoinTopology {
  static final String SAMPLES = "samples";
  static final String DEADLINES = "deadlines";

  private JoinTopology() {}

  static void build(StreamsBuilder builder, JobSpec spec) {
    WorkloadParams params = new WorkloadParams(spec);
    List<String> topics = JoinParts.topics(spec.inputTopic(), params.integer("streams"));
    builder.addStateStore(StreamsSettings.keyValueStore(spec, SAMPLES));
    builder.addStateStore(StreamsSettings.keyValueStore(spec, DEADLINES));
    long timerMs = params.longValue("timer.ms");
    KafkaIo.write(
        KafkaIo.readStamped(builder, topics)
            .selectKey((k, v) -> Csv.field(v, 2))
            .repartition(Repartitioned.with(Serdes.String(), Serdes.String()).withName("by-sample"))
            .process(() -> new MergeParts(timerMs), SAMPLES, DEADLINES),
        spec);
  }

  /** How often the punctuator looks for due samples: a tenth of the timer, 10 to 100 ms. */
  static Duration punctuation(long timerMs) {
    return Duration.ofMillis(Math.max(10, Math.min(100, timerMs / 10)));
  }

  /** A sample's state as the store keeps it. */
  static String encode(JoinSample s) {
    StringBuilder text =
        new StringBuilder().append(s.getFirstT()).append(',').append(s.getLastT()).append(',');
    text.append(s.getLastIn());
    for (String payload : s.getPayloads()) {
      text.append(',').append(payload == null ? "" : payload);
    }
    return text.toString();
  }

  /** The sample of an {@link #encode}d state. */
  static JoinSample decode(String stored) {
    String[] f = stored.split(",", -1);
    JoinSample s = new JoinSample();
    s.setFirstT(Long.parseLong(f[0]));
    s.setLastT(Long.parseLong(f[1]));
    s.setLastIn(Long.parseLong(f[2]));
    for (int p = 0; p < s.getPayloads().length; p++) {
      s.getPayloads()[p] = f[3 + p].isEmpty() ? null : f[3 + p];
    }
    return s;
  }

  /** A deadline index key: zero-padded milliseconds, so byte order is time order. */
  static String deadlineKey(long deadlineMs, String sample) {
    return String.format("%020d:%s", deadlineMs, sample);
  }

  static final class MergeParts implements Processor<String, String, String, String> {
    private final long timerMs;
    private ProcessorContext<String, String> context;
    private KeyValueStore<String, String> samples;
    private KeyValueStore<String, String> deadlines;

    MergeParts(long timerMs) {
      this.timerMs = timerMs;
    }

    @Override
    public void init(ProcessorContext<String, String> context) {
      this.context = context;
      this.samples = context.getStateStore(SAMPLES);
      this.deadlines = context.getStateStore(DEADLINES);
      context.schedule(punctuation(timerMs), PunctuationType.WALL_CLOCK_TIME, this::emitDue);
    }

    /** {@code seq,t,sample,part,payload,in} merged into the sample's state. */
    @Override
    public void process(Record<String, String> record) {
      String sample = record.key();
      String before = samples.get(sample);
      JoinSample s;
      if (before == null) {
        s = new JoinSample();
        deadlines.put(deadlineKey(context.currentSystemTimeMs() + timerMs, sample), sample);
      } else {
        s = decode(before);
      }
      s.add(JoinPart.parseStamped(record.value()));
      samples.put(sample, encode(s));
    }

    private void emitDue(long now) {
      List<KeyValue<String, String>> due = new ArrayList<>();
      try (KeyValueIterator<String, String> it =
          deadlines.range(deadlineKey(0, ""), deadlineKey(now, "~"))) {
        it.forEachRemaining(due::add);
      }
      for (KeyValue<String, String> d : due) {
        deadlines.delete(d.key);
        String sample = d.value;
        JoinSample s = decode(samples.get(sample));
        samples.delete(sample);
        context.forward(new Record<>(sample, s.result(Long.parseLong(sample)), now));
      }
    }
  }
}
