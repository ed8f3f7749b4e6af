package org.streambench.engine.spark;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.api.Guarantee;
import org.streambench.api.IdentityRecords;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.NexmarkQuery;
import org.streambench.api.workload.YsbRedisForClass;
import org.streambench.api.workload.YsbTestRedis;
import org.streambench.verifier.workload.JobCases;
import org.streambench.verifier.workload.Replay;

/**
 * Every workload's query (its {@code results}, what runs between the Kafka source and sink), as a
 * streaming query on one local SparkSession shared by the class, fed input generated as the harness
 * generates it through a memory stream ({@link SparkLine#memoryInput}, one partition: a Kafka key's
 * records stay in order, as in its partition) with the entry stamp the Kafka source appends, and
 * written through the Kafka sink's own stamp ({@link KafkaIo#stampOut}) by {@code foreachBatch}.
 * The output is judged by the harness's own check of the workload (the verifier module): valid as
 * the query emits it, invalid with one line lost or altered.
 *
 * <p>identity is the Kafka source and sink alone (no operator between them), so its test runs just
 * the two stamps. ysb's query is its own sink ({@link YsbQuery.RedisAndKafka}, Redis and Kafka), so
 * its test runs the whole query from the memory stream on, against a real Redis ({@link
 * YsbTestRedis}, one redis-server for the class), with a {@link MockProducer} in place of the
 * broker.
 */
class QueriesVerifiedTest {
  private static final long TIMEOUT_MS = 60_000;
  private static final Queue<String> OUTPUT = new ConcurrentLinkedQueue<>();

  @TempDir static Path dir;
  private static SparkSession spark;
  private static int queries;

  @BeforeAll
  static void start() {
    spark =
        SparkSession.builder()
            .master("local[2]")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "2")
            .getOrCreate();
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  /** ysb's Redis: a real redis-server holding the ad → campaign map. */
  @RegisterExtension
  static final YsbRedisForClass redis = YsbRedisForClass.loading(JobCases::ysbEvents);

  @Test
  void identity() throws Exception {
    Replay replay = JobCases.identity(1000);
    replay.assertValidAndDamageCaught(run(replay, "append", in -> in), Replay::dropOne);
  }

