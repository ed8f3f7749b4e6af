package org.streambench.harness.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;
import org.streambench.api.Deployment;
import org.streambench.api.Guarantee;
import org.streambench.harness.Home;
import org.streambench.harness.Mode;
import org.streambench.harness.agent.Agents;
import org.streambench.harness.engine.EngineRegistry;
import org.streambench.harness.fault.FaultSchedule;
import org.streambench.harness.fault.LinkMechanism;
import org.streambench.harness.hadoop.Hadoop;
import org.streambench.harness.kafka.EmbeddedKafka;
import org.streambench.harness.kafka.TopicReplication;
import org.streambench.harness.process.CpuPlacement;
import org.streambench.harness.redis.Redis;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.run.BenchmarkRun;
import org.streambench.harness.run.CheckpointStorage;
import org.streambench.harness.run.DriverThreads;
import org.streambench.harness.run.RunRequest;

/**
 * A real embedded broker and a scratch data directory for the tests of a class (register it with
 * {@code @RegisterExtension static final SharedBroker kafka = SharedBroker.forClass()}): the one
 * broker the classes of this test JVM share, started by the first and closed after the last (every
 * run has topics of its own), or one of the class's own with more brokers or a link proxy. The
 * directory is deleted on close unless a test failed: then its logs are kept and their path
 * printed.
 */
final class SharedBroker implements AutoCloseable, TestWatcher, AfterAllCallback {
  private static final Duration IDENTITY_IDLE = Duration.ofSeconds(20);
  private static final Duration WORKLOAD_IDLE = Duration.ofSeconds(30);

  final Home home;
  final EmbeddedKafka broker;
  final ResultStore store;
  final EngineRegistry engines;
  private final Path data;

  private Redis redis;
  private Hadoop hadoop;
  private boolean keep;
  private boolean acrossClasses;

  private static SharedBroker shared;

  /**
   * The broker this JVM's test classes share: started with the first class that registers it,
   * closed once every test has run.
   */
  static synchronized SharedBroker forClass() {
    if (shared == null) {
      shared = forClass(1, false);
      shared.acrossClasses = true;
    }
    return shared;
  }

  /**
   * The class's own, with {@code brokers} embedded brokers (and a controller when more than one),
   * closed after its last test.
   */
  static SharedBroker forClass(int brokers) {
    return forClass(brokers, false);
  }

  /**
   * The same, the engine's and the generator's links behind a link proxy if {@code linkProxy}, as a
   * run with link faults has them.
   */
  static SharedBroker forClass(int brokers, boolean linkProxy) {
    try {
      return new SharedBroker(brokers, linkProxy);
    } catch (Exception e) {
      throw new IllegalStateException("cannot start the shared broker", e);
    }
  }

  SharedBroker() throws Exception {
    this(1, false);
  }

  private SharedBroker(int brokers, boolean linkProxy) throws Exception {
    Home checkout = Home.detect();
    data = Files.createTempDirectory("streambench-it-");
    home = new Home(checkout.root(), data);
    broker =
        EmbeddedKafka.start(
            home,
            data.resolve("kafka"),
            0,
            brokers,
            java.util.Map.of(),
            TopicReplication.forBrokers(brokers),
            "it-" + data.getFileName(),
            CpuPlacement.NONE,
            linkProxy ? new org.streambench.harness.net.LinkProxy() : null);
    store = ResultStore.openSqlite(home.defaultDatabase());
    engines = EngineRegistry.scan(home.enginesDir());
  }

  static RunRequest fixedRate(String engine, Guarantee g, long rate, int warmupS, int durationS) {
    return request(
        engine,
        "identity",
        g,
        Mode.FIXED_RATE,
        rate,
        warmupS,
        durationS,
        0,
        IDENTITY_IDLE,
        Map.of());
  }

  static RunRequest drain(String engine, Guarantee g, long records) {
    return request(engine, "identity", g, Mode.DRAIN, 0, 0, 0, records, IDENTITY_IDLE, Map.of());
  }

  /** A fixed-rate run of any workload. */
  static RunRequest workload(
      String engine,
      String workload,
      Guarantee g,
      Map<String, String> params,
      long rate,
      int warmupS,
      int durationS) {
    return request(
        engine, workload, g, Mode.FIXED_RATE, rate, warmupS, durationS, 0, WORKLOAD_IDLE, params);
  }

  /** An in-job source run of {@code records} records. */
  static RunRequest inJob(String engine, String workload, long records) {
    return request(
        engine,
        workload,
        Guarantee.AT_LEAST_ONCE,
        Mode.IN_JOB,
        0,
        0,
        0,
        records,
        WORKLOAD_IDLE,
        Map.of());
  }

