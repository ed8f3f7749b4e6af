package org.streambench.harness.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;
import org.streambench.harness.engine.EngineRegistry;
import org.streambench.harness.hadoop.Hadoop;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.process.CpuPlacement;
import org.streambench.harness.redis.Redis;
import org.streambench.harness.report.HeadlineSection;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;
import org.streambench.harness.run.RigWarmup;
import org.streambench.harness.suite.SuitePlan;
import org.streambench.harness.suite.SuitePoint;
import org.streambench.harness.suite.SuiteRunner;
import org.streambench.harness.suite.SuiteSpec;
import org.streambench.harness.summary.SuiteSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code streambench suite FILE}: runs every point of a suite file and stores it as one suite. */
@Command(
    name = "suite",
    mixinStandardHelpOptions = true,
    description = {
      "Runs a suite: engines x workloads x settings x rates (lists in the YAML file expand into"
          + " their cartesian product), each point repeated as the file says, on one Kafka.",
      "A failed or invalid run is recorded and the suite goes on; Ctrl-C stops it, and --resume"
          + " later runs only the points that did not finish. Suites shipped with streambench"
          + " are in suites/; the format is in docs/suites.md.",
      "Example: streambench suite suites/identity-sustainable.yaml --quick"
    })
final class SuiteCommand implements Callable<Integer> {
  private static final String CPUS_KEY = "suite file key cpus";
  private static final DateTimeFormatter ID_TIME =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

  @Parameters(paramLabel = "FILE", description = "The suite file (YAML).")
  Path file;

  @Option(
      names = "--quick",
      description =
          "Apply the file's quick: block (fewer rates, shorter runs): minutes, not hours.")
  boolean quick;

  @Option(
      names = "--resume",
      description =
          "Continue the latest unfinished execution of this suite, skipping its finished points.")
  boolean resume;

  @Option(
      names = "--dry-run",
      description = "Print the points the suite would run (and what it skips), then exit.")
  boolean dryRun;

  @Option(
      names = "--publish",
      paramLabel = "DIR",
      arity = "0..1",
      fallbackValue = "",
      description = ResultsPublisher.DESCRIPTION + " Once every point has run.")
  String publish;

  @Mixin CpuOptions cpus;
  @Mixin AgentOptions agents;
  @Mixin KafkaOptions kafka;
  @Mixin RedisOptions redis;
  @Mixin HadoopOptions hadoop;
  @Mixin DataOptions data;

  @Override
  public Integer call() throws Exception {
    Home home = data.home();
    EngineRegistry registry = EngineRegistry.scan(home.enginesDir());
    SuiteSpec spec = SuiteSpec.read(file, quick);
    spec.headline().forEach(HeadlineSection::check);
    if (cpus.given()) {
      if (resume) {
        throw new UsageException(
            "--resume goes on with the CPU placement the suite started with; --cpus cannot change"
                + " it");
      }
      spec = spec.withCpus(cpus.placement().describe());
    } else if (spec.cpus() == null && !resume) {
      spec = spec.withCpus(CpuPlacement.defaultHere(CPUS_KEY).describe());
    }
    if (agents.given()) {
      if (resume) {
        throw new UsageException(
            "--resume goes on with the agents the suite started with; give only"
                + " --agent-token-file");
      }
      spec = spec.withAgents(agents.addresses);
    }
    if (publish != null && !dryRun) {
      // before a suite of an hour, not after it
      PublishGuard.requireCitable(home, ResultsPublisher.directory(home, publish));
    }
    SuitePlan plan = SuitePlan.expand(spec, home, registry, agents.tokenFile);
    // before anything is stored: a placement this machine cannot apply
    CpuPlacement.parse(spec.cpus(), CPUS_KEY).requireUsableHere();
    if (dryRun) {
      printPlan(plan);
      return 0;
    }
    if (kafka.external != null && plan.points().stream().anyMatch(p -> p.brokers() > 0)) {
      throw new UsageException(
          "suite: brokers starts embedded Kafka clusters; it cannot go with --kafka");
    }
    for (var point : plan.points()) {
      if (point.brokers() > 0) {
        kafka.requireBrokersFor(point.request().faults(), point.brokers());
      } else {
        kafka.requireBrokersFor(point.request().faults());
      }
      redis.requireReachableUnder(point.request().faults());
    }
    hadoop.requireReadable();
    try (ResultStore store = data.open(home)) {
      SuiteRecord suite;
      Set<String> finished = new HashSet<>();
      if (resume) {
        suite = store.suites().latestUnfinished(spec.name());
        if (suite == null) {
          throw new UsageException(
              "no unfinished execution of suite '" + spec.name() + "' to resume");
        }
        plan =
            SuitePlan.expand(
                SuiteSpec.fromJson(suite.specJson()), home, registry, agents.tokenFile);
        for (PointOutcome p : store.suites().points(suite.suiteId())) {
          finished.add(SuiteRunner.doneKey(p.pointKey(), p.repetition()));
        }
        System.err.printf(
            "resuming suite %s: %d of %d points done%n",
            suite.suiteId(), finished.size(), plan.points().size() * plan.spec().repetitions());
      } else {
        Instant now = Instant.now();
        suite =
            new SuiteRecord(
                ID_TIME.format(now) + "-" + spec.name(),
                spec.name(),
                file.toString(),
                now.toString(),
                null,
                SuiteRecord.RUNNING,
                spec.toJson());
        store.suites().start(suite);
      }
      plan.skipped().forEach(s -> System.err.println("skipped: " + s));
      CpuPlacement placement = CpuPlacement.parse(plan.spec().cpus(), CPUS_KEY).requireUsableHere();
      Boolean complete;
      CpuPlacement.Pin driver = placement.pinDriver();
      try {
        complete = execute(home, registry, plan, suite, finished, store, placement);
      } finally {
        driver.close();
      }
      if (complete == null) {
        store.suites().finish(suite.suiteId(), SuiteRecord.ABORTED, Instant.now().toString());
        return StreambenchCli.EXIT_INVALID;
      }
      store
          .suites()
          .finish(
              suite.suiteId(),
              complete ? SuiteRecord.COMPLETED : SuiteRecord.ABORTED,
              Instant.now().toString());
      return summarize(home, plan, suite, complete, store);
    }
  }

