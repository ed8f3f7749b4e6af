package org.streambench.engine.flink;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.streambench.api.IdentityRecords;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.JoinPart;
import org.streambench.api.workload.NexmarkQuery;
import org.streambench.api.workload.YsbRedisForClass;
import org.streambench.api.workload.YsbTestRedis;
import org.streambench.verifier.workload.JobCases;
import org.streambench.verifier.workload.Replay;

/**
 * Every workload's job, run on input generated as the harness generates it, its output judged by
 * the harness's own check of that workload (the verifier module): valid as the job emits it,
 * invalid with one line lost or altered. The jobs run on a local MiniCluster with their Kafka ends
 * replaced: a bounded source of records decoded by the job's own parser with an entry stamp, and
 * the output stamped on exit by the Kafka sink's own serializer ({@link KafkaIo.StampOnExit}). The
 * bounded input ends with a final watermark, which closes every event-time window. ysb's job talks
 * to a real Redis ({@link YsbTestRedis}), one redis-server for the class.
 */
class JobsVerifiedTest {
  private static final KafkaIo.StampOnExit SINK = new KafkaIo.StampOnExit("out");

  @TempDir static Path dir;

  /** ysb's Redis: a real redis-server holding the ad → campaign map. */
  @RegisterExtension
  static final YsbRedisForClass redis = YsbRedisForClass.loading(JobCases::ysbEvents);