  @Test
  void sleep() throws Exception {
    Replay replay = JobCases.identity(200);
    WorkloadParams params = params("sleep", Map.of("sleep.ms", "1"));
    List<String> out = run(replay, "append", in -> SleepQuery.results(in, params));
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  @Test
  void grep() throws Exception {
    Replay replay = JobCases.grep("ERROR");
    WorkloadParams params = params("grep", Map.of("pattern", "ERROR"));
    List<String> out = run(replay, "append", in -> GrepQuery.results(in, params));
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  /**
   * Append mode: q3's matches as they are found; q5's, q7's and q8's windows once the end marker,
   * fed after the input, has moved the watermark past them, which the batch without data after it
   * emits.
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.EnumSource(NexmarkQuery.class)
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
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.EnumSource(
      value = NexmarkQuery.class,
      names = {"Q4", "Q5", "Q7", "Q8"})
  void nexmarkOutOfOrder(NexmarkQuery q) throws Exception {
    assertNexmarkVerified(JobCases.nexmarkOutOfOrder(q), q);
  }

  private void assertNexmarkVerified(Replay replay, NexmarkQuery q) throws Exception {
    WorkloadParams params = params(q.workload(), JobCases.nexmarkParams());
    List<String> out = run(replay, "append", in -> NexmarkSql.results(in, q, params));
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  @Test
  void grouping() throws Exception {
    Replay replay = JobCases.grouping(2000);
    List<String> out = run(replay, "append", GroupingQuery::results);
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  @Test
  void stateMachine() throws Exception {
    Replay replay = JobCases.stateMachine(2000);
    List<String> out = run(replay, "append", StateMachineQuery::results);
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  @Test
  void wordCount() throws Exception {
    Replay replay = JobCases.wordCount();
    WorkloadParams params = params("wordcount", Map.of("window.size", "10"));
    List<String> out = run(replay, "append", in -> WordCountQuery.results(in, params));
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  /** join's timers are processing-time timeouts: batches without data fire them. */
  @Test
  void join() throws Exception {
    Replay replay = JobCases.join(600);
    WorkloadParams params = params("join", Map.of("streams", "3", "timer.ms", "1000"));
    List<String> out = run(replay, "append", in -> JoinQuery.results(in, params));
    replay.assertValidAndDamageCaught(out, Replay::dropOne);
  }

  /** Update mode: every window's count as of the batch; the end marker ends the input. */
  @Test
  void uriCount() throws Exception {
    Replay replay = JobCases.uriCount(100_000);
    WorkloadParams params =
        params(
            "uricount",
            Map.of(
                "parser", "jackson",
                "window.ms", "1000",
                "out.of.orderness.ms", "100",
                "lateness.ms", "0"));
    List<String> out = run(replay, "update", in -> UriCountQuery.results(in, params));
    replay.assertValidAndDamageCaught(out, Replay::overcountFirst);
  }

  /**
   * ysb's query as the engine starts it ({@link YsbQuery#start(Dataset, JobSpec)}: the view filter
   * and campaign lookup in {@link YsbQuery.ViewsToCampaigns}, the windowed count, the foreach sink
   * writing every update to Redis and to Kafka), on the memory stream, its Redis the real one
   * loaded with the ad → campaign map as the harness loads it, its producer a {@link MockProducer}.
   * The records sent to Kafka are judged, and the window hashes the query left in Redis are checked
   * as the harness checks them after a run.
   */
  @Test
  void ysb() throws Exception {
    Replay replay = JobCases.ysb();
    String prefix = "sb:ysb-spark:";
    Map<String, String> params = new HashMap<>(redis.get().params(prefix));
    params.putAll(
        Map.of(
            "window.ms", "1000",
            "out.of.orderness.ms", "100",
            "lateness.ms", "60000",
            "sla.ms", "1000"));
    JobSpec spec = spec("ysb", params, dir.resolve("ysb"));
    MockProducer<byte[], byte[]> kafka =
        new MockProducer<>(true, new ByteArraySerializer(), new ByteArraySerializer());
    YsbQuery.RedisAndKafka.useProducer(kafka);
    try {
      long started = System.currentTimeMillis();
      List<String> out =
          awaitOutput(
              replay,
              YsbQuery.start(input(replay), spec),
              () ->
                  kafka.history().stream()
                      .map(r -> new String(r.value(), StandardCharsets.US_ASCII))
                      .toList());
      replay.assertValidAndDamageCaught(out, Replay::overcountFirst);
      redis.get().assertWindows(prefix, JobCases.ysbWindowCounts(), started);
    } finally {
      YsbQuery.RedisAndKafka.useProducer(null);
    }
  }

  // --- the query between a memory source and a collecting sink, and the judgement

  /**
   * Runs {@code query} on the input (and end marker), stamped as the Kafka source stamps it, until
   * the check finds every expected output (then one more second, for what should not be there) or a
   * minute passed; returns the output as the Kafka sink writes it.
   */
  private static List<String> run(
      Replay replay, String outputMode, UnaryOperator<Dataset<String>> query) throws Exception {
    OUTPUT.clear();
    StreamingQuery running =
        query
            .apply(input(replay))
            .map((MapFunction<String, String>) KafkaIo::stampOut, Encoders.STRING())
            .writeStream()
            .outputMode(outputMode)
            .option("checkpointLocation", dir.resolve("checkpoint-" + queries).toString())
            .foreachBatch(
                (VoidFunction2<Dataset<String>, Long>)
                    (batch, id) -> OUTPUT.addAll(batch.collectAsList()))
            .start();
    return awaitOutput(replay, running, () -> List.copyOf(OUTPUT));
  }

  /** A new memory stream holding the input (and end marker), stamped as the Kafka source does. */
  private static Dataset<String> input(Replay replay) {
    List<String> stamped = new ArrayList<>();
    for (Replay.Input r : replay.input()) {
      stamped.add(IdentityRecords.appendStamp(r.value(), r.t() + 1));
    }
    if (replay.endMarker() != null) {
      stamped.add(IdentityRecords.appendStamp(replay.endMarker(), replay.lastT() + 1));
    }
    return SparkLine.memoryInput(++queries, spark, stamped);
  }

  /**
   * Lets {@code running} run until the check finds every expected output in {@code output} (then
   * one more second, for what should not be there) or a minute passed; stops it and returns the
   * output. A query that failed fails the test with its error.
   */
  private static List<String> awaitOutput(
      Replay replay, StreamingQuery running, Supplier<List<String>> output) throws Exception {
    try {
      // (not processAllAvailable: it does not return while join's timeouts keep batches without
      // data running)
      long deadline = System.currentTimeMillis() + TIMEOUT_MS;
      while (running.isActive()
          && !replay.complete(output.get())
          && System.currentTimeMillis() < deadline) {
        Thread.sleep(200);
      }
      if (!running.isActive()) {
        running.awaitTermination(); // throws the query's failure
      }
      Thread.sleep(1000); // one more second of batches, for what should not be there
      return output.get();
    } finally {
      running.stop();
    }
  }

  private static WorkloadParams params(String workload, Map<String, String> params) {
    return new WorkloadParams(spec(workload, params, dir));
  }

  private static JobSpec spec(String workload, Map<String, String> params, Path runDir) {
    return new JobSpec(
        "run-1",
        workload,
        "127.0.0.1:1",
        "in",
        "out",
        Guarantee.AT_LEAST_ONCE,
        2,
        runDir,
        new HashMap<>(),
        params);
  }
}
