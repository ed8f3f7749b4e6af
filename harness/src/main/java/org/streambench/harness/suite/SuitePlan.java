package org.streambench.harness.suite;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.streambench.api.Guarantee;
import org.streambench.harness.Durations;
import org.streambench.harness.Home;
import org.streambench.harness.Mode;
import org.streambench.harness.UsageException;
import org.streambench.harness.agent.Agents;
import org.streambench.harness.engine.EngineRegistry;
import org.streambench.harness.fault.FaultSchedule;
import org.streambench.harness.fault.LinkMechanism;
import org.streambench.harness.process.CpuPlacement;
import org.streambench.harness.run.BenchmarkRun;
import org.streambench.harness.run.FaultRules;
import org.streambench.harness.run.RunRequest;
import org.streambench.harness.suite.SuiteSpec.EngineConfig;
import org.streambench.harness.suite.SuiteSpec.Variant;

/**
 * A suite expanded into its points, every one validated before anything runs (a bad suite file
 * fails with one line and runs nothing). Combinations an engine does not offer (a workload, a
 * guarantee, an in-job source, a variant it has no entry for) are skipped with the engine's reason.
 *
 * @param spec the suite as read
 * @param objective its latency objective, or null
 * @param points the points in run order within a repetition ({@link #turns} for the whole suite)
 * @param skipped one line per skipped combination
 */
