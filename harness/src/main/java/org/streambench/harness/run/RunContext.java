package org.streambench.harness.run;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.streambench.api.EpochMicros;
import org.streambench.harness.Durations;
import org.streambench.harness.agent.AgentCollection;
import org.streambench.harness.agent.AgentGeneration;
import org.streambench.harness.collector.Collector;
import org.streambench.harness.collector.CollectorReport;
import org.streambench.harness.collector.OutputCollector;
import org.streambench.harness.generator.Generator;
import org.streambench.harness.generator.InputGenerator;
import org.streambench.harness.hadoop.Hadoop;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.process.ChildProcess;
import org.streambench.harness.process.ProcessSampler;
import org.streambench.harness.redis.Redis;
import org.streambench.harness.results.GeneratorReport;
import org.streambench.harness.results.IntervalPoint;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.workload.WorkloadRun;

/**
 * The parts a {@link ModeFlow} drives, and the waits they share. Every wait checks the services
 * (engine, broker, Redis) and reports progress; the steady state is marked on the sampler.
 */
final class RunContext {
  static final String STEADY_START = "steady-start";
  static final String STEADY_END = "steady-end";
  private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);
  private static final double ENGINE_BUSY_CORES = 0.2;

  final RunRequest request;
  final RunLayout layout;
  final KafkaCluster kafka;
  final WorkloadRun workload;
  final InputGenerator generator;
  final EngineProcesses engine;
  final ProcessSampler sampler;
  final ServiceWatch watch;
  final Consumer<String> progress;
  private GeneratorTask generation;
  private OutputCollector collector;
  private long collectorOriginMicros;
  private FaultRunner faults;
  private EngineLinks engineLinks;
  private long steadyEndMicros;
  private final List<RunProbe> probes;
  private final StallWatch stalls;

  RunContext(
      RunRequest request,
      RunLayout layout,
      KafkaCluster kafka,
      WorkloadRun workload,
      InputGenerator generator,
      EngineProcesses engine,
      ProcessSampler sampler,
      ServiceWatch watch,
      List<RunProbe> probes,
      Consumer<String> progress) {
    this.request = request;
    this.layout = layout;
    this.kafka = kafka;
    this.workload = workload;
    this.generator = generator;
    this.engine = engine;
    this.sampler = sampler;
    this.watch = watch;
    this.probes = probes;
    this.progress = progress;
    this.stalls =
        new StallWatch(layout.runDir().resolve(StallWatch.FILE), StallWatch.STALLED, progress);
  }

  /** The steady state starts: CPU windows are measured, and the probes told, from here. */
  void markSteadyStart() {
    sampler.mark(STEADY_START);
    probes.forEach(RunProbe::steadyStarted);
  }

  /**
   * The steady state ends (the first call counts): CPU windows and the probes' steady parts stop
   * here, and the search for the faults' recovery.
   */
  void markSteadyEnd() {
    if (sampler.hasMark(STEADY_END)) {
      return;
    }
    sampler.mark(STEADY_END);
    steadyEndMicros = EpochMicros.now();
    probes.forEach(RunProbe::steadyEnded);
  }

  /**
   * When second 0 of the per-second series is, in epoch milliseconds: the collector's start; -1
   * before it started.
   */
  long seriesOriginMillis() {
    return collector == null ? -1 : collectorOriginMicros / 1000;
  }

  void startGenerator(Callable<GeneratorReport> generation) {
    this.generation = GeneratorTask.start(generation);
  }

  boolean generatorRunning() {
    return generation.running();
  }

  /** Waits for the generator, watching the services; then the workload expects its records. */
  GeneratorReport awaitGenerator() throws Exception {
    waitUntil(
        () -> {
          generation.join(100);
          return !generation.running();
        },
        // while the collector runs, its progress lines say what was sent
        collector != null
            ? null
            : () -> progress.accept(String.format("sent %,d", generator.sentSoFar())));
    GeneratorReport generated = generation.report();
    workload.expect(generated.attempted());
    return generated;
  }

  /**
   * Starts the collector on the output topic, reading from its beginning: this JVM's, or, where the
   * agents generate, theirs, each reading a share of the partitions.
   */
  OutputCollector startCollector() throws Exception {
    collectorOriginMicros = EpochMicros.now();
    if (generator instanceof AgentGeneration agents) {
      collector =
          agents.collection(
              new AgentCollection.Output(
                  layout.outputTopic(),
                  workload,
                  layout.file("latency.hlog"),
                  collectorOriginMicros,
                  request.idleTimeout(),
                  request.collectorsPerAgent()));
      collector.setEngineBusy(this::engineBusy);
      return collector;
    }
    Collector local =
        new Collector(
            kafka.bootstrapServers(),
            layout.outputTopic(),
            request.guarantee(),
            workload,
            layout.file("latency.hlog"),
            collectorOriginMicros,
            request.idleTimeout(),
            request.driver().collectorFor(request.partitions()));
    local.setEngineBusy(this::engineBusy);
    Thread thread = new Thread(local, Collector.THREAD_NAME);
    thread.setDaemon(true);
    thread.start();
    collector = local;
    return collector;
  }

  /** The engine's links behind the run's proxy, for its faults; null if none. */
  void engineLinks(EngineLinks links) {
    this.engineLinks = links;
  }

  /** Starts the run's faults, if it has any, timed from the steady state's start. */
  void startFaults(long steadyStartMicros) {
    if (request.faults().isEmpty()) {
      return;
    }
    faults =
        new FaultRunner(
            request.faults(),
            new RunFaultTargets(engine, kafka, engineLinks, sampler),
            collector,
            engine.faultNotices(),
            progress);
    faults.start(steadyStartMicros, request.duration());
  }

  /**
   * Cancels faults and restarts still to come and brings a faulted broker back; the engine's paused
   * processes are resumed when it is stopped (idempotent).
   */
  void stopFaults() {
    if (faults != null) {
      faults.close();
    }
  }

  /** The faults that happened and the recovery from each, read from {@code series}. */
  List<RunResult.Fault> faultOutcomes(List<IntervalPoint> series) {
    return faults == null
        ? List.of()
        : faults.outcomes(series, collectorOriginMicros, steadyEndMicros);
  }

  /** Sleeps until an epoch-micros time, watching the services and the generator. */
  void sleepUntil(long epochMicros) throws Exception {
    waitUntil(
        () -> {
          generation.failIfFailed();
          long left = epochMicros - EpochMicros.now();
          if (left > 0) {
            Thread.sleep(Math.max(1, Math.min(100, left / 1_000)));
          }
          return EpochMicros.now() >= epochMicros;
        },
        () -> reportProgress(generator.sentSoFar()));
  }

  /**
   * Sleeps through the steady state from {@code steadyStart} to {@code plannedEnd} (epoch µs) or,
   * with {@code --after-recovery}, until that long after every fault was seen recovered, on a whole
   * second of the steady state; {@code ending} hears of an earlier end as soon as it is set, before
   * the generator has sent past it. Returns the end.
   */
  long sleepThroughSteadyState(long steadyStart, long plannedEnd, LongConsumer ending)
      throws Exception {
    Duration after = request.faults().afterRecovery();
    if (after == null || faults == null) {
      sleepUntil(plannedEnd);
      return plannedEnd;
    }
    long[] end = {plannedEnd};
    long[] nextCheck = {0};
    waitUntil(
        () -> {
          generation.failIfFailed();
          long now = EpochMicros.now();
          if (end[0] == plannedEnd && now >= nextCheck[0]) {
            nextCheck[0] = now + 1_000_000; // the series grows by whole seconds
            if (faults.allRecovered(collector.secondsSoFar(), collectorOriginMicros)) {
              long seconds = (now + after.toNanos() / 1_000 - steadyStart + 999_999) / 1_000_000;
              long early = steadyStart + seconds * 1_000_000;
              if (early < plannedEnd) {
                end[0] = early;
                ending.accept(early);
                progress.accept(
                    String.format(
                        "every fault recovered: the steady state ends after %d s"
                            + " (--after-recovery %s)",
                        seconds, Durations.format(after)));
              }
            }
          }
          long left = end[0] - EpochMicros.now();
          if (left > 0) {
            Thread.sleep(Math.max(1, Math.min(100, left / 1_000)));
          }
          return EpochMicros.now() >= end[0];
        },
        () -> reportProgress(generator.sentSoFar()));
    return end[0];
  }

  /**
   * Waits for the collector's report. With {@code markEnd} (drain) the steady window ends at the
   * last expected output (to within 100 ms). {@code sent}: the input, for progress lines.
   */
  CollectorReport awaitCollector(boolean markEnd, long sent) throws Exception {
    progress.accept("waiting for the engine's remaining output");
    CollectorReport[] collected = new CollectorReport[1];
    waitUntil(
        () -> {
          collected[0] = collector.awaitReport(Duration.ofMillis(100));
          if (collected[0] == null && markEnd && collector.outputComplete()) {
            markSteadyEnd();
          }
          return collected[0] != null;
        },
        () -> reportProgress(sent));
    if (markEnd) {
      markSteadyEnd();
    }
    return collected[0];
  }

  /** One pass of a wait, blocking for 100 ms at most; true once the wait is over. */
  @FunctionalInterface
  private interface WaitPass {
    boolean over() throws Exception;
  }

  /**
   * Repeats {@code pass} until it is over, every pass beating the stall watch and checking the
   * run's services (one that died fails the wait); {@code report} (if any) every five seconds.
   */
  private void waitUntil(WaitPass pass, Runnable report) throws Exception {
    long lastReport = System.nanoTime();
    stalls.waiting();
    try {
      while (true) {
        stalls.beat();
        watch.check();
        if (pass.over()) {
          return;
        }
        if (report != null && System.nanoTime() - lastReport >= PROGRESS_EVERY.toNanos()) {
          report.run();
          lastReport = System.nanoTime();
        }
      }
    } finally {
      stalls.done();
    }
  }

  private void reportProgress(long sent) {
    IntervalPoint last = collector.latestSecond();
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

  /** The engine's cores in the last sampled second. */
  double engineCoresNow() {
    List<Double> cores = sampler.coresPerSecond().getOrDefault("engine", List.of());
    return cores.isEmpty() ? 0.0 : cores.get(cores.size() - 1);
  }

  /** Whether the engine used a fifth of a core or more in the last sampled second. */
  boolean engineBusy() {
    return engineCoresNow() >= ENGINE_BUSY_CORES;
  }

  /** A role's mean cores over the steady window. */
  double steadyCores(String role) {
    return sampler.coresBetween(role, STEADY_START, STEADY_END);
  }

  /**
   * Samples the harness, its driver threads, the broker, Redis and Hadoop's daemons; watches the
   * broker, Redis and Hadoop's daemons.
   */
  void watchServices(Redis redis, Hadoop hadoop) {
    sampler.watch("harness", ProcessHandle.current().pid());
    sampler.watchThreads("generator", Generator::isGeneratorThread);
    sampler.watchThreads("collector", Collector::isCollectorThread);
    if (!kafka.nodes().isEmpty()) {
      // every node of the embedded Kafka, controller included, as the one role "broker"
      sampler.watch("broker", kafka.nodes().values().stream().map(n -> n.process().pid()).toList());
    }
    if (redis != null && redis.pid() > 0) {
      sampler.watch("redis", redis.pid());
    }
    kafka.nodes().forEach(watch::watch);
    if (redis != null && redis.log() != null) {
      watch.watch("Redis", redis.pid(), redis.log());
    }
    if (hadoop != null && !hadoop.daemons().isEmpty()) {
      sampler.watch("hadoop", hadoop.daemons().values().stream().map(ChildProcess::pid).toList());
      hadoop.daemons().forEach((name, process) -> watch.watch("the Hadoop " + name, process));
    }
  }

  /** Stops the generator and the collector (idempotent, safe after a failure). */
  void stopDrivers() {
    stalls.close();
    generator.stop();
    if (collector != null) {
      collector.stop();
    }
    if (generation != null) {
      generation.joinQuietly();
    }
  }
}
