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
import org.streambench.api.workload.JoinPart;
import org.streambench.api.workload.JoinParts;
import org.streambench.api.workload.JoinSample;

/**
 * join: one Kafka source per stream ({@code <input>-impression}, {@code -click}, {@code -feature}),
 * unioned and keyed by sample. A value state merges a sample's parts into a {@link JoinSample},
 * payloads included (the state size is what this workload measures across state backends); a
 * processing-time timer {@code timer.ms} after the first part emits {@code
 * sample,mask,bytes,firstT,lastT,lastIn} and clears the state.
 */
final class JoinJob {
  private JoinJob() {}

  static void build(StreamExecutionEnvironment env, JobSpec spec) {
    WorkloadParams params = new WorkloadParams(spec);
    DataStream<JoinPart> parts = null;
    for (int p = 0; p < params.integer("streams"); p++) {
      DataStream<JoinPart> stream =
          KafkaIo.read(
              env,
              spec,
              JoinParts.topic(spec.inputTopic(), p),
              TypeInformation.of(JoinPart.class),
              JoinJob::decode,
              WatermarkStrategy.noWatermarks(),
              0,
              "kafka-" + JoinParts.STREAMS[p]);
      parts = parts == null ? stream : parts.union(stream);
    }
    KafkaIo.write(join(parts, params.longValue("timer.ms")), spec);
  }

  static JoinPart decode(byte[] record, long in) {
    return JoinPart.parse(new String(record, StandardCharsets.US_ASCII), in);
  }

  static DataStream<String> join(DataStream<JoinPart> parts, long timerMs) {
    return parts.keyBy(JoinPart::sample).process(new MergeParts(timerMs)).name("merge-parts");
  }

  static final class MergeParts extends KeyedProcessFunction<Long, JoinPart, String> {
    private final long timerMs;
    private transient ValueState<JoinSample> sample;

    MergeParts(long timerMs) {
      this.timerMs = timerMs;
    }

    @Override
    public void open(OpenContext context) {
      sample =
          getRuntimeContext()
              .getState(new ValueStateDescriptor<>("sample", TypeInformation.of(JoinSample.class)));
    }

    @Override
    public void processElement(JoinPart part, Context ctx, Collector<String> out) throws Exception {
      JoinSample s = sample.value();
      if (s == null) {
        s = new JoinSample();
        ctx.timerService()
            .registerProcessingTimeTimer(ctx.timerService().currentProcessingTime() + timerMs);
      }
      s.add(part);
      sample.update(s);
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out)
        throws Exception {
      out.collect(sample.value().result(ctx.getCurrentKey()));
      sample.clear();
    }
  }
}
