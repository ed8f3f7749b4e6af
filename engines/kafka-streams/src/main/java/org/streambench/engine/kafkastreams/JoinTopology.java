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
import org.streambench.api.workload.JoinParts;

/**
 * join: one source over the {@code streams} topics ({@code <input>-impression}, {@code -click},
 * {@code -feature}), re-keyed by sample and repartitioned; a processor merges each sample's parts
 * (payloads included: the state size is what this workload compares across state stores) in a store
 * as {@code firstT,lastT,lastIn,payload0,payload1,payload2}. Kafka Streams has no per-key timers: a
 * second store indexes open samples by deadline ({@code timer.ms} of wall-clock time after the
 * first part; keys sort by deadline in RocksDB and in memory alike), and a wall-clock punctuator
 * emits {@code sample,mask,bytes,firstT,lastT,lastIn} for every sample due and deletes it, scanning
 * only the due prefix of that index.
 */
final class JoinTopology {
  static final String SAMPLES = "samples";
  static final String DEADLINES = "deadlines";

  private JoinTopology() {}

  static void build(StreamsBuilder builder, JobSpec spec) {
    WorkloadParams params = new WorkloadParams(spec);
    List<String> topics = new ArrayList<>();
    for (int p = 0; p < params.integer("streams"); p++) {
      topics.add(JoinParts.topic(spec.inputTopic(), p));
    }
    builder.addStateStore(StreamsSettings.keyValueStore(spec, SAMPLES));
    builder.addStateStore(StreamsSettings.keyValueStore(spec, DEADLINES));
    long timerMs = params.longValue("timer.ms");
    KafkaIo.write(
        KafkaIo.readStamped(builder, topics)
            .selectKey((k, v) -> v.substring(KafkaIo.comma(v, 1) + 1, KafkaIo.comma(v, 2)))
            .repartition(Repartitioned.with(Serdes.String(), Serdes.String()).withName("by-sample"))
            .process(() -> new MergeParts(timerMs), SAMPLES, DEADLINES),
        spec);
  }

  /** How often the punctuator looks for due samples: a tenth of the timer, 10 to 100 ms. */
  static Duration punctuation(long timerMs) {
    return Duration.ofMillis(Math.max(10, Math.min(100, timerMs / 10)));
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
      String[] part = record.value().split(",", -1);
      long t = Long.parseLong(part[1]);
      int p = Integer.parseInt(part[3]);
      String sample = record.key();
      String before = samples.get(sample);
      String[] s;
      if (before == null) {
        s =
            new String[] {
              Long.toString(Long.MAX_VALUE), Long.toString(Long.MIN_VALUE), "0", "", "", ""
            };
        deadlines.put(deadlineKey(context.currentSystemTimeMs() + timerMs, sample), sample);
      } else {
        s = before.split(",", -1);
      }
      s[0] = Long.toString(Math.min(Long.parseLong(s[0]), t));
      s[1] = Long.toString(Math.max(Long.parseLong(s[1]), t));
      s[2] = part[5];
      s[3 + p] = part[4];
      samples.put(sample, String.join(",", s));
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
        String[] s = samples.get(sample).split(",", -1);
        samples.delete(sample);
        int mask = 0;
        int bytes = 0;
        for (int p = 0; p < 3; p++) {
          if (!s[3 + p].isEmpty()) {
            mask |= 1 << p;
            bytes += s[3 + p].length();
          }
        }
        context.forward(
            new Record<>(
                sample,
                sample + "," + mask + "," + bytes + "," + s[0] + "," + s[1] + "," + s[2],
                now));
      }
    }
  }
}