public record SuitePlan(
    SuiteSpec spec, LatencyObjective objective, List<SuitePoint> points, List<String> skipped) {
  static final String SUSTAINABLE = "sustainable";

  /** One point's run in one repetition. */
  public record Turn(SuitePoint point, int repetition) {}

  /**
   * Every run of the suite in the order it runs: repetition by repetition, so the configurations
   * compared interleave (never A A B B) and slow drift of the machine falls on all of them alike;
   * odd repetitions in plan order, even ones reversed (A B, B A, A B: counterbalanced), so that no
   * configuration always runs first in its round or always after the same other one (the last
   * point's engine, JVM or broker load). A search and the points at fractions of its rate stay
   * together, the search first: they are reversed as one.
   */
  public List<Turn> turns() {
    List<List<SuitePoint>> units = searchUnits();
    List<Turn> turns = new ArrayList<>();
    for (int rep = 1; rep <= spec.repetitions(); rep++) {
      List<List<SuitePoint>> round = new ArrayList<>(units);
      if (rep % 2 == 0) {
        Collections.reverse(round);
      }
      for (List<SuitePoint> unit : round) {
        for (SuitePoint point : unit) {
          turns.add(new Turn(point, rep));
        }
      }
    }
    return turns;
  }

  /** The points in plan order, each point at a fraction of a search's rate with its search. */
  private List<List<SuitePoint>> searchUnits() {
    Map<String, List<SuitePoint>> byKey = new LinkedHashMap<>();
    for (SuitePoint point : points) {
      List<SuitePoint> unit = point.relativeTo() == null ? null : byKey.get(point.relativeTo());
      if (unit != null) {
        unit.add(point);
      } else {
        byKey.put(point.key(), new ArrayList<>(List.of(point)));
      }
    }
    return List.copyOf(byKey.values());
  }

  /** Labels every point shares (left out of progress lines). */
  public Map<String, String> constantLabels() {
    Map<String, String> constant = new LinkedHashMap<>(points.get(0).labels());
    for (SuitePoint p : points) {
      constant.entrySet().removeIf(e -> !e.getValue().equals(p.labels().get(e.getKey())));
    }
    return constant;
  }

  public static SuitePlan expand(SuiteSpec spec, Home home, EngineRegistry registry) {
    return expand(spec, home, registry, null);
  }

  /**
   * The plan of {@code spec}, whose agents (if it names any) share the token in {@code
   * agentTokenFile} (null: they run without one).
   */
  public static SuitePlan expand(
      SuiteSpec spec, Home home, EngineRegistry registry, Path agentTokenFile) {
    boolean search = SUSTAINABLE.equals(spec.mode());
    Mode mode = search ? Mode.FIXED_RATE : parseMode(spec.mode());
    validate(spec, mode, search);
    Map<String, List<?>> dimensions = dimensions(spec, mode, search);
    RunTemplate noFaults =
        new RunTemplate(
            mode,
            spec.search().start(),
            duration("warmup", spec.warmup()),
            duration("duration", spec.duration()),
            duration("max-generator-lag", spec.maxGeneratorLag()),
            FaultSchedule.none(),
            spec.cpuProfile(),
            CpuPlacement.parse(spec.cpus(), "suite file key cpus"),
            new Agents(spec.agents(), agentTokenFile));
    List<Variant> variants = spec.variants().isEmpty() ? List.of(new Variant()) : spec.variants();
    Map<String, FaultSchedule> schedules = faultSchedules(spec);

    Points expansion = new Points(spec, home, registry, mode, search, variants, dimensions);
    for (String workload : spec.workloads()) {
      for (String engine : engines(spec, registry)) {
        registry.named(engine);
        for (String g : spec.guarantees()) {
          Guarantee guarantee = guarantee(g);
          schedules.forEach(
              (text, schedule) ->
                  expansion.add(workload, engine, guarantee, text, noFaults.withFaults(schedule)));
        }
      }
    }
    List<SuitePoint> points = expansion.points;
    Set<String> skipped = expansion.skipped;
    require(!points.isEmpty(), "nothing to run: " + String.join("; ", skipped));
    if (spec.floor()) {
      require(
          mode == Mode.FIXED_RATE
              && !search
              && schedules.values().stream().allMatch(FaultSchedule::isEmpty),
          "floor: the rig's floor is measured beside fixed-rate points without faults");
      points.addAll(0, FloorPoints.of(points, noFaults, home, registry));
    }
    // points on the same Kafka run together: a suite with several broker counts restarts Kafka
    // once per count and repetition, not per point
    points.sort(Comparator.comparingInt(SuitePoint::brokers));
    return new SuitePlan(spec, spec.objective(), List.copyOf(points), List.copyOf(skipped));
  }

  /**
   * The engines as the suite names them, each in every version its {@code engine-version} lists.
   */
  private static List<String> engines(SuiteSpec spec, EngineRegistry registry) {
    if (spec.engineVersion().isEmpty()) {
      return spec.engines();
    }
    Set<String> engines = new LinkedHashSet<>();
    for (String engine : spec.engines()) {
      for (String version : spec.engineVersion()) {
        engines.addAll(registry.versionsOf(engine, version));
      }
    }
    return List.copyOf(engines);
  }

  /** The suite's keys checked each on its own, before any point is made. */
  private static void validate(SuiteSpec spec, Mode mode, boolean search) {
    require(spec.engines() != null && !spec.engines().isEmpty(), "engines: list at least one");
    require(
        spec.workloads() != null && !spec.workloads().isEmpty(), "workloads: list at least one");
    require(spec.repetitions() >= 1, "repetitions must be at least 1");
    spec.deployment()
        .forEach(
            d ->
                require(
                    d.equals("local") || d.equals("cluster") || d.equals("yarn"),
                    "deployment must be local, cluster or yarn, was '" + d + "'"));
    spec.workers().forEach(w -> require(w >= 1, "workers must be at least 1, was " + w));
    spec.checkpointStorage()
        .forEach(
            s ->
                require(
                    s.equals("local") || s.equals("hdfs"),
                    "checkpoint-storage must be local or hdfs, was '" + s + "'"));
    spec.brokers().forEach(b -> require(b >= 1, "brokers must be at least 1, was " + b));
    require(spec.drainSeconds() >= 0, "drain-seconds must not be negative");
    require(!spec.rigWarmupOr(Duration.ZERO).isNegative(), "rig-warmup must not be negative");
    require(spec.warmupRounds() >= 0, "warmup-rounds must not be negative");
    require(
        spec.drainSeconds() == 0 || mode == Mode.DRAIN,
        "drain-seconds sizes drains; this suite's mode is " + spec.mode());
    List<SuiteRate> rates = spec.rates().stream().map(SuiteRate::parse).toList();
    if (search || rates.stream().anyMatch(SuiteRate::relative)) {
      SuiteSpec.SearchBounds b = spec.search();
      require(b.min() > 0 && b.min() <= b.max(), "search: need 0 < min <= max");
      require(b.tolerance() > 0, "search: tolerance must be positive");
      require(b.maxTrials() >= 2, "search: max-trials must be at least 2");
    }
    if (!search && mode == Mode.FIXED_RATE) {
      require(!spec.rates().isEmpty(), "rates: a fixed-rate suite needs at least one rate");
    } else if (!search) {
      require(!spec.records().isEmpty(), "records: a " + mode.id() + " suite needs a count");
    }
  }

  /**
   * The dimensions whose values multiply into points, in label order: Kafka, deployment,
   * parallelism, settings, parameters, then the rate (a search finds its own) or the record count.
   */
  private static Map<String, List<?>> dimensions(SuiteSpec spec, Mode mode, boolean search) {
    Map<String, List<?>> dimensions = new LinkedHashMap<>();
    dimensions.put("brokers", spec.brokers());
    dimensions.put("deployment", spec.deployment());
    dimensions.put("workers", spec.workers());
    dimensions.put("checkpoint-storage", spec.checkpointStorage());
    dimensions.put("parallelism", spec.parallelism());
    dimensions.put("partitions", spec.partitions());
    spec.settings().forEach((k, v) -> dimensions.put("set:" + k, v));
    spec.params().forEach((k, v) -> dimensions.put("param:" + k, v));
    if (!search && mode == Mode.FIXED_RATE) {
      dimensions.put("rate", spec.rates());
    } else if (!search) {
      dimensions.put("records", spec.records());
    }
    return dimensions;
  }

  /**
   * The points of a suite as its combinations are added (engine, workload, guarantee and fault
   * schedule, then each variant and each value of the other dimensions), with what was skipped and
   * why; a relative rate's search point comes before the first point that needs it.
   */
  private static final class Points {
    final List<SuitePoint> points = new ArrayList<>();
    final Set<String> skipped = new LinkedHashSet<>();
    private final SuiteSpec spec;
    private final Home home;
    private final EngineRegistry registry;
    private final Mode mode;
    private final boolean search;
    private final List<Variant> variants;
    private final Map<String, List<?>> dimensions;

    Points(
        SuiteSpec spec,
        Home home,
        EngineRegistry registry,
        Mode mode,
        boolean search,
        List<Variant> variants,
        Map<String, List<?>> dimensions) {
      this.spec = spec;
      this.home = home;
      this.registry = registry;
      this.mode = mode;
      this.search = search;
      this.variants = variants;
      this.dimensions = dimensions;
    }

    /** Every variant and value of the dimensions of one combination, unless the engine refuses. */
    void add(
        String workload, String engine, Guarantee guarantee, String faults, RunTemplate template) {
      String refusal = refusal(registry, engine, workload, guarantee, mode, template.faults());
      if (refusal != null) {
        skipped.add(refusal);
        return;
      }
      for (Variant variant : variants) {
        EngineConfig config = variant.forEngine(engine);
        if (config == null) {
          skipped.add("variant " + variant.name() + " has no configuration for " + engine);
          continue;
        }
        for (Map<String, String> values : Sweep.product(dimensions)) {
          String deployment = values.getOrDefault("deployment", "local");
          String notRun = refusal(registry, engine, deployment, values.get("checkpoint-storage"));
          if (notRun != null) {
            skipped.add(notRun);
            continue;
          }
          if (deployment.equals("local")) {
            values.remove("workers"); // one local point, not one per worker count
          }
          Map<String, String> labels = labels(engine, workload, guarantee, variant, faults, values);
          if (!hasKey(points, SuitePoint.keyOf(labels))) {
            add(engine, workload, guarantee, config, template, labels);
          }
        }
      }
    }

    private Map<String, String> labels(
        String engine,
        String workload,
        Guarantee guarantee,
        Variant variant,
        String faults,
        Map<String, String> values) {
      Map<String, String> labels = new LinkedHashMap<>();
      labels.put("engine", engine);
      labels.put("workload", workload);
      labels.put("mode", search ? SUSTAINABLE : mode.id());
      labels.put("guarantee", guarantee.id());
      if (variant.name() != null) {
        labels.put("variant", variant.name());
      }
      if (!spec.faultSchedules().isEmpty()) {
        labels.put("faults", faults);
      }
      values.forEach(
          (k, v) -> {
            labels.put(k, v);
            if (k.equals("parallelism") && !values.containsKey("partitions")) {
              labels.put("partitions", v);
            }
          });
      return labels;
    }

    /** One point, validated as a run; first its configuration's search if its rate is relative. */
    private void add(
        String engine,
        String workload,
        Guarantee guarantee,
        EngineConfig config,
        RunTemplate template,
        Map<String, String> labels) {
      SuiteRate rate = labels.containsKey("rate") ? SuiteRate.parse(labels.get("rate")) : null;
      String relativeTo = null;
      if (rate != null && rate.relative()) {
        // its configuration's search runs first, once for every rate relative to it
        Map<String, String> searchLabels = new LinkedHashMap<>(labels);
        searchLabels.remove("rate");
        searchLabels.put("mode", SUSTAINABLE);
        relativeTo = SuitePoint.keyOf(searchLabels);
        if (!hasKey(points, relativeTo)) {
          RunRequest first = template.request(engine, workload, guarantee, config, searchLabels);
          points.add(new SuitePoint(relativeTo, searchLabels, first, true, null, null));
        }
      }
      RunRequest request = template.request(engine, workload, guarantee, config, labels);
      BenchmarkRun.prepare(home, registry, request);
      points.add(
          new SuitePoint(SuitePoint.keyOf(labels), labels, request, search, relativeTo, rate));
    }
  }

  /**
   * The suite's fault schedules by their text (a point's {@code faults} label): those of {@code
   * fault-schedules}, or {@code faults} as the one schedule of every run.
   */
  private static Map<String, FaultSchedule> faultSchedules(SuiteSpec spec) {
    require(
        spec.faults().isEmpty() || spec.faultSchedules().isEmpty(),
        "faults and fault-schedules: give every run's faults or a list of schedules, not both");
    List<List<String>> lists =
        spec.faultSchedules().isEmpty() ? List.of(spec.faults()) : spec.faultSchedules();
    Map<String, FaultSchedule> schedules = new LinkedHashMap<>();
    for (List<String> faults : lists) {
      String text = String.join(" ", faults);
      require(
          !faults.isEmpty() || spec.faultSchedules().isEmpty(),
          "fault-schedules: an empty schedule");
      require(!schedules.containsKey(text), "fault-schedules: " + text + " is listed twice");
      schedules.put(
          text,
          FaultSchedule.parse(
              faults,
              duration("restart-delay", spec.restartDelay()),
              duration("recovery-grace", spec.recoveryGrace()),
              LinkMechanism.parse(spec.linkMechanism())));
    }
    return schedules;
  }

  private static boolean hasKey(List<SuitePoint> points, String key) {
    return points.stream().anyMatch(p -> p.key().equals(key));
  }

  /**
   * Why {@code engine} has no {@code deployment} (cluster: no cluster of its own; yarn: it does not
   * deploy onto YARN) or keeps no checkpoints on {@code checkpointStorage} (null: local), or null
   * if it runs that point.
   */
  private static String refusal(
      EngineRegistry registry, String engine, String deployment, String checkpointStorage) {
    if ("hdfs".equals(checkpointStorage)) {
      String why = registry.all().get(engine).whyNotOffered("checkpoint-storage.hdfs").orElse(null);
      if (why != null) {
        return "engine " + engine + " offers no checkpoint-storage hdfs: " + why;
      }
    }
    try {
      switch (deployment) {
        case "cluster" -> registry.requireCluster(registry.all().get(engine));
        case "yarn" -> registry.requireYarn(registry.all().get(engine));
        default -> {
          // local: every engine
        }
      }
      return null;
    } catch (UsageException e) {
      return e.getMessage();
    }
  }

  private static Guarantee guarantee(String id) {
    try {
      return Guarantee.parse(id);
    } catch (IllegalArgumentException e) {
      throw new UsageException("guarantees: " + e.getMessage());
    }
  }

  /** The engine's one-line refusal of this combination, or null if it offers it. */
  private static String refusal(
      EngineRegistry registry,
      String engine,
      String workload,
      Guarantee guarantee,
      Mode mode,
      FaultSchedule faults) {
    try {
      if (mode == Mode.IN_JOB) {
        registry.requireInJob(engine, workload, guarantee);
      } else {
        registry.require(engine, workload, guarantee);
      }
      FaultRules.requireOffered(registry.all().get(engine), guarantee, faults);
      return null;
    } catch (UsageException e) {
      return e.getMessage();
    }
  }

  private static Mode parseMode(String id) {
    try {
      return Mode.parse(id);
    } catch (UsageException e) {
      throw new UsageException(
          "suite: mode must be fixed-rate, drain, in-job or sustainable, was '" + id + "'");
    }
  }

  private static Duration duration(String key, String text) {
    try {
      return Durations.parse(text);
    } catch (IllegalArgumentException e) {
      throw new UsageException(key + ": " + e.getMessage());
    }
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new UsageException("suite: " + message);
    }
  }
}
