package org.streambench.engine.storm;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.kafka.spout.KafkaTuple;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.TupleUtils;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.AccessLogs;
import org.streambench.api.workload.EventTimeWindowing;
import org.streambench.uricount.AccessLogParsers;

/**
 * uricount: the spout's translator parses the access-log JSON with the library {@code parser} names
 * ({@link AccessLogParsers}) and emits {@code (uri, eventUs, in)}; an end marker goes to a separate
 * {@value #MARKERS} stream instead. {@code fieldsGrouping("uri")} sends a uri's logs to one task of
 * the window bolt, and {@code allGrouping} sends every end marker to every task, so all of them see
 * event time pass the last window. The bolt keeps hand-kept event-time tumbling windows of {@code
 * window.ms} per uri ({@link EventTimeWindows}, watermark per spout task from {@link EventClock},
 * out-of-orderness {@code out.of.orderness.ms}, allowed lateness {@code lateness.ms}) and emits
 * {@code uri,windowStartUs,count,maxEventUs,maxInUs} when a window closes (and again for each late
 * log within the lateness). Tick tuples every second re-evaluate the watermark when a spout goes
 * idle. Logs are acked once counted (state is hand-kept).
 */
final class UriCountTopology {
  static final String MARKERS = "end-markers";

  private UriCountTopology() {}

  static StormTopology build(JobSpec spec) {
    WorkloadParams params = new WorkloadParams(spec);
    AccessLogParsers.Parser parser = AccessLogParsers.named(params.string("parser"));
    TopologyBuilder builder = new TopologyBuilder();
    KafkaIo.addSpout(
        builder,
        spec,
        List.of(spec.inputTopic()),
        new Fields("uri", "eventUs", "in"),
        Map.of(MARKERS, new Fields("eventUs")),
        (value, in) -> {
          AccessLogParsers.AccessLog log = parser.parse(value.getBytes(StandardCharsets.UTF_8));
          if (log.uri().equals(AccessLogs.END_MARKER_URI)) {
            return new KafkaTuple(log.timeMicros()).routedTo(MARKERS);
          }
          return List.of(log.uri(), log.timeMicros(), in);
        });
    builder
        .setBolt(
            "uri-windows",
            new UriWindows(EventTimeWindowing.of(params)),
            StormSettings.executors(spec, "bolt"))
        .fieldsGrouping(KafkaIo.SPOUT, new Fields("uri"))
        .allGrouping(KafkaIo.SPOUT, MARKERS)
        .addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
    KafkaIo.addSink(builder, spec).localOrShuffleGrouping("uri-windows");
    return builder.createTopology();
  }

  static final class UriWindows extends ResultBolt {
    private static final long serialVersionUID = 1L;
    private final EventTimeWindowing windowing;
    private transient EventTimeWindows windows;
    private transient EventClock clock;

    UriWindows(EventTimeWindowing windowing) {
      this.windowing = windowing;
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
      windows = new EventTimeWindows(windowing.windowMs(), windowing.latenessMs());
      clock = new EventClock(windowing.outOfOrdernessMs(), StormEngine.IDLE_SOURCE_MS);
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
      long now = System.currentTimeMillis();
      EventTimeWindows.Firing firing =
          (uri, start, w) -> collector.emit(new Values(w.line(uri, start * 1000)));
      if (!TupleUtils.isTick(input)) {
        boolean marker = input.getSourceStreamId().equals(MARKERS);
        long eventUs = marker ? input.getLong(0) : input.getLong(1);
        clock.observe(input.getSourceTask(), eventUs / 1000, now);
        if (!marker) {
          windows.add(
              input.getString(0),
              eventUs / 1000,
              eventUs,
              input.getLong(2),
              clock.watermark(now),
              firing);
        }
      }
      windows.advance(clock.watermark(now), firing);
    }
  }
}
