package org.streambench.harness.suite;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.streambench.api.Deployment;
import org.streambench.api.Guarantee;
import org.streambench.harness.Mode;
import org.streambench.harness.agent.Agents;
import org.streambench.harness.fault.FaultSchedule;
import org.streambench.harness.process.CpuPlacement;
import org.streambench.harness.run.CheckpointStorage;
import org.streambench.harness.run.DriverThreads;
import org.streambench.harness.run.RunRequest;
import org.streambench.harness.suite.SuiteSpec.EngineConfig;

/**
 * What every run of a suite shares; a point's labels fill in the rest. A point without an absolute
 * rate (a search, or a rate relative to one) starts at the search's start rate, which the runner
 * replaces.
 */
record RunTemplate(
    Mode mode,
    long searchStart,
    Duration warmup,
    Duration steady,
    Duration maxGeneratorLag,
    FaultSchedule faults,
    boolean cpuProfile,
    CpuPlacement cpus,
    Agents agents) {
  /** The same with {@code faults} for every run. */
  RunTemplate withFaults(FaultSchedule faults) {
    return new RunTemplate(
        mode, searchStart, warmup, steady, maxGeneratorLag, faults, cpuProfile, cpus, agents);
  }

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
        labels.containsKey("rate") && !SuiteRate.parse(labels.get("rate")).relative()
            ? SuiteRate.parse(labels.get("rate")).absolute()
            : searchStart,
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
        checkpointStorage(labels),
        faults,
        cpuProfile,
        cpus,
        agents);
  }

  /** Where checkpoints go: the point's {@code checkpoint-storage}, local unless it names one. */
  private static CheckpointStorage checkpointStorage(Map<String, String> labels) {
    return CheckpointStorage.parse(labels.getOrDefault("checkpoint-storage", "local"));
  }

  /**
   * Local, or a cluster or YARN deployment of {@code workers} (default 2) sharing the parallelism's
   * slots.
   */
  private static Deployment deployment(Map<String, String> labels) {
    int parallelism = Integer.parseInt(labels.get("parallelism"));
    String kind = labels.getOrDefault("deployment", "local");
    if (kind.equals("local")) {
      return Deployment.local(parallelism);
    }
    int workers = Integer.parseInt(labels.getOrDefault("workers", "2"));
    return new Deployment(
        kind.equals("yarn") ? Deployment.Kind.YARN : Deployment.Kind.CLUSTER,
        workers,
        Math.max(1, (parallelism + workers - 1) / workers));
  }
}
