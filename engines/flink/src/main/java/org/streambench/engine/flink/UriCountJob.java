package org.streambench.engine.flink;

import java.time.Duration;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.AccessLogs;
import org.streambench.api.workload.EventTimeWindowing;
import org.streambench.api.workload.WindowStats;
import org.streambench.uricount.AccessLogParsers;

/**
 * uricount: access-log JSON parsed in the Kafka deserializer by the library {@code parser} names
 * ({@link AccessLogParsers}), so each partition's watermark (bounded out-of-orderness {@code
 * out.of.orderness.ms}) follows the parsed time. End markers advance event time and are dropped
 * right after the source. Counts per uri in event-time tumbling windows of {@code window.ms} with
 * allowed lateness {@code lateness.ms}; each firing emits {@code
 * uri,windowStartUs,count,maxEventUs,maxInUs}.
 */
final class UriCountJob {
  private UriCountJob() {}

  /** The fields of an access log the job uses; {@code eventMicros} is its {@code time}. */
  public record AccessLog(String uri, long eventMicros, long inMicros)
      implements WindowAggregate.Timed {}

  static void build(StreamExecutionEnvironment env, JobSpec spec) {
    WorkloadParams params = new WorkloadParams(spec);
    EventTimeWindowing windowing = EventTimeWindowing.of(params);
    DataStream<AccessLog> logs =
        KafkaIo.read(
            env,
            spec,
            TypeInformation.of(AccessLog.class),
            parser(params.string("parser")),
            watermarks(Duration.ofMillis(windowing.outOfOrdernessMs())));
    KafkaIo.write(
        count(
            logs,
            Duration.ofMillis(windowing.windowMs()),
            Duration.ofMillis(windowing.latenessMs())),
        spec);
  }

  /** The named uricount parser as the Kafka deserializer, stamping the entry time. */
  static KafkaIo.Parser<AccessLog> parser(String name) {
    AccessLogParsers.Parser parser = AccessLogParsers.named(name);
    return (json, in) -> {
      AccessLogParsers.AccessLog log = parser.parse(json);
      return new AccessLog(log.uri(), log.timeMicros(), in);
    };
  }

  /** Event time in milliseconds, Flink's unit; windows start on whole milliseconds. */
  static WatermarkStrategy<AccessLog> watermarks(Duration outOfOrderness) {
    return KafkaIo.eventTime(outOfOrderness, (log, kafkaTime) -> log.eventMicros() / 1000);
  }

  /** Counts timestamped logs (end markers included, which it drops). */
  static DataStream<String> count(DataStream<AccessLog> logs, Duration window, Duration lateness) {
    return logs.filter(log -> !log.uri().equals(AccessLogs.END_MARKER_URI))
        .name("drop-end-markers")
        .keyBy(AccessLog::uri)
        .window(TumblingEventTimeWindows.of(window))
        .allowedLateness(lateness)
        .aggregate(new WindowAggregate<>(), new Format())
        .name("uri-windows");
  }

  static final class Format extends ProcessWindowFunction<WindowStats, String, String, TimeWindow> {
    @Override
    public void process(
        String uri, Context ctx, Iterable<WindowStats> stats, Collector<String> out) {
      out.collect(stats.iterator().next().line(uri, ctx.window().getStart() * 1000));
    }
  }
}
