package org.streambench.harness.suite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.harness.Home;
import org.streambench.harness.Mode;
import org.streambench.harness.engine.EngineRegistry;
import org.streambench.harness.fault.FaultSchedule;
import org.streambench.harness.run.BenchmarkRun;
import org.streambench.harness.run.RunRequest;
import org.streambench.harness.suite.SuiteSpec.EngineConfig;

/**
 * The rig's own latency floor as points of a suite ({@code floor: true}): the baseline engine (a
 * plain consumer → producer loop) on identity at each rate, partition count and broker count the
 * suite's fixed-rate points use, with the suite's own Kafka client settings ({@code
 * kafka.producer.*}, {@code kafka.consumer.*}). What it measures is what the generator, the
 * broker's two hops and the collector add to any engine at that rate: the figure every engine's
 * latency sits on. Floor points are local, at parallelism = partitions, without faults.
 */
public final class FloorPoints {
  static final String ENGINE = "baseline";
  static final String WORKLOAD = "identity";

  /** The label that marks a floor point (its value is always {@code rig}). */
  public static final String LABEL = "floor";

  private FloorPoints() {}

  /**
   * One floor point per distinct rate, partitions, brokers and client settings of {@code points}.
   */
  static List<SuitePoint> of(
      List<SuitePoint> points, RunTemplate template, Home home, EngineRegistry registry) {
    RunTemplate floor =
        new RunTemplate(
            Mode.FIXED_RATE,
            template.searchStart(),
            template.warmup(),
            template.steady(),
            template.maxGeneratorLag(),
            FaultSchedule.none(),
            false,
            template.cpus(),
            template.agents());
    Map<String, SuitePoint> byKey = new LinkedHashMap<>();
    for (SuitePoint p : points) {
      if (p.search() || p.rate() == null || p.rate().relative()) {
        continue;
      }
      Map<String, String> labels = new LinkedHashMap<>();
      labels.put("engine", ENGINE);
      labels.put("workload", WORKLOAD);
      labels.put("mode", Mode.FIXED_RATE.id());
      labels.put("guarantee", Guarantee.AT_LEAST_ONCE.id());
      labels.put(LABEL, "rig");
      copy(p.labels(), labels, "brokers");
      labels.put("parallelism", p.labels().get("partitions"));
      copy(p.labels(), labels, "partitions");
      p.labels().entrySet().stream()
          .filter(e -> e.getKey().startsWith("set:kafka."))
          .forEach(e -> labels.put(e.getKey(), e.getValue()));
      copy(p.labels(), labels, "rate");
      String key = SuitePoint.keyOf(labels);
      if (!byKey.containsKey(key)) {
        RunRequest request =
            floor.request(
                ENGINE,
                WORKLOAD,
                Guarantee.AT_LEAST_ONCE,
                new EngineConfig(List.of(), Map.of()),
                labels);
        BenchmarkRun.prepare(home, registry, request);
        byKey.put(key, new SuitePoint(key, labels, request, false, null, p.rate()));
      }
    }
    return new ArrayList<>(byKey.values());
  }

  /** Whether a point measures the rig's floor rather than an engine. */
  static boolean isFloor(Map<String, String> labels) {
    return labels.containsKey(LABEL);
  }

  private static void copy(Map<String, String> from, Map<String, String> to, String key) {
    if (from.containsKey(key)) {
      to.put(key, from.get(key));
    }
  }
}
