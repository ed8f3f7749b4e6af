package org.streambench.engine.spark;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.UnaryOperator;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.streaming.MemoryStream;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.api.Guarantee;
import org.streambench.api.IdentityRecords;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.verifier.workload.JobCases;
import org.streambench.verifier.workload.Replay;

/**
 * Every workload's query (its {@code results}, what runs between the Kafka source and sink), as a
 * streaming query on one local SparkSession shared by the class, fed input generated as the harness
 * generates it through a {@link MemoryStream} (one partition: a Kafka key's records stay in order,
 * as in its partition) with the entry stamp the Kafka source appends, and written through the Kafka
 * sink's own stamp ({@link KafkaIo#stampOut}) by {@code foreachBatch}. The output is judged by the
 * harness's own check of the workload (the verifier module): valid as the query emits it, invalid
 * with one line lost or altered.
 *
 * <p>identity is the Kafka source and sink alone (no operator between them), so its test runs just
 * the two stamps. ysb is not covered: its campaign lookup ({@link YsbQuery.ViewsToCampaigns}) and
 * its sink ({@link YsbQuery.RedisAndKafka}) both call Redis; the harness's integration matrix runs
 * it against a real Redis.
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

  // --- the query between a memory source and a collecting sink, and the judgement

  /**
   * Runs {@code query} on the input (and end marker), stamped as the Kafka source stamps it, until
   * the check finds every expected output (then one more second, for what should not be there) or a
   * minute passed; returns the output as the Kafka sink writes it.
   */
  @SuppressWarnings("deprecation") // MemoryStream still wants the SQLContext
  private static List<String> run(
      Replay replay, String outputMode, UnaryOperator<Dataset<String>> query) throws Exception {
    OUTPUT.clear();
    MemoryStream<String> input =
        MemoryStream.apply(++queries, spark.sqlContext(), scala.Option.apply(1), Encoders.STRING());
    List<String> stamped = new ArrayList<>();
    for (Replay.Input r : replay.input()) {
      stamped.add(IdentityRecords.appendStamp(r.value(), r.t() + 1));
    }
    if (replay.endMarker() != null) {
      stamped.add(IdentityRecords.appendStamp(replay.endMarker(), replay.lastT() + 1));
    }
    input.addData(scala.jdk.javaapi.CollectionConverters.asScala(stamped).toSeq());
    StreamingQuery running =
        query
            .apply(input.toDS())
            .map((MapFunction<String, String>) KafkaIo::stampOut, Encoders.STRING())
            .writeStream()
            .outputMode(outputMode)
            .option("checkpointLocation", dir.resolve("checkpoint-" + queries).toString())
            .foreachBatch(
                (VoidFunction2<Dataset<String>, Long>)
                    (batch, id) -> OUTPUT.addAll(batch.collectAsList()))
            .start();
    try {
      // (not processAllAvailable: it does not return while join's timeouts keep batches without
      // data running)
      long deadline = System.currentTimeMillis() + TIMEOUT_MS;
      while (!replay.complete(List.copyOf(OUTPUT)) && System.currentTimeMillis() < deadline) {
        Thread.sleep(200);
      }
      Thread.sleep(1000); // one more second of batches, for what should not be there
      return List.copyOf(OUTPUT);
    } finally {
      running.stop();
    }
  }

  private static WorkloadParams params(String workload, Map<String, String> params) {
    return new WorkloadParams(
        new JobSpec(
            "run-1",
            workload,
            "127.0.0.1:1",
            "in",
            "out",
            Guarantee.AT_LEAST_ONCE,
            2,
            dir,
            new HashMap<>(),
            params));
  }
}
