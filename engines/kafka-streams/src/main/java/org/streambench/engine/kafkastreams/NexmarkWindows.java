package org.streambench.engine.kafkastreams;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.EmitStrategy;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.kstream.SessionWindowedKStream;
import org.apache.kafka.streams.kstream.SessionWindows;
import org.apache.kafka.streams.kstream.TimeWindowedKStream;
import org.apache.kafka.streams.kstream.TimeWindows;
import org.apache.kafka.streams.processor.StreamPartitioner;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.SessionStore;
import org.apache.kafka.streams.state.WindowStore;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.NexmarkEvents;
import org.streambench.api.workload.NexmarkQuery;

/**
 * The input of Nexmark's windowed queries (q5, q7, q8): the events keyed for the windows and
 * repartitioned, with the end marker carried to every task behind the repartition once every
 * upstream task has sent its own, and the store of the DSL's windows.
 *
 * <p>A windowed processor closes windows by its own stream time, the highest timestamp of the
 * records that reached it in its task; the end marker the rig writes after the last event ({@code
 * -1,t,9}) is therefore carried there as a control record holding the aggregate of nothing, on
 * every task ({@link #controlToEveryPartition}), once every upstream task has sent its own ({@link
 * EndGate}).
 */
final class NexmarkWindows {
  private NexmarkWindows() {}

  /**
   * The keys of the control records on their way to the windows ({@link Announce}, {@link
   * EndGate}), each followed by the upstream task's input partition; no query's key starts so.
   */
  static final String CONTROL = "$";

  static final String TASK = CONTROL + "task:";
  static final String END = CONTROL + "end:";

  /**
   * {@code input} in epoch-aligned tumbling windows of {@link NexmarkQuery#WINDOW_MS} with {@code
   * watermark.delay.ms} as grace (q4's second stage, q7, q8), each emitted once when its task's
   * stream time passes its end and the grace.
   */
  static <V> TimeWindowedKStream<String, V> tumbling(
      StreamsBuilder builder, JobSpec spec, KStream<String, V> input) {
    return input
        .groupByKey()
        .windowedBy(
            TimeWindows.ofSizeAndGrace(
                Duration.ofMillis(NexmarkQuery.WINDOW_MS),
                Duration.ofMillis(watermarkDelayMs(spec))))
        .emitStrategy(EmitStrategy.onWindowClose());
  }

  /**
   * {@code input}'s sessions per key (q11): Nexmark's gap, grace {@code watermark.delay.ms}, each
   * emitted once closed. A session merges a record at most the gap after its last, both ends
   * included, as Flink's and Spark's do.
   */
  static <V> SessionWindowedKStream<String, V> sessions(JobSpec spec, KStream<String, V> input) {
    return input
        .groupByKey()
        .windowedBy(
            SessionWindows.ofInactivityGapAndGrace(
                Duration.ofMillis(NexmarkQuery.SESSION_GAP_MS),
                Duration.ofMillis(watermarkDelayMs(spec))))
        .emitStrategy(EmitStrategy.onWindowClose());
  }

  /**
   * The store of sessions, without a record cache (as {@link #windowStore}'s) and kept for the gap,
   * the grace and the end marker's lead.
   */
  static <V> Materialized<String, V, SessionStore<Bytes, byte[]>> sessionStore(
      String name, Serde<V> values, JobSpec spec) {
    long delayMs = watermarkDelayMs(spec);
    return Materialized.<String, V, SessionStore<Bytes, byte[]>>as(name)
        .withKeySerde(Serdes.String())
        .withValueSerde(values)
        .withCachingDisabled()
        .withRetention(
            Duration.ofMillis(
                NexmarkQuery.SESSION_GAP_MS + delayMs + NexmarkQuery.endMarkerLeadMs(delayMs)));
  }

  /**
   * The events keyed by {@code keyed} (null: none), repartitioned by key as {@code repartitioned}
   * says ({@code name}: of the topology's other parts). The end markers reach every task behind the
   * repartition and close its windows, but only once every upstream task has sent its own ({@link
   * EndGate}).
   *
   * <p>Stream time is the highest timestamp a task has seen, so records from an upstream task
   * running more than the grace behind another are late and dropped (Flink's watermark, the least
   * of its inputs', would wait for them). The grace is the workload's delay alone, not uricount's
   * {@code job.window.skew.ms} on top: here grace is latency.
   */
  static <V> KStream<String, V> input(
      StreamsBuilder builder,
      JobSpec spec,
      String name,
      Function<String, KeyValue<String, V>> keyed,
      V none,
      Repartitioned<String, V> repartitioned) {
    return gated(
        builder,
        spec,
        NexmarkTopology.events(builder, spec),
        name,
        e -> NexmarkTopology.kind(e) == NexmarkEvents.END,
        keyed,
        none,
        repartitioned);
  }

  /**
   * {@code upstream}'s records keyed by {@code keyed} (null: none) and repartitioned, each task's
   * announcement and end marker ({@code isEnd}) carried to every task behind the repartition, where
   * a task's end marker passes once every upstream task has sent its own: {@link #input} for the
   * events, and a later stage's input the same way (q4's winning bids).
   */
  static <I, V> KStream<String, V> gated(
      StreamsBuilder builder,
      JobSpec spec,
      KStream<String, I> upstream,
      String name,
      Predicate<I> isEnd,
      Function<I, KeyValue<String, V>> keyed,
      V none,
      Repartitioned<String, V> repartitioned) {
    String ends = name + "-ends";
    builder.addStateStore(StreamsSettings.keyValueStore(spec, ends));
    return upstream
        .process(() -> new Announce<>(isEnd, keyed, none), Named.as(name + "-keyed"))
        .repartition(
            repartitioned
                .withKeySerde(Serdes.String())
                .withStreamPartitioner(controlToEveryPartition()))
        .processValues(() -> new EndGate<V>(ends), Named.as(ends), ends);
  }

