package org.streambench.engine.flink;

import java.nio.charset.StandardCharsets;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.JoinParts;

/**
 * join: one Kafka source per stream ({@code <input>-impression}, {@code -click}, {@code -feature}),
 * unioned and keyed by sample. A value state merges a sample's parts, payloads included (the state
 * size is what this workload measures across state backends); a processing-time timer {@code
 * timer.ms} after the first part emits {@code sample,mask,bytes,firstT,lastT,lastIn} and clears the
 * state.
 */
final class JoinJob {
  private JoinJob() {}

  /** An input record {@code seq,t,sample,part,payload} and its entry stamp. */
  public record Part(long seq, long t, long sample, int part, String payload, long in) {
    static Part parse(byte[] record, long in) {
      String[] f = new String(record, StandardCharsets.US_ASCII).split(",", 5);
      return new Part(
          Long.parseLong(f[0]),
          Long.parseLong(f[1]),
          Long.parseLong(f[2]),
          Integer.parseInt(f[3]),
          f[4],
          in);
    }
  }

  /** The parts of one sample so far; {@code payloads[p]} is null while part p is missing. */
  public static final class Sample {
    public String[] payloads = new String[JoinParts.STREAMS.length];
    public long firstT = Long.MAX_VALUE;
    public long lastT = Long.MIN_VALUE;
    public long lastIn;
  }

  static void build(StreamExecutionEnvironment env, JobSpec spec) {
    WorkloadParams params = new WorkloadParams(spec);
    DataStream<Part> parts = null;
    for (int p = 0; p < params.integer("streams"); p++) {
      DataStream<Part> stream =
          KafkaIo.read(
              env,
              spec,
              JoinParts.topic(spec.inputTopic(), p),
              TypeInformation.of(Part.class),
              Part::parse,
              WatermarkStrategy.noWatermarks(),
              0,
              "kafka-" + JoinParts.STREAMS[p]);
      parts = parts == null ? stream : parts.union(stream);
    }
    KafkaIo.write(join(parts, params.longValue("timer.ms")), spec);
  }

  static DataStream<String> join(DataStream<Part> parts, long timerMs) {
    return parts.keyBy(Part::sample).process(new MergeParts(timerMs)).name("merge-parts");
  }

  static final class MergeParts extends KeyedProcessFunction<Long, Part, String> {
    private final long timerMs;
    private transient ValueState<Sample> sample;

    MergeParts(long timerMs) {
      this.timerMs = timerMs;
    }

    @Override
    public void open(OpenContext context) {
      sample =
          getRuntimeContext()
              .getState(new ValueStateDescriptor<>("sample", TypeInformation.of(Sample.class)));
    }

    @Override
    public void processElement(Part part, Context ctx, Collector<String> out) throws Exception {
      Sample s = sample.value();
      if (s == null) {
        s = new Sample();
        ctx.timerService()
            .registerProcessingTimeTimer(ctx.timerService().currentProcessingTime() + timerMs);
      }
      s.payloads[part.part()] = part.payload();
      s.firstT = Math.min(s.firstT, part.t());
      s.lastT = Math.max(s.lastT, part.t());
      s.lastIn = part.in();
      sample.update(s);
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out)
        throws Exception {
      Sample s = sample.value();
      int mask = 0;
      int bytes = 0;
      for (int p = 0; p < s.payloads.length; p++) {
        if (s.payloads[p] != null) {
          mask |= 1 << p;
          bytes += s.payloads[p].length();
        }
      }
      out.collect(
          ctx.getCurrentKey()
              + ","
              + mask
              + ","
              + bytes
              + ","
              + s.firstT
              + ","
              + s.lastT
              + ","
              + s.lastIn);
      sample.clear();
    }
  }
}