  /** True if every point ran, false if a signal stopped the suite, null if Kafka did not start. */
  private Boolean execute(
      Home home,
      EngineRegistry registry,
      SuitePlan plan,
      SuiteRecord suite,
      Set<String> finished,
      ResultStore store,
      CpuPlacement placement)
      throws Exception {
    Progress progress = new Progress();
    boolean needsRedis =
        plan.points().stream().anyMatch(p -> p.request().workloadDefinition().needsRedis());
    boolean needsHadoop = plan.points().stream().anyMatch(p -> p.request().needsHadoop());
    Duration warmFor = plan.spec().rigWarmupOr(RigWarmup.FOR_A_SUITE);
    try (SuiteKafka kafkas = new SuiteKafka(home, progress, placement, warmFor);
        Redis r = needsRedis ? redis.open(home, progress, placement) : null;
        Hadoop h = needsHadoop ? hadoop.open(home, progress, placement, yarn(plan)) : null) {
      try {
        kafkas.get(plan.points().get(0).brokers());
      } catch (IOException e) {
        System.err.println("streambench: Kafka broker failed to start: " + e.getMessage());
        return null;
      }
      return new SuiteRunner(home, registry, plan, suite.suiteId(), finished, progress)
          .run(kafkas, r, h, store);
    }
  }

  /**
   * The Kafka of the suite's points: the one the command line asks for, or an embedded cluster of
   * the point's broker count, started when the count changes (the points are ordered by it).
   */
  private final class SuiteKafka implements SuiteRunner.KafkaForBrokers, AutoCloseable {
    private final Home home;
    private final Progress progress;
    private final CpuPlacement cpus;
    private final Duration warmFor;
    private KafkaCluster open;
    private int openBrokers = -1;

    SuiteKafka(Home home, Progress progress, CpuPlacement cpus, Duration warmFor) {
      this.home = home;
      this.progress = progress;
      this.cpus = cpus;
      this.warmFor = warmFor;
    }

    @Override
    public KafkaCluster get(int brokers) throws IOException, InterruptedException {
      if (open == null || brokers != openBrokers) {
        close();
        open = kafka.open(home, progress, brokers, cpus, warmFor);
        openBrokers = brokers;
      }
      return open;
    }

    @Override
    public void close() {
      if (open != null) {
        open.close();
        open = null;
      }
    }
  }

  private int summarize(
      Home home, SuitePlan plan, SuiteRecord suite, boolean complete, ResultStore store)
      throws Exception {
    List<PointOutcome> outcomes = store.suites().points(suite.suiteId());
    Map<String, RunResult> runs = new HashMap<>();
    for (PointOutcome o : outcomes) {
      for (RunResult r : store.runs(o.runIds())) {
        runs.put(r.runId(), r);
      }
    }
    System.out.println();
    SuiteSummary.print(
        outcomes, runs, plan.points().size() > 1 ? plan.constantLabels() : Map.of(), System.out);
    System.out.println();
    System.out.println(
        (complete ? "Suite " : "Suite interrupted: ")
            + suite.suiteId()
            + (complete ? "" : " (continue with --resume)")
            + "; report with: streambench report --suite "
            + suite.suiteId());
    if (!complete) {
      return StreambenchCli.EXIT_ABORTED;
    }
    if (publish != null) {
      ResultsPublisher.publish(store, suite, home, ResultsPublisher.directory(home, publish));
    }
    boolean allGood =
        outcomes.stream()
            .allMatch(o -> o.status().equals("valid") || o.status().equals("converged"));
    return allGood ? 0 : StreambenchCli.EXIT_INVALID;
  }

  private static void printPlan(SuitePlan plan) {
    for (SuitePoint p : plan.points()) {
      System.out.println((p.search() ? "search " : "run    ") + p.key());
    }
    plan.skipped().forEach(s -> System.out.println("skip   " + s));
    System.out.printf(
        "%d points x %d repetitions%n", plan.points().size(), plan.spec().repetitions());
  }

  /** Whether some point of the plan deploys its engine on YARN. */
  private static boolean yarn(SuitePlan plan) {
    return plan.points().stream().anyMatch(p -> p.request().deployment().yarn());
  }
}