  /** A drain of identity on a cluster deployment of {@code workers} workers, one slot each. */
  static RunRequest clusterDrain(String engine, Guarantee g, long records, int workers) {
    return request(
        engine,
        "identity",
        g,
        Mode.DRAIN,
        0,
        0,
        0,
        records,
        IDENTITY_IDLE,
        Map.of(),
        new Deployment(Deployment.Kind.CLUSTER, workers, 1));
  }

  /**
   * Each second's output and e2e p99 (ms) of a run, as {@code second:out/p99}: what recovery is
   * judged by, to tell from a failure where the output stalled.
   */
  static String perSecond(RunResult r) {
    return r.timeseries().stream()
        .map(p -> p.second() + ":" + p.out() + "/" + p.e2eP99Micros() / 1000)
        .collect(java.util.stream.Collectors.joining(" "));
  }

  /** {@code request} with {@code faults} (restarted after 3 s, 120 s grace). */
  static RunRequest withFaults(RunRequest request, String... faults) {
    return copy(
        request,
        FaultSchedule.parse(List.of(faults), Duration.ofSeconds(3), Duration.ofSeconds(120)),
        request.cpuProfile());
  }

  /** {@code request}, its steady state ending {@code after} once every fault has recovered. */
  static RunRequest endingAfterRecovery(RunRequest request, Duration after) {
    return copy(request, request.faults().endingAfterRecovery(after), request.cpuProfile());
  }

  /**
   * {@code request} with {@code faults}, the engine's links to the brokers cut by network
   * namespaces ({@code --link-mechanism namespaces}).
   */
  static RunRequest withNamespacedFaults(RunRequest request, String... faults) {
    return copy(
        request,
        FaultSchedule.parse(
            List.of(faults),
            Duration.ofSeconds(3),
            Duration.ofSeconds(120),
            LinkMechanism.NAMESPACES),
        request.cpuProfile());
  }

  /** {@code request} with {@code --cpu-profile}. */
  static RunRequest withCpuProfile(RunRequest request) {
    return copy(request, request.faults(), true);
  }

  /**
   * {@code request} whose collector gives up on missing output after {@code idle} of silence (a run
   * that loses records waits that long for them).
   */
  static RunRequest withIdleTimeout(RunRequest request, Duration idle) {
    return copy(
        request,
        request.parallelism(),
        request.partitions(),
        request.sets(),
        idle,
        request.checkpointStorage(),
        request.faults(),
        request.cpuProfile());
  }

  private static RunRequest copy(RunRequest request, FaultSchedule faults, boolean cpuProfile) {
    return copy(
        request,
        request.parallelism(),
        request.partitions(),
        request.sets(),
        request.idleTimeout(),
        request.checkpointStorage(),
        faults,
        cpuProfile);
  }

  /** {@code request} with its checkpoints on the class's HDFS, started by its first such run. */
  static RunRequest withHdfsCheckpoints(RunRequest request) {
    return copy(
        request,
        request.parallelism(),
        request.partitions(),
        request.sets(),
        request.idleTimeout(),
        CheckpointStorage.HDFS,
        request.faults(),
        request.cpuProfile());
  }

  private static RunRequest copy(
      RunRequest request,
      int parallelism,
      int partitions,
      List<String> sets,
      Duration idleTimeout,
      CheckpointStorage checkpointStorage,
      FaultSchedule faults,
      boolean cpuProfile) {
    return new RunRequest(
        request.engine(),
        request.workload(),
        request.mode(),
        request.rate(),
        request.warmup(),
        request.duration(),
        request.records(),
        parallelism,
        partitions,
        request.guarantee(),
        request.profiles(),
        request.engineConfigs(),
        sets,
        request.maxGeneratorLag(),
        idleTimeout,
        request.seed(),
        request.params(),
        request.driver(),
        request.deployment(),
        checkpointStorage,
        faults,
        cpuProfile,
        request.cpus(),
        request.agents());
  }

  /**
   * {@code request} at {@code parallelism} on as many partitions, with the engine settings {@code
   * sets} ({@code key=value}) added.
   */
  static RunRequest withParallelism(RunRequest request, int parallelism, String... sets) {
    List<String> all = new java.util.ArrayList<>(request.sets());
    all.addAll(List.of(sets));
    return copy(
        request,
        parallelism,
        parallelism,
        all,
        request.idleTimeout(),
        request.checkpointStorage(),
        request.faults(),
        request.cpuProfile());
  }