  /**
   * The store of windows of {@code sizeMs}, without a record cache and kept for as long as the end
   * marker needs. On its first emission an emit-on-close aggregation fetches every window from
   * epoch 0; through a record cache ({@code TimeOrderedCachingWindowStore}) that fetch visits every
   * store segment (60 s each) since 1970, about 30 million, which held a stream thread for 8 s
   * here, long enough for the other tasks on that thread to fall past the grace (their records then
   * dropped as late). The store itself answers only for segments it has. It answers only for
   * windows within its retention of its newest window, which the end marker moves a window and the
   * delay past the last event before the last windows are emitted; so the retention is the window,
   * its grace and that lead, not Kafka Streams' default of the window and its grace.
   */
  static <V> Materialized<String, V, WindowStore<Bytes, byte[]>> windowStore(
      String name, Serde<V> values, JobSpec spec, long sizeMs) {
    long delayMs = watermarkDelayMs(spec);
    NexmarkQuery q = NexmarkQuery.ofWorkload(spec.workload());
    long lead =
        q.endMarkerLeadMs(
            delayMs,
            q == NexmarkQuery.Q4 ? NexmarkEvents.maxAuctionLengthMs(new WorkloadParams(spec)) : 0);
    return Materialized.<String, V, WindowStore<Bytes, byte[]>>as(name)
        .withKeySerde(Serdes.String())
        .withValueSerde(values)
        .withCachingDisabled()
        .withRetention(Duration.ofMillis(sizeMs + delayMs + lead));
  }

  static long watermarkDelayMs(JobSpec spec) {
    return new WorkloadParams(spec).longValue("watermark.delay.ms");
  }

  /**
   * Partitions as the producer would, by key, but sends control records to every partition: each
   * task downstream closes its windows by the records it sees.
   */
  static <V> StreamPartitioner<String, V> controlToEveryPartition() {
    return new StreamsLine.KeyPartitioner<>() {
      @Override
      Optional<Set<Integer>> partitionsOf(String key, int partitions) {
        return key.startsWith(CONTROL)
            ? Optional.of(IntStream.range(0, partitions).boxed().collect(Collectors.toSet()))
            : Optional.empty();
      }
    };
  }

  /**
   * Keys each event for the windows, and tells every task behind the repartition of this task
   * ({@link #TASK} and its input partition, before its first record) and of the end marker of its
   * partition ({@link #END}, after its last record), each carrying the aggregate of nothing.
   */
  static final class Announce<I, V> implements Processor<String, I, String, V> {
    private final Predicate<I> isEnd;
    private final Function<I, KeyValue<String, V>> keyed;
    private final V none;
    private ProcessorContext<String, V> context;
    private boolean announced;

    Announce(Predicate<I> isEnd, Function<I, KeyValue<String, V>> keyed, V none) {
      this.isEnd = isEnd;
      this.keyed = keyed;
      this.none = none;
    }

    @Override
    public void init(ProcessorContext<String, V> context) {
      this.context = context;
    }

    @Override
    public void process(Record<String, I> record) {
      if (!announced) {
        announced = true;
        context.forward(record.withKey(TASK + partition()).withValue(none));
      }
      if (isEnd.test(record.value())) {
        context.forward(record.withKey(END + partition()).withValue(none));
        return;
      }
      KeyValue<String, V> kv = keyed.apply(record.value());
      if (kv != null) {
        context.forward(record.withKey(kv.key).withValue(kv.value));
      }
    }

    private int partition() {
      return context.recordMetadata().orElseThrow().partition();
    }
  }

  /**
   * Passes records on to the windows, but an end marker only once every upstream task that
   * announced itself has sent its own; a task's records reach a partition in the order it sent
   * them, so by then the last records of every upstream task have arrived. Without it, the first
   * upstream task to finish would close the last windows before another's last records arrive,
   * which would then be late; Flink's watermark is the least of its inputs' for the same reason.
   * The announcements and end markers seen are kept in a store, to outlive a restart.
   */
  static final class EndGate<V> implements FixedKeyProcessor<String, V, V> {
    private final String storeName;
    private FixedKeyProcessorContext<String, V> context;
    private KeyValueStore<String, String> seen;

    EndGate(String storeName) {
      this.storeName = storeName;
    }

    @Override
    public void init(FixedKeyProcessorContext<String, V> context) {
      this.context = context;
      this.seen = context.getStateStore(storeName);
    }

    @Override
    public void process(FixedKeyRecord<String, V> record) {
      String key = record.key();
      if (!key.startsWith(CONTROL)) {
        context.forward(record);
        return;
      }
      seen.put(key, "");
      if (key.startsWith(END) && everyTaskEnded()) {
        context.forward(record);
      }
    }

    private boolean everyTaskEnded() {
      try (KeyValueIterator<String, String> tasks = seen.prefixScan(TASK, new StringSerializer())) {
        while (tasks.hasNext()) {
          if (seen.get(END + tasks.next().key.substring(TASK.length())) == null) {
            return false;
          }
        }
      }
      return true;
    }
  }

  /** A serde of values as ASCII text. */
  static <T> Serde<T> text(Function<T, String> encode, Function<String, T> decode) {
    return Serdes.serdeFrom(
        (topic, value) ->
            value == null ? null : encode.apply(value).getBytes(StandardCharsets.US_ASCII),
        (topic, bytes) ->
            bytes == null ? null : decode.apply(new String(bytes, StandardCharsets.US_ASCII)));
  }
}
