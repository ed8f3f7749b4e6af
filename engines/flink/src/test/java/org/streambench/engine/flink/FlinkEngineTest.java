package org.streambench.engine.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.api.Guarantee;
import org.streambench.api.JobSpec;
import org.streambench.api.workload.GrepLines;
import org.streambench.api.workload.GroupingRecords;
import org.streambench.api.workload.InJobResult;
import org.streambench.api.workload.KeyDistribution;

class FlinkEngineTest {
  @TempDir Path runDir;

  @Test
  void inJobGrepWritesTheMatchedSeqs() throws Exception {
    Map<String, String> params =
        Map.of(
            "source", "in-job",
            "in-job.records", "20000",
            "seed", "42",
            "pattern", "ERROR",
            "match.fraction", "0.1",
            "words", "8");
    new FlinkEngine().run(spec("grep", params, Map.of()), () -> {});

    Map<String, String> result = result();
    GrepLines lines = new GrepLines(42, 0.1, 8);
    long matched = 0;
    long seqSum = 0;
    for (long seq = 0; seq < 20000; seq++) {
      if (lines.isError(seq)) {
        matched++;
        seqSum += seq;
      }
    }
    assertEquals("20000", result.get("records"));
    assertEquals(Long.toString(matched), result.get("outputs"));
    assertEquals(Long.toString(matched), result.get("matched"));
    assertEquals(Long.toString(seqSum), result.get("matched.seq.sum"));
    assertTimes(result);
  }

  @Test
  void inJobGroupingWritesTheFinalAggregatePerKey() throws Exception {
    Map<String, String> params =
        Map.of(
            "source", "in-job",
            "in-job.records", "20000",
            "seed", "7",
            "keys", "100",
            "distribution", "zipf",
            "zipf.exponent", "1.0");
    new FlinkEngine().run(spec("grouping", params, Map.of()), () -> {});

    Map<String, String> result = result();
    GroupingRecords records = new GroupingRecords(7, KeyDistribution.of("zipf", 100, 1.0));
    Map<String, long[]> expected = new TreeMap<>();
    for (long seq = 0; seq < 20000; seq++) {
      long[] totals =
          expected.computeIfAbsent(GroupingRecords.key(records.keyIndex(seq)), k -> new long[2]);
      totals[0]++;
      totals[1] += records.value(seq);
    }
    assertEquals("20000", result.get("records"));
    assertEquals("20000", result.get("outputs"));
    assertEquals(Integer.toString(expected.size()), result.get("keys"));
    expected.forEach(
        (key, totals) -> assertEquals(totals[0] + "," + totals[1], result.get("key." + key), key));
    assertEquals(4 + 1 + expected.size(), result.size());
    assertTimes(result);
  }

  @Test
  void checkpointAndWorkingDirectoriesUnderTheRunDirectoryUnlessTold() {
    Configuration defaults = FlinkSettings.configuration(spec("identity", Map.of(), Map.of()));
    assertEquals(
        runDir.resolve("checkpoints").toUri().toString(),
        defaults.toMap().get("execution.checkpointing.dir"));
    assertEquals(
        runDir.resolve("rocksdb").toString(),
        defaults.toMap().get("state.backend.rocksdb.localdir"));
    assertEquals(
        runDir.resolve("flink-working-dir").toString(),
        defaults.toMap().get("process.working-dir"));
    Configuration told =
        FlinkSettings.configuration(
            spec("identity", Map.of(), Map.of("flink.execution.checkpointing.dir", "file:///x")));
    assertEquals("file:///x", told.toMap().get("execution.checkpointing.dir"));
  }

  /** What rocksdb-incremental.yaml asks for works with the engine's default directories. */
  @Test
  void incrementalRocksDbCheckpointsWork() throws Exception {
    Map<String, String> settings = new HashMap<>();
    settings.put("flink.state.backend.type", "rocksdb");
    settings.put("flink.execution.checkpointing.incremental", "true");
    settings.put("flink.execution.checkpointing.interval", "200ms");
    StreamExecutionEnvironment env =
        StreamExecutionEnvironment.createLocalEnvironment(
            2, FlinkSettings.configuration(spec("grouping", Map.of(), settings)));
    DataGeneratorSource<GroupingJob.Event> source =
        new DataGeneratorSource<>(
            seq -> new GroupingJob.Event(seq, 0, "k" + seq % 50, 1, 0),
            2000,
            RateLimiterStrategy.perSecond(1000),
            TypeInformation.of(GroupingJob.Event.class));
    GroupingJob.aggregate(env.fromSource(source, WatermarkStrategy.noWatermarks(), "events"))
        .map(new CountCheckpoints())
        .sinkTo(new DiscardingSink<>());
    CountCheckpoints.COMPLETED.set(0);
    env.execute();

    assertTrue(CountCheckpoints.COMPLETED.get() > 0, "no checkpoint completed");
    // incremental checkpoints keep RocksDB's SST files in the job's shared directory; looked up by
    // name, not by walking the tree, which Flink is still pruning of subsumed chk-N directories
    try (Stream<Path> jobs = Files.list(runDir.resolve("checkpoints"))) {
      assertTrue(jobs.anyMatch(job -> Files.isDirectory(job.resolve("shared"))));
    }
    assertTrue(Files.isDirectory(runDir.resolve("rocksdb")));
  }

  /** Passes results on and counts completed checkpoints (the test's cluster runs in this JVM). */
  static final class CountCheckpoints implements MapFunction<String, String>, CheckpointListener {
    static final AtomicInteger COMPLETED = new AtomicInteger();

    @Override
    public String map(String result) {
      return result;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
      COMPLETED.incrementAndGet();
    }
  }

  private Map<String, String> result() throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(runDir.resolve(InJobResult.FILE))) {
      p.load(r);
    }
    Map<String, String> map = new TreeMap<>();
    p.stringPropertyNames().forEach(k -> map.put(k, p.getProperty(k)));
    return map;
  }

  private static void assertTimes(Map<String, String> result) {
    long start = Long.parseLong(result.get("start.micros"));
    long end = Long.parseLong(result.get("end.micros"));
    assertTrue(start > 1_600_000_000_000_000L && start <= end, start + " " + end);
  }

  private JobSpec spec(String workload, Map<String, String> params, Map<String, String> settings) {
    return new JobSpec(
        "run-1",
        workload,
        "127.0.0.1:1",
        "in",
        "out",
        Guarantee.parse("at-least-once"),
        2,
        runDir,
        settings,
        params);
  }
}
