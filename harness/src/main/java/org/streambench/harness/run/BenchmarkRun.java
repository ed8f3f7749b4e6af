package org.streambench.harness.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.streambench.api.EngineLauncher;
import org.streambench.api.EpochMicros;
import org.streambench.api.JobSpec;
import org.streambench.harness.Durations;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;
import org.streambench.harness.collector.Collector;
import org.streambench.harness.collector.CollectorReport;
import org.streambench.harness.collector.IntervalPoint;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.engine.EngineRegistry;
import org.streambench.harness.engine.EngineSettings;
import org.streambench.harness.generator.Generator;
import org.streambench.harness.generator.GeneratorReport;
import org.streambench.harness.generator.PacingSchedule;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.process.ChildProcess;
import org.streambench.harness.process.ProcessSampler;
import org.streambench.harness.redis.Redis;
import org.streambench.harness.results.ProcessUsage;
import org.streambench.harness.results.ResultJson;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.verify.Verdict;
import org.streambench.harness.workload.ExternalCheck;
import org.streambench.harness.workload.InJobCheck;
import org.streambench.harness.workload.RunServices;
import org.streambench.harness.workload.WorkloadRun;

/**
 * One measured run, from topics to stored result. {@link #prepare} checks everything the user asked
 * for (usage errors, nothing created); {@link #execute} runs it and always stores a result: {@code
 * completed} with a verdict, or {@code failed}/{@code aborted} with the reason and the log tail,
 * after stopping every process it started.
 *
 * <p>Timeline of a fixed-rate run: engine started → engine ready → collector reading from the
 * beginning → generator paced for warm-up + duration → collector drains the rest. A drain run
 * pre-fills the input before it starts the engine.
 */