  /** A fixed-rate run of any workload on a cluster deployment of 2 workers, one slot each. */
  static RunRequest clusterWorkload(
      String engine, String workload, Guarantee g, long rate, int warmupS, int durationS) {
    return deployedWorkload(
        engine,
        workload,
        g,
        rate,
        warmupS,
        durationS,
        new Deployment(Deployment.Kind.CLUSTER, 2, 1));
  }

  /** A fixed-rate run of any workload, parallelism 2, on {@code deployment}. */
  static RunRequest deployedWorkload(
      String engine,
      String workload,
      Guarantee g,
      long rate,
      int warmupS,
      int durationS,
      Deployment deployment) {
    return request(
        engine,
        workload,
        g,
        Mode.FIXED_RATE,
        rate,
        warmupS,
        durationS,
        0,
        WORKLOAD_IDLE,
        Map.of(),
        deployment);
  }

  private static RunRequest request(
      String engine,
      String workload,
      Guarantee g,
      Mode mode,
      long rate,
      int warmupS,
      int durationS,
      long records,
      Duration idleTimeout,
      Map<String, String> params) {
    return request(
        engine,
        workload,
        g,
        mode,
        rate,
        warmupS,
        durationS,
        records,
        idleTimeout,
        params,
        Deployment.local(2));
  }

  /** Parallelism 2 on 2 partitions, seed 42, 5 s generator lag allowed. */
  private static RunRequest request(
      String engine,
      String workload,
      Guarantee g,
      Mode mode,
      long rate,
      int warmupS,
      int durationS,
      long records,
      Duration idleTimeout,
      Map<String, String> params,
      Deployment deployment) {
    return new RunRequest(
        engine,
        workload,
        mode,
        rate,
        Duration.ofSeconds(warmupS),
        Duration.ofSeconds(durationS),
        records,
        2,
        2,
        g,
        List.of(),
        List.of(),
        List.of(),
        // these tests are about output, not pacing: start-up bursts must not make a run invalid
        Duration.ofSeconds(5),
        idleTimeout,
        42,
        params,
        DriverThreads.ONE_EACH,
        deployment,
        CheckpointStorage.LOCAL,
        FaultSchedule.none(),
        false,
        CpuPlacement.NONE,
        Agents.NONE);
  }

  RunResult run(RunRequest request) throws Exception {
    if (request.workloadDefinition().needsRedis() && redis == null) {
      redis = Redis.start(home.dataDir().resolve("redis"), CpuPlacement.NONE);
    }
    if (request.needsHadoop() && hadoop == null) {
      hadoop =
          Hadoop.start(
              home,
              home.dataDir().resolve("hadoop"),
              CpuPlacement.NONE,
              true,
              4096,
              4,
              line -> say("hadoop", line));
    }
    String engine = request.engine();
    say(engine, "preparing " + request.workload());
    RunResult r =
        BenchmarkRun.prepare(home, engines, request)
            .execute(broker, redis, hadoop, store, line -> say(engine, line));
    say(engine, "ended: " + r.status() + " " + r.verdict() + " " + r.runId());
    return r;
  }

  /** A run's progress on the test's output, with the time of day: where a slow test spent it. */
  private static void say(String engine, String line) {
    System.out.println("  " + LocalTime.now() + " " + engine + ": " + line);
  }

  @Override
  public void testFailed(ExtensionContext context, Throwable cause) {
    keep = true;
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    if (acrossClasses) {
      // closed with the root context, after the last class
      context
          .getRoot()
          .getStore(ExtensionContext.Namespace.GLOBAL)
          .getOrComputeIfAbsent(
              SharedBroker.class,
              k -> (ExtensionContext.Store.CloseableResource) this::close,
              ExtensionContext.Store.CloseableResource.class);
    } else {
      close();
    }
  }

  @Override
  public void close() throws java.io.IOException, java.sql.SQLException {
    if (redis != null) {
      redis.close();
    }
    if (hadoop != null) {
      hadoop.close();
    }
    store.close();
    broker.close();
    if (keep) {
      System.out.println("kept " + data + ": a test failed");
    } else {
      deleteTree(data);
    }
  }

  /**
   * A new directory for a test's own files (a user's cluster), deleted with the class's runs or
   * kept with them when a test failed.
   */
  Path newDirectory(String prefix) throws java.io.IOException {
    return Files.createTempDirectory(data, prefix);
  }

  /** Deletes {@code dir} and everything under it. */
  static void deleteTree(Path dir) throws java.io.IOException {
    try (var paths = Files.walk(dir)) {
      paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