  /** identity has no operator between its Kafka ends: records pass with both stamps. */
  @Test
  void identity() throws Exception {
    Replay replay = JobCases.identity(1000);
    List<String> out = run(LocalFlink.env().fromData(entryStamped(replay)));
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  @Test
  void sleep() throws Exception {
    Replay replay = JobCases.identity(200);
    List<String> out = run(SleepJob.hold(LocalFlink.env().fromData(entryStamped(replay)), 1));
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  @Test
  void grep() throws Exception {
    Replay replay = JobCases.grep("ERROR");
    List<Line> lines = parsed(replay, Line::parse);
    List<String> out = run(GrepJob.matching(LocalFlink.env().fromData(lines), "ERROR"));
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  /**
   * Every Nexmark query on its events timestamped as the job's Kafka source does, the end marker
   * after them for a windowed query: it closes the last windows as it does on Kafka (before the
   * bounded input's final watermark would) and must add no row.
   */
  @ParameterizedTest
  @EnumSource(NexmarkQuery.class)
  void nexmark(NexmarkQuery q) throws Exception {
    assertNexmarkVerified(JobCases.nexmark(q), q);
  }

  /**
   * Out of order as Beam's generator sends them: each row must be the one of events in order. q11's
   * session windows on every version (how late events join and merge sessions is the engine's own
   * code, which each version runs here); the other windowed queries on the default version only (CI
   * time).
   */
  @Test
  void nexmarkSessionsOutOfOrder() throws Exception {
    assertNexmarkVerified(JobCases.nexmarkOutOfOrder(NexmarkQuery.Q11), NexmarkQuery.Q11);
  }

  /** The other windowed queries out of order, on the default version only. */
  @Tag("default-version-only")
  @ParameterizedTest
  @EnumSource(
      value = NexmarkQuery.class,
      names = {"Q4", "Q5", "Q7", "Q8"})
  void nexmarkOutOfOrder(NexmarkQuery q) throws Exception {
    assertNexmarkVerified(JobCases.nexmarkOutOfOrder(q), q);
  }

  private static void assertNexmarkVerified(Replay replay, NexmarkQuery q) throws Exception {
    List<Line> events = parsed(replay, Line::parse);
    if (replay.endMarker() != null) {
      events.add(
          Line.parse(replay.endMarker().getBytes(StandardCharsets.US_ASCII), replay.lastT() + 1));
    }
    WorkloadParams params = new WorkloadParams(spec(q.workload(), JobCases.nexmarkParams()));
    DataStream<Line> stream =
        LocalFlink.env()
            .fromData(events)
            .assignTimestampsAndWatermarks(NexmarkJob.eventTime(q, params));
    List<String> out = run(NexmarkJob.query(stream, q, params));
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  @Test
  void grouping() throws Exception {
    Replay replay = JobCases.grouping(3000);
    List<GroupingJob.Event> events = parsed(replay, GroupingJob.Event::parse);
    List<String> out = run(GroupingJob.aggregate(LocalFlink.env().fromData(events)));
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  @Test
  void stateMachine() throws Exception {
    Replay replay = JobCases.stateMachine(3000);
    List<StateMachineJob.Event> events = parsed(replay, StateMachineJob.Event::parse);
    List<String> out = run(StateMachineJob.run(LocalFlink.env().fromData(events)));
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  @Test
  void wordCount() throws Exception {
    Replay replay = JobCases.wordCount();
    List<Line> sentences = parsed(replay, Line::parse);
    List<String> out = run(WordCountJob.count(LocalFlink.env().fromData(sentences), 10));
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  /**
   * ysb as the engine builds it between its Kafka ends ({@link YsbJob#campaignWindows}): its
   * campaign lookup and its window writes go to a real Redis, loaded with the ad → campaign map as
   * the harness loads it. The Kafka output is judged, and the window hashes the job left in Redis
   * are checked as the harness checks them after a run.
   */
  @Test
  void ysb() throws Exception {
    Replay replay = JobCases.ysb();
    String prefix = "sb:ysb-flink:";
    Map<String, String> params = new HashMap<>(redis.get().params(prefix));
    params.putAll(
        Map.of(
            "window.ms", "1000",
            "out.of.orderness.ms", "1000",
            "lateness.ms", "60000",
            "sla.ms", "1000"));
    WorkloadParams ysb = new WorkloadParams(spec("ysb", params));
    long started = System.currentTimeMillis();
    DataStream<YsbJob.AdEvent> events =
        LocalFlink.env()
            .fromData(parsed(replay, YsbJob.AdEvent::parse))
            .assignTimestampsAndWatermarks(YsbJob.eventTime(ysb));
    List<String> out =
        run(YsbJob.campaignWindows(events, ysb).map(YsbJob.CampaignWindow::toString));
    replay.assertValidAndDamageCaught(out, Replay::overcountFirst);
    redis.get().assertWindows(prefix, JobCases.ysbWindowCounts(), started);
  }

  /**
   * join's timers are processing-time: the parts come from a paced source that then ticks on
   * without end (the ticks are filtered out), and the job is cancelled once every sample is out, as
   * in {@link JoinJobTest}.
   */
  @Test
  @Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void join() throws Exception {
    Replay replay = JobCases.join(300);
    List<String> values = new ArrayList<>();
    replay.input().forEach(r -> values.add(r.value()));
    int parts = values.size();
    DataGeneratorSource<JoinPart> source =
        new DataGeneratorSource<>(
            i ->
                i < parts
                    ? JoinJob.decode(
                        values.get((int) (long) i).getBytes(StandardCharsets.US_ASCII),
                        JobCases.START + i * 1000 + 1)
                    : new JoinPart(i, 0, -1, 0, "", 0),
            Long.MAX_VALUE,
            RateLimiterStrategy.perSecond(400),
            TypeInformation.of(JoinPart.class));
    DataStream<JoinPart> input =
        LocalFlink.env()
            .fromSource(source, WatermarkStrategy.noWatermarks(), "parts")
            .setParallelism(1)
            .filter(part -> part.sample() >= 0);
    List<String> out = serialized(LocalFlink.collectFirst(JoinJob.join(input, 1000), 100));
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  @Test
  void uriCount() throws Exception {
    Replay replay = JobCases.uriCount(1_000_000);
    KafkaIo.Parser<UriCountJob.AccessLog> parse = UriCountJob.parser("jackson");
    List<UriCountJob.AccessLog> logs = parsed(replay, parse);
    logs.add(parse.parse(replay.endMarker().getBytes(StandardCharsets.US_ASCII), JobCases.START));
    DataStream<UriCountJob.AccessLog> stream =
        LocalFlink.env()
            .fromData(logs)
            .assignTimestampsAndWatermarks(UriCountJob.watermarks(Duration.ofSeconds(1)));
    List<String> out = run(UriCountJob.count(stream, Duration.ofSeconds(1), Duration.ZERO));
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  // --- the job's ends and the judgement

  /** Every input record decoded by the job's parser, entering the job 1 µs after its time. */
  private static <T> List<T> parsed(Replay replay, KafkaIo.Parser<T> parser) throws Exception {
    List<T> out = new ArrayList<>();
    for (Replay.Input r : replay.input()) {
      out.add(parser.parse(r.bytes(), r.t() + 1));
    }
    return out;
  }

  /** Identity's records as its Kafka source hands them on: with the entry stamp appended. */
  private static List<String> entryStamped(Replay replay) {
    return replay.input().stream()
        .map(r -> IdentityRecords.appendStamp(r.value(), r.t() + 1))
        .toList();
  }

  /** Runs the job to its end; its results as the Kafka sink writes them. */
  private static List<String> run(DataStream<String> results) throws Exception {
    return serialized(LocalFlink.collect(results));
  }

  private static JobSpec spec(String workload, Map<String, String> params) {
    return new JobSpec(
        "run-1",
        workload,
        "127.0.0.1:1",
        "in",
        "out",
        JobCases.GUARANTEE,
        2,
        dir,
        Map.of(),
        params);
  }

  /** Results as the job's Kafka sink writes them. */
  private static List<String> serialized(List<String> results) {
    List<String> out = new ArrayList<>();
    for (String result : results) {
      byte[] value = SINK.serialize(result, null, null).value();
      out.add(new String(value, StandardCharsets.US_ASCII));
    }
    return out;
  }
}