public final class BenchmarkRun {
  private static final Duration READY_TIMEOUT = Duration.ofMinutes(3);
  private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);
  private static final long ENGINE_STOP_GRACE_MS = 15_000;
  private static final String STEADY_START = "steady-start";
  private static final String STEADY_END = "steady-end";
  private static final double ENGINE_BUSY_CORES = 0.2;

  private final Home home;
  private final RunRequest request;
  private final EngineDescriptor engine;
  private final Map<String, String> settings;

  private BenchmarkRun(
      Home home, RunRequest request, EngineDescriptor engine, Map<String, String> settings) {
    this.home = home;
    this.request = request;
    this.engine = engine;
    this.settings = settings;
  }

  /** Validates the request against the engine registry; throws a usage error if it cannot run. */
  public static BenchmarkRun prepare(Home home, EngineRegistry registry, RunRequest request) {
    EngineDescriptor engine =
        request.mode() == Mode.IN_JOB
            ? registry.requireInJob(request.engine(), request.workload(), request.guarantee())
            : registry.require(request.engine(), request.workload(), request.guarantee());
    Home.requireFile(engine.jar(), "the " + engine.name() + " engine jar");
    Map<String, String> settings =
        EngineSettings.resolve(
            engine,
            request.guarantee(),
            request.profiles(),
            request.engineConfigs(),
            request.sets());
    return new BenchmarkRun(home, request, engine, settings);
  }

  public RunRequest request() {
    return request;
  }

  /**
   * Runs on {@code kafka} (and {@code redis}, null unless the workload needs it), stores the result
   * in {@code store} and returns it.
   */
  public RunResult execute(
      KafkaCluster kafka, Redis redis, ResultStore store, Consumer<String> progress)
      throws IOException, java.sql.SQLException {
    Instant started = Instant.now();
    String runId = newRunId(started);
    Path runDir = home.dataDir().resolve(runId);
    Files.createDirectories(runDir);
    if (kafka.log() != null) {
      Files.createSymbolicLink(runDir.resolve("broker.log"), kafka.log());
    }
    Execution ex = new Execution(runId, runDir, kafka, redis, progress);
    ex.run();
    return finish(ex, started, resolvedConfig(kafka), runDir, store);
  }

  /** Stores this run as failed without running it, e.g. because the broker did not start. */
  public RunResult recordFailedStart(RunResult.Failure failure, ResultStore store)
      throws IOException, java.sql.SQLException {
    Instant started = Instant.now();
    String runId = newRunId(started);
    Path runDir = home.dataDir().resolve(runId);
    Files.createDirectories(runDir);
    Execution ex = new Execution(runId, runDir, null, null, line -> {});
    ex.failBeforeStart(failure);
    return finish(ex, started, resolvedConfig(null), runDir, store);
  }

  private static RunResult finish(
      Execution ex, Instant started, Map<String, String> config, Path runDir, ResultStore store)
      throws IOException, java.sql.SQLException {
    RunResult result = ex.result(started, config);
    ResultJson.write(result, runDir.resolve("result.json"));
    store.save(result);
    return result;
  }

  private Map<String, String> resolvedConfig(KafkaCluster kafka) {
    Map<String, String> config = new TreeMap<>(request.parameters());
    settings.forEach((k, v) -> config.put("engine." + k, v));
    config.put("engine.jvm.options", String.join(" ", engine.jvmOptions()));
    config.putAll(Generator.settingsForProvenance());
    if (kafka == null) {
      return config;
    }
    kafka.brokerConfig().forEach((k, v) -> config.put("kafka.broker." + k, v));
    config.remove("kafka.broker.listeners");
    config.remove("kafka.broker.advertised.listeners");
    config.remove("kafka.broker.controller.quorum.bootstrap.servers");
    config.remove("kafka.broker.log.dirs");
    return config;
  }

  /** SHA-256 of the resolved configuration, one {@code key=value} line per entry, sorted. */
  static String configHash(Map<String, String> config) {
    StringBuilder canonical = new StringBuilder();
    new TreeMap<>(config).forEach((k, v) -> canonical.append(k).append('=').append(v).append('\n'));
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(canonical.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private String newRunId(Instant started) {
    String time =
        DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(started);
    String suffix = HexFormat.of().toHexDigits((short) ThreadLocalRandom.current().nextInt());
    return time + "-" + engine.name() + "-" + suffix;
  }

  /** The mutable state of one execution. */
  private final class Execution {
    private final String runId;
    private final Path runDir;
    private final KafkaCluster kafka;
    private final Redis redis;
    private WorkloadRun workload;
    private ExternalCheck external;
    private InJobCheck inJob;
    private final Consumer<String> progress;
    private final ProcessSampler sampler = new ProcessSampler();
    private Generator generator;
    private String status = RunResult.COMPLETED;
    private RunResult.Failure failure;
    private GeneratorReport generated;
    private CollectorReport collected;
    private Collector collector;
    private ChildProcess engineProcess;
    private Thread generatorThread;
    private java.util.concurrent.FutureTask<GeneratorReport> generatorResult;
    private final ServiceWatch watch = new ServiceWatch();
    private List<ProcessUsage> usage = List.of();
    private long engineReadyMicros;

    Execution(
        String runId, Path runDir, KafkaCluster kafka, Redis redis, Consumer<String> progress) {
      this.runId = runId;
      this.runDir = runDir;
      this.kafka = kafka;
      this.progress = progress;
      this.redis = redis;
    }

    void failBeforeStart(RunResult.Failure cause) {
      status = RunResult.FAILED;
      failure = cause;
      sampler.close();
    }

    Map<String, String> jobParams(Map<String, String> fromSetUp) {
      Map<String, String> params = new TreeMap<>(request.params());
      params.put("seed", Long.toString(request.seed()));
      params.putAll(fromSetUp);
      if (request.mode() == Mode.IN_JOB) {
        params.put("source", "in-job");
        params.put("in-job.records", Long.toString(request.records()));
      }
      return params;
    }

    String inputTopic() {
      return "sb-" + runId + "-in";
    }

    String outputTopic() {
      return "sb-" + runId + "-out";
    }

    /** One topic per input stream: the input topic, or {@code <input>-<stream>} (join). */
    List<String> inputTopics() {
      int streams = request.workloadDefinition().inputStreams(request.workloadParams());
      if (streams == 1) {
        return List.of(inputTopic());
      }
      List<String> topics = new ArrayList<>();
      for (int i = 0; i < streams; i++) {
        topics.add(org.streambench.api.workload.JoinParts.topic(inputTopic(), i));
      }
      return topics;
    }

    List<String> allTopics() {
      List<String> all = new ArrayList<>(inputTopics());
      all.add(outputTopic());
      return all;
    }

    void run() {
      workload =
          request
              .workloadDefinition()
              .newRun(request.workloadParams(), request.seed(), request.guarantee());
      generator =
          new Generator(
              kafka.bootstrapServers(),
              inputTopics(),
              workload,
              request.driver().generatorFor(request.partitions(), workload.encodesConcurrently()));
      sampler.watch("harness", ProcessHandle.current().pid());
      sampler.watchThreads("generator", Generator::isGeneratorThread);
      sampler.watchThreads("collector", Collector::isCollectorThread);
      if (kafka.brokerPid() > 0) {
        sampler.watch("broker", kafka.brokerPid());
      }
      if (redis != null && redis.pid() > 0) {
        sampler.watch("redis", redis.pid());
      }
      kafka.brokerProcesses().forEach(b -> watch.watch("the Kafka broker", b));
      if (redis != null && redis.log() != null) {
        watch.watch("Redis", redis.pid(), redis.log());
      }
      try {
        watch.check();
        if (request.mode() != Mode.IN_JOB) {
          kafka.createTopics(allTopics(), request.partitions());
        }
        Map<String, String> fromSetUp = workload.setUp(services());
        JobSpec spec =
            new JobSpec(
                runId,
                request.workload(),
                kafka.bootstrapServers(),
                inputTopic(),
                outputTopic(),
                request.guarantee(),
                request.parallelism(),
                runDir,
                settings,
                jobParams(fromSetUp));
        Path specFile = runDir.resolve("spec.properties");
        spec.write(specFile);
        if (request.mode() == Mode.IN_JOB) {
          runInJob(specFile);
          return;
        }
        if (request.mode() == Mode.DRAIN) {
          progress.accept(String.format("pre-filling %,d records", request.records()));
          startGenerator(() -> generator.runUnpaced(request.records()));
          awaitGenerator();
          progress.accept(String.format("pre-filled at %,.0f records/s", generated.achievedRate()));
        }
        startEngine(specFile);
        if (request.mode() == Mode.DRAIN) {
          sampler.mark(STEADY_START);
        }
        collector =
            new Collector(
                kafka.bootstrapServers(),
                outputTopic(),
                request.guarantee(),
                workload,
                runDir.resolve("latency.hlog"),
                EpochMicros.now(),
                request.idleTimeout(),
                request.driver().collectorFor(request.partitions()));
        collector.setEngineBusy(this::engineBusy);
        Thread collectorThread = new Thread(collector, Collector.THREAD_NAME);
        collectorThread.setDaemon(true);
        collectorThread.start();
        if (request.mode() == Mode.FIXED_RATE) {
          runPacedGenerator();
        } else {
          collector.setSteadyWindow(0, Long.MAX_VALUE);
        }
        awaitCollector();
        external = workload.checkExternal(services());
      } catch (Exception e) {
        onFailure(e);
      } finally {
        // a pending interrupt would break the graceful stop and the writes below
        Thread.interrupted();
        generator.stop();
        if (collector != null) {
          collector.stop();
        }
        joinQuietly(generatorThread);
        usage = processUsage();
        if (engineProcess != null) {
          engineProcess.stop(ENGINE_STOP_GRACE_MS);
        }
        sampler.close();
        deleteTopicsOfExternalKafka();
        if (RunGuard.aborting() && status.equals(RunResult.COMPLETED)) {
          status = RunResult.ABORTED;
          failure = new RunResult.Failure("interrupted by a signal", engineLogTail());
        }
      }
    }

    /** Whether the engine used a fifth of a core or more in the last sampled second. */
    private boolean engineBusy() {
      List<Double> cores = sampler.coresPerSecond().getOrDefault("engine", List.of());
      return !cores.isEmpty() && cores.get(cores.size() - 1) >= ENGINE_BUSY_CORES;
    }

    private RunServices services() {
      return new RunServices(redis, runId);
    }

    /**
     * In-job source: the engine generates and counts by itself; the steady state runs from its
     * readiness to its exit, and its report is checked against the harness's regeneration.
     */
    private void runInJob(Path specFile) throws Exception {
      startEngine(specFile);
      sampler.mark(STEADY_START);
      progress.accept(
          String.format("engine generating %,d records inside the job", request.records()));
      // the engine writes its report, then exits: CPU is measured up to the report
      Path report = runDir.resolve(InJobCheck.RESULT_FILE);
      long lastReport = System.nanoTime();
      long idleSince = System.nanoTime();
      while (!Files.exists(report)) {
        if (!engineProcess.isAlive() && !Files.exists(report)) {
          watch.check();
        }
        if (engineBusy()) {
          idleSince = System.nanoTime();
        } else if (System.nanoTime() - idleSince > request.idleTimeout().toNanos()) {
          throw new ServiceFailure(
              "engine idle for " + Durations.format(request.idleTimeout()) + " without its report",
              engineLogTail());
        }
        Thread.sleep(20);
        if (System.nanoTime() - lastReport >= PROGRESS_EVERY.toNanos()) {
          List<Double> cores = sampler.coresPerSecond().getOrDefault("engine", List.of());
          progress.accept(
              String.format(
                  "engine generating and processing, %.2f cores",
                  cores.isEmpty() ? 0.0 : cores.get(cores.size() - 1)));
          lastReport = System.nanoTime();
        }
      }
      sampler.mark(STEADY_END);
      if (!engineProcess.waitFor(Duration.ofSeconds(60))) {
        throw new ServiceFailure(
            "engine did not exit after writing its in-job report", engineLogTail());
      }
      if (engineProcess.exitCode() != 0) {
        watch.check();
      }
      inJob =
          InJobCheck.read(
              runDir,
              request.workloadDefinition(),
              request.workloadParams(),
              request.seed(),
              request.records(),
              request.guarantee());
    }

    private void startEngine(Path specFile)
        throws IOException, InterruptedException, ServiceFailure {
      progress.accept("starting engine " + engine.name());
      long t0 = System.nanoTime();
      engineProcess =
          ChildProcess.startJava(
              "engine",
              runId,
              engine.jar(),
              engine.mainClass(),
              engine.jvmOptions(),
              List.of(specFile.toString()),
              Map.of(),
              runDir.resolve("engine.log"));
      sampler.watch("engine", engineProcess.pid());
      watch.watchEngine("engine " + engine.name(), engineProcess, runDir);
      Path ready = runDir.resolve(EngineLauncher.READY_FILE);
      long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
      while (!Files.exists(ready)) {
        watch.check();
        if (System.nanoTime() > deadline) {
          throw new ServiceFailure(
              "engine not ready within " + READY_TIMEOUT.toSeconds() + " s", engineLogTail());
        }
        Thread.sleep(50);
      }
      engineReadyMicros = EpochMicros.now();
      progress.accept(String.format("engine ready after %.1f s", (System.nanoTime() - t0) / 1e9));
    }

    /** An external cluster keeps no benchmark scratch data; the embedded broker's goes with it. */
    private void deleteTopicsOfExternalKafka() {
      if (kafka.brokerPid() > 0) {
        return;
      }
      if (request.mode() == Mode.IN_JOB) {
        return;
      }
      try {
        kafka.deleteTopics(allTopics());
      } catch (Exception e) {
        progress.accept("could not delete the run's topics: " + e.getMessage());
      }
    }

    private void runPacedGenerator() throws Exception {
      long warmup = request.warmup().toNanos() / 1_000;
      long steady = request.duration().toNanos() / 1_000;
      AtomicLong start = new AtomicLong();
      PacingSchedule schedule = new PacingSchedule(request.rate());
      long total = schedule.recordsIn(request.warmup().plus(request.duration()).toNanos());
      startGenerator(
          () ->
              generator.runPaced(
                  request.rate(),
                  request.warmup(),
                  request.duration(),
                  s -> {
                    collector.setSteadyWindow(s + warmup, s + warmup + steady);
                    collector.setSchedule(s, schedule, total);
                    start.set(s);
                  }));
      progress.accept(
          String.format(
              "generating %,d records/s for %s warm-up + %s",
              request.rate(),
              org.streambench.harness.Durations.format(request.warmup()),
              org.streambench.harness.Durations.format(request.duration())));
      while (start.get() == 0 && generatorThread.isAlive()) {
        watch.check();
        Thread.sleep(10);
      }
      sleepUntil(start.get() + warmup);
      sampler.mark(STEADY_START);
      sleepUntil(start.get() + warmup + steady);
      sampler.mark(STEADY_END);
      awaitGenerator();
    }

    /** Runs the generator on its own thread, so that this one can watch the services meanwhile. */
    private void startGenerator(java.util.concurrent.Callable<GeneratorReport> generation) {
      generatorResult = new java.util.concurrent.FutureTask<>(generation);
      generatorThread = new Thread(generatorResult, Generator.THREAD_NAME);
      generatorThread.setDaemon(true);
      generatorThread.start();
    }

    /** Ends the wait early when the generator has already failed. */
    private void failIfGeneratorFailed() throws Exception {
      if (generatorResult != null && generatorResult.isDone()) {
        generatorReport();
      }
    }

    /** The finished generator's report; its failure as the run's, in one line. */
    private GeneratorReport generatorReport() throws Exception {
      try {
        return generatorResult.get();
      } catch (java.util.concurrent.ExecutionException e) {
        throw new IllegalStateException(
            "the generator failed: " + UsageException.firstLine(e.getCause()), e.getCause());
      }
    }

    /** Waits for the generator, watching the services; then the workload expects its records. */
    private void awaitGenerator() throws Exception {
      long lastReport = System.nanoTime();
      while (generatorThread.isAlive()) {
        watch.check();
        generatorThread.join(100);
        if (collector == null && System.nanoTime() - lastReport >= PROGRESS_EVERY.toNanos()) {
          progress.accept(String.format("sent %,d", generator.sentSoFar()));
          lastReport = System.nanoTime();
        }
      }
      generated = generatorReport();
      workload.expect(generated.attempted());
    }

    /** Sleeps until an epoch-micros time, watching the engine and reporting progress. */
    private void sleepUntil(long epochMicros) throws Exception {
      long lastReport = System.nanoTime();
      while (EpochMicros.now() < epochMicros) {
        watch.check();
        failIfGeneratorFailed();
        Thread.sleep(Math.max(1, Math.min(100, (epochMicros - EpochMicros.now()) / 1_000)));
        if (System.nanoTime() - lastReport >= PROGRESS_EVERY.toNanos()) {
          reportProgress();
          lastReport = System.nanoTime();
        }
      }
    }

    /**
     * Waits for the collector's report. In drain mode the steady window, for CPU accounting, runs
     * from the engine's readiness to the last expected output (to within 100 ms).
     */
    private void awaitCollector() throws Exception {
      progress.accept("waiting for the engine's remaining output");
      boolean drain = request.mode() == Mode.DRAIN;
      long lastReport = System.nanoTime();
      while ((collected = collector.awaitReport(Duration.ofMillis(100))) == null) {
        watch.check();
        if (drain && collector.outputComplete() && !sampler.hasMark(STEADY_END)) {
          sampler.mark(STEADY_END);
        }
        if (System.nanoTime() - lastReport >= PROGRESS_EVERY.toNanos()) {
          reportProgress();
          lastReport = System.nanoTime();
        }
      }
      if (drain && !sampler.hasMark(STEADY_END)) {
        sampler.mark(STEADY_END);
      }
    }

    private void reportProgress() {
      IntervalPoint last = collector.latestSecond();
      long sent = request.mode() == Mode.DRAIN ? generated.sent() : generator.sentSoFar();
      long received = collector.receivedSoFar();
      progress.accept(
          String.format(
              "sent %,d  received %,d  backlog %,d  last second: out %,d/s, e2e p99 %s",
              sent,
              received,
              last != null && last.backlog() >= 0 ? last.backlog() : Math.max(0, sent - received),
              last == null ? 0 : last.out(),
              last == null ? "-" : String.format("%.1f ms", last.e2eP99Micros() / 1000.0)));
    }

    private void onFailure(Exception e) {
      if (RunGuard.aborting()) {
        status = RunResult.ABORTED;
        failure = new RunResult.Failure("interrupted by a signal", engineLogTail());
        return;
      }
      status = RunResult.FAILED;
      String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      failure =
          new RunResult.Failure(
              reason, e instanceof ServiceFailure f ? f.logTail() : engineLogTail());
      progress.accept("run failed: " + reason);
    }

    private String engineLogTail() {
      return engineProcess == null ? null : engineProcess.logTail(40);
    }

    private List<ProcessUsage> processUsage() {
      List<ProcessUsage> out = new ArrayList<>();
      sampler
          .latest()
          .forEach(
              (role, s) ->
                  out.add(
                      new ProcessUsage(
                          role,
                          sampler.pid(role),
                          sampler.cpuSinceWatched(role),
                          sampler.coresBetween(role, STEADY_START, STEADY_END),
                          s.peakRssBytes())));
      out.sort(java.util.Comparator.comparing(ProcessUsage::role));
      return out;
    }

    RunResult result(Instant started, Map<String, String> config) {
      boolean completed =
          status.equals(RunResult.COMPLETED) && (collected != null || inJob != null);
      List<String> reasons = new ArrayList<>();
      List<String> warnings = new ArrayList<>();
      Map<String, Long> counts = null;
      Map<String, List<String>> examples = null;
      String verdict;
      if (!completed) {
        verdict = Verdict.Status.UNKNOWN.id();
        reasons.add(status + ": " + (failure == null ? "no output report" : failure.reason()));
      } else {
        Verdict checked = inJob != null ? inJob.verdict() : collected.verdict();
        reasons.addAll(checked.reasons());
        counts = new LinkedHashMap<>(checked.counts());
        examples = new LinkedHashMap<>(checked.examples());
        if (external != null) {
          mergeExternal(external.verdict(), reasons, counts, examples);
        }
        RunJudge.Judgement judged = RunJudge.judge(facts(reasons, counts));
        reasons = new ArrayList<>(judged.reasons());
        warnings.addAll(judged.warnings());
        verdict = (reasons.isEmpty() ? Verdict.Status.VALID : Verdict.Status.INVALID).id();
      }
      Map<String, Object> workloadResults = new LinkedHashMap<>();
      if (external != null) {
        workloadResults.putAll(external.results());
      }
      if (inJob != null) {
        workloadResults.put("inJob", inJob.results());
      }
      boolean latency = completed && collected != null;
      return new RunResult(
          RunResult.FORMAT_VERSION,
          runId,
          status,
          verdict,
          reasons,
          warnings,
          engine.name(),
          request.workload(),
          request.mode().id(),
          request.guarantee().id(),
          request.parallelism(),
          request.partitions(),
          started.toString(),
          Instant.now().toString(),
          runDir.toString(),
          completed ? throughput() : null,
          latency && request.mode() == Mode.FIXED_RATE ? collected.endToEnd() : null,
          latency ? collected.engine() : null,
          latency
              ? Map.of(
                  "endToEnd", collected.negativeEndToEnd(), "engine", collected.negativeEngine())
              : null,
          counts,
          examples,
          workloadResults.isEmpty() ? null : workloadResults,
          generated,
          usage,
          sampler.coresPerSecond(),
          latency ? collected.intervals() : null,
          config,
          configHash(config),
          provenance(),
          failure);
    }

    private Map<String, Object> provenance() {
      Map<String, Object> provenance = new LinkedHashMap<>();
      provenance.put("tool", Provenance.tool(home));
      provenance.put("host", Provenance.host());
      provenance.put("harnessJvm", Provenance.harnessJvm());
      provenance.put("engine", Provenance.engineInfo(runDir.resolve(EngineLauncher.INFO_FILE)));
      provenance.put("kafka", kafka == null ? "not started" : kafka.description());
      if (redis != null) {
        provenance.put("redis", redis.description());
      }
      provenance.put("seed", request.seed());
      return provenance;
    }

    /** Adds the check of state outside Kafka (ysb: Redis), its names prefixed "redis.". */
    private void mergeExternal(
        Verdict v,
        List<String> reasons,
        Map<String, Long> counts,
        Map<String, List<String>> examples) {
      v.reasons().forEach(r -> reasons.add("redis: " + r));
      v.counts().forEach((k, n) -> counts.put("redis." + k, n));
      v.examples().forEach((k, e) -> examples.put("redis." + k, e));
    }

    private RunJudge.Facts facts(List<String> verifierReasons, Map<String, Long> counts) {
      Map<String, Double> cores = new LinkedHashMap<>();
      for (String role : List.of("engine", "broker", "harness")) {
        cores.put(role, steadyCores(role));
      }
      cores.put("generator.per-thread", steadyCores("generator") / generator.threads());
      cores.put("collector", steadyCores("collector"));
      Exception sendError = generator.firstError();
      return new RunJudge.Facts(
          request.mode(),
          request.guarantee(),
          request.warmup(),
          request.maxGeneratorLag(),
          verifierReasons,
          counts,
          generated,
          sendError == null
              ? null
              : sendError.getClass().getSimpleName() + ": " + UsageException.firstLine(sendError),
          collected == null ? 0 : collected.firstReceiveMicros(),
          collected == null ? 0 : collected.negativeEndToEnd(),
          collected == null ? 0 : collected.negativeEngine(),
          cores,
          Runtime.getRuntime().availableProcessors());
    }

    private double steadyCores(String role) {
      return sampler.coresBetween(role, STEADY_START, STEADY_END);
    }

    /**
     * Fixed rate: means over the steady window. Drain: input records over the time from the
     * engine's readiness to its last output. In-job: the engine's own count and clock.
     */
    private RunResult.Throughput throughput() {
      double seconds;
      double in;
      double out;
      if (inJob != null) {
        seconds = inJob.seconds();
        in = inJob.records() / seconds;
        out = inJob.outputs() / seconds;
      } else if (request.mode() == Mode.FIXED_RATE) {
        seconds = request.duration().toNanos() / 1e9;
        in = generated.meanRate(request.warmup(), request.duration());
        out = collected.steadyReceived() / seconds;
      } else {
        long delay = workload.outputDelayMicros();
        seconds = Math.max(1e-3, (collected.lastReceiveMicros() - delay - engineReadyMicros) / 1e6);
        in = generated.sent() / seconds;
        out = collected.received() / seconds;
      }
      double cores = sampler.coresBetween("engine", STEADY_START, STEADY_END);
      if (inJob != null) {
        // the engine's own clock times the records; per core uses its CPU over the same run
        double cpu = sampler.cpuBetween("engine", STEADY_START, STEADY_END);
        return new RunResult.Throughput(
            in,
            out,
            seconds,
            cpu > 0 ? inJob.outputs() / cpu : Double.NaN,
            cpu > 0 ? inJob.records() / cpu : Double.NaN);
      }
      return new RunResult.Throughput(
          in,
          out,
          seconds,
          cores > 0 ? out / cores : Double.NaN,
          cores > 0 ? in / cores : Double.NaN);
    }
  }

  private static void joinQuietly(Thread t) {
    if (t == null) {
      return;
    }
    try {
      t.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
