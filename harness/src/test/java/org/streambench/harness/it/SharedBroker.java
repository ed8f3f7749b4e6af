package org.streambench.harness.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.harness.Home;
import org.streambench.harness.engine.EngineRegistry;
import org.streambench.harness.kafka.EmbeddedBroker;
import org.streambench.harness.redis.Redis;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.run.BenchmarkRun;
import org.streambench.harness.run.Mode;
import org.streambench.harness.run.RunRequest;

/** A real embedded broker and a scratch data directory, shared by the tests of one class. */
final class SharedBroker implements AutoCloseable {
  final Home home;
  final EmbeddedBroker broker;
  final ResultStore store;
  final EngineRegistry engines;
  private Redis redis;

  SharedBroker() throws Exception {
    Home checkout = Home.detect();
    Path data = Files.createTempDirectory("streambench-it-");
    home = new Home(checkout.root(), data);
    broker =
        EmbeddedBroker.start(
            home, data.resolve("kafka"), 0, java.util.Map.of(), "it-" + data.getFileName());
    store = ResultStore.openSqlite(home.defaultDatabase());
    engines = EngineRegistry.scan(home.enginesDir());
  }

  static RunRequest fixedRate(String engine, Guarantee g, long rate, int warmupS, int durationS) {
    return request(
        engine,
        g,
        Mode.FIXED_RATE,
        rate,
        Duration.ofSeconds(warmupS),
        Duration.ofSeconds(durationS),
        0);
  }

  static RunRequest drain(String engine, Guarantee g, long records) {
    return request(engine, g, Mode.DRAIN, 0, Duration.ZERO, Duration.ZERO, records);
  }

  /** A fixed-rate run of any workload, parallelism 2 on 2 partitions. */
  static RunRequest workload(
      String engine,
      String workload,
      Guarantee g,
      Map<String, String> params,
      long rate,
      int warmupS,
      int durationS) {
    return new RunRequest(
        engine,
        workload,
        Mode.FIXED_RATE,
        rate,
        Duration.ofSeconds(warmupS),
        Duration.ofSeconds(durationS),
        0,
        2,
        2,
        g,
        List.of(),
        List.of(),
        List.of(),
        Duration.ofMillis(500),
        Duration.ofSeconds(30),
        42,
        params);
  }

  /** An in-job source run of {@code records} records, parallelism 2. */
  static RunRequest inJob(String engine, String workload, long records) {
    return new RunRequest(
        engine,
        workload,
        Mode.IN_JOB,
        0,
        Duration.ZERO,
        Duration.ZERO,
        records,
        2,
        2,
        Guarantee.AT_LEAST_ONCE,
        List.of(),
        List.of(),
        List.of(),
        Duration.ofMillis(500),
        Duration.ofSeconds(30),
        42,
        Map.of());
  }

  /** Identity, parallelism 2 on 2 partitions, 500 ms generator lag allowed, 20 s idle timeout. */
  private static RunRequest request(
      String engine,
      Guarantee g,
      Mode mode,
      long rate,
      Duration warmup,
      Duration duration,
      long records) {
    return new RunRequest(
        engine,
        "identity",
        mode,
        rate,
        warmup,
        duration,
        records,
        2,
        2,
        g,
        List.of(),
        List.of(),
        List.of(),
        Duration.ofMillis(500),
        Duration.ofSeconds(20),
        42,
        java.util.Map.of());
  }

  RunResult run(RunRequest request) throws Exception {
    if (request.workloadDefinition().needsRedis() && redis == null) {
      redis = Redis.start(home.dataDir().resolve("redis"));
    }
    return BenchmarkRun.prepare(home, engines, request)
        .execute(
            broker,
            redis,
            store,
            line -> System.out.println("  " + request.engine() + ": " + line));
  }

  @Override
  public void close() throws java.sql.SQLException {
    if (redis != null) {
      redis.close();
    }
    store.close();
    broker.close();
  }
}
