package org.streambench.harness.suite;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.streambench.api.Deployment;
import org.streambench.api.Guarantee;
import org.streambench.harness.Durations;
import org.streambench.harness.Home;
import org.streambench.harness.Mode;
import org.streambench.harness.UsageException;
import org.streambench.harness.engine.EngineRegistry;
import org.streambench.harness.fault.FaultSchedule;
import org.streambench.harness.run.BenchmarkRun;
import org.streambench.harness.run.DriverThreads;
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
 * @param points the points in run order
 * @param skipped one line per skipped combination
 */
public record SuitePlan(
    SuiteSpec spec, LatencyObjective objective, List<SuitePoint> points, List<String> skipped) {
  static final String SUSTAINABLE = "sustainable";

  /** Labels every point shares (left out of progress lines). */
  public Map<String, String> constantLabels() {
    Map<String, String> constant = new LinkedHashMap<>(points.get(0).labels());
    for (SuitePoint p : points) {
      constant.entrySet().removeIf(e -> !e.getValue().equals(p.labels().get(e.getKey())));
    }
    return constant;
  }

  public static SuitePlan expand(SuiteSpec spec, Home home, EngineRegistry registry) {
    boolean search = SUSTAINABLE.equals(spec.mode());
    Mode mode = search ? Mode.FIXED_RATE : parseMode(spec.mode());
    require(spec.engines() != null && !spec.engines().isEmpty(), "engines: list at least one");
    require(
        spec.workloads() != null && !spec.workloads().isEmpty(), "workloads: list at least one");
    require(spec.repetitions() >= 1, "repetitions must be at least 1");
    spec.deployment()
        .forEach(
            d ->
                require(
                    d.equals("local") || d.equals("cluster"),
                    "deployment must be local or cluster, was '" + d + "'"));
    spec.workers().forEach(w -> require(w >= 1, "workers must be at least 1, was " + w));
    spec.brokers().forEach(b -> require(b >= 1, "brokers must be at least 1, was " + b));
    Map<String, List<?>> dimensions = new LinkedHashMap<>();
    dimensions.put("brokers", spec.brokers());
    dimensions.put("deployment", spec.deployment());
    dimensions.put("workers", spec.workers());
    dimensions.put("parallelism", spec.parallelism());
    dimensions.put("partitions", spec.partitions());
    spec.settings().forEach((k, v) -> dimensions.put("set:" + k, v));
    spec.params().forEach((k, v) -> dimensions.put("param:" + k, v));
    if (search) {
      SuiteSpec.SearchBounds b = spec.search();
      require(b.min() > 0 && b.min() <= b.max(), "search: need 0 < min <= max");
      require(b.tolerance() > 0, "search: tolerance must be positive");
      require(b.maxTrials() >= 2, "search: max-trials must be at least 2");
    } else if (mode == Mode.FIXED_RATE) {
      require(!spec.rates().isEmpty(), "rates: a fixed-rate suite needs at least one rate");
      dimensions.put("rate", spec.rates());
    } else {
      require(!spec.records().isEmpty(), "records: a " + mode.id() + " suite needs a count");
      dimensions.put("records", spec.records());
    }
    Template template =
        new Template(
            mode,
            search ? spec.search().start() : 0,
            duration("warmup", spec.warmup()),
            duration("duration", spec.duration()),
            duration("max-generator-lag", spec.maxGeneratorLag()),
            FaultSchedule.parse(
                spec.faults(),
                duration("restart-delay", spec.restartDelay()),
                duration("recovery-grace", spec.recoveryGrace())),
            spec.cpuProfile());
    List<Variant> variants = spec.variants().isEmpty() ? List.of(new Variant()) : spec.variants();

    List<SuitePoint> points = new ArrayList<>();
    Set<String> skipped = new LinkedHashSet<>();
    for (String workload : spec.workloads()) {
      for (String engine : spec.engines()) {
        if (!registry.all().containsKey(engine)) {
          throw new UsageException(
              "unknown engine '"
                  + engine
                  + "' (available: "
                  + String.join(", ", registry.all().keySet())
                  + ")");
        }
        for (String g : spec.guarantees()) {
          Guarantee guarantee = guarantee(g);
          String refusal = refusal(registry, engine, workload, guarantee, mode, template.faults());
          if (refusal != null) {
            skipped.add(refusal);
            continue;
          }
          for (Variant variant : variants) {
            EngineConfig config = variant.forEngine(engine);
            if (config == null) {
              skipped.add("variant " + variant.name() + " has no configuration for " + engine);
              continue;
            }
            for (Map<String, String> values : Sweep.product(dimensions)) {
              if ("cluster".equals(values.get("deployment"))
                  && !registry.all().get(engine).hasCluster()) {
                skipped.add(clusterRefusal(registry, engine));
                continue;
              }
              if (!"cluster".equals(values.get("deployment"))) {
                values.remove("workers"); // one local point, not one per worker count
              }
              Map<String, String> labels = new LinkedHashMap<>();
              labels.put("engine", engine);
              labels.put("workload", workload);
              labels.put("mode", search ? SUSTAINABLE : mode.id());
              labels.put("guarantee", guarantee.id());
              if (variant.name() != null) {
                labels.put("variant", variant.name());
              }
              values.forEach(
                  (k, v) -> {
                    labels.put(k, v);
                    if (k.equals("parallelism") && !values.containsKey("partitions")) {
                      labels.put("partitions", v);
                    }
                  });
              String key = SuitePoint.keyOf(labels);
              if (points.stream().anyMatch(p -> p.key().equals(key))) {
                continue;
              }
              RunRequest request = template.request(engine, workload, guarantee, config, labels);
              BenchmarkRun.prepare(home, registry, request);
              points.add(new SuitePoint(key, labels, request, search));
            }
          }
        }
      }
    }
    require(!points.isEmpty(), "nothing to run: " + String.join("; ", skipped));
    // points on the same Kafka run together: a suite with several broker counts restarts Kafka
    // once per count and repetition, not per point
    points.sort(Comparator.comparingInt(SuitePoint::brokers));
    return new SuitePlan(
        spec,
        LatencyObjective.parse(spec.latencyObjective()),
        List.copyOf(points),
        List.copyOf(skipped));
  }

  /** What every run of the suite shares; a point's labels fill in the rest. */
  private record Template(
      Mode mode,
      long searchStart,
      Duration warmup,
      Duration steady,
      Duration maxGeneratorLag,
      FaultSchedule faults,
      boolean cpuProfile) {
    RunRequest request(
        String engine,
        String workload,
        Guarantee guarantee,
        EngineConfig config,
        Map<String, String> labels) {
      List<String> sets = new ArrayList<>();
      config.set().forEach((k, v) -> sets.add(k + "=" + v));
      Map<String, String> params = new LinkedHashMap<>();
      labels.forEach(
          (k, v) -> {
            if (k.startsWith("set:")) {
              sets.add(k.substring(4) + "=" + v);
            } else if (k.startsWith("param:")) {
              params.put(k.substring(6), v);
            }
          });
      return new RunRequest(
          engine,
          workload,
          mode,
          labels.containsKey("rate") ? Long.parseLong(labels.get("rate")) : searchStart,
          warmup,
          steady,
          labels.containsKey("records") ? Long.parseLong(labels.get("records")) : 0,
          Integer.parseInt(labels.get("parallelism")),
          Integer.parseInt(labels.get("partitions")),
          guarantee,
          config.profiles(),
          List.<Path>of(),
          sets,
          maxGeneratorLag,
          Duration.ofSeconds(30),
          42,
          params,
          new DriverThreads(0, 0),
          deployment(labels),
          faults,
          cpuProfile);
    }

    /** Local, or a cluster of {@code workers} (default 2) sharing the parallelism's slots. */
    private static Deployment deployment(Map<String, String> labels) {
      int parallelism = Integer.parseInt(labels.get("parallelism"));
      if (!"cluster".equals(labels.get("deployment"))) {
        return Deployment.local(parallelism);
      }
      int workers = Integer.parseInt(labels.getOrDefault("workers", "2"));
      return new Deployment(
          Deployment.Kind.CLUSTER, workers, Math.max(1, (parallelism + workers - 1) / workers));
    }
  }

  private static String clusterRefusal(EngineRegistry registry, String engine) {
    try {
      registry.requireCluster(registry.all().get(engine));
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
