package org.streambench.harness.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.streambench.api.Deployment;
import org.streambench.api.Guarantee;
import org.streambench.harness.Durations;
import org.streambench.harness.Mode;
import org.streambench.harness.UsageException;
import org.streambench.harness.agent.Agents;
import org.streambench.harness.fault.FaultSchedule;
import org.streambench.harness.fault.FaultSpec;
import org.streambench.harness.fault.LinkMechanism;
import org.streambench.harness.fault.ProcessFault;
import org.streambench.harness.fault.Role;
import org.streambench.harness.process.CpuPlacement;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.workload.Params;
import org.streambench.harness.workload.Workload;
import org.streambench.harness.workload.Workloads;

/**
 * One measured run as the user asked for it, validated on construction.
 *
 * @param engine engine name
 * @param workload workload name
 * @param mode fixed-rate or drain
 * @param rate records/s (fixed-rate)
 * @param warmup time excluded from the steady state (fixed-rate)
 * @param duration steady-state time (fixed-rate)
 * @param records records pre-filled (drain)
 * @param parallelism engine parallelism
 * @param partitions partitions of the input and output topics
 * @param guarantee delivery guarantee
 * @param profiles named engine config files ({@code engines/<engine>/conf/profiles/NAME.yaml})
 * @param engineConfigs extra engine config files, applied in order
 * @param sets {@code key=value} engine setting overrides, applied last
 * @param maxGeneratorLag the generator may fall this far behind its schedule before the run is
 *     invalid
 * @param idleTimeout how long the collector waits for missing output with nothing arriving
 * @param seed random seed of the workload's generator, stored for reproduction
 * @param params workload parameters, resolved against the workload's defaults
 * @param driver generator and collector threads
 * @param deployment the engine in one process or as a cluster of processes on this machine
 * @param checkpointStorage where the engine keeps its checkpoints: the run directory, or HDFS
 * @param faults the faults injected in the steady state (fixed rate, cluster deployment or brokers)
 * @param cpuProfile whether the engine's processes and the harness are profiled in the steady state
 *     (docs/profiling.md)
 * @param cpus the CPUs of each role's processes ({@code --cpus}), {@link CpuPlacement#NONE} for the
 *     machine's default
 * @param agents the agents that generate the input ({@code --agents}), {@link Agents#NONE} for this
 *     process
 */
public record RunRequest(
    String engine,
    String workload,
    Mode mode,
    long rate,
    Duration warmup,
    Duration duration,
    long records,
    int parallelism,
    int partitions,
    Guarantee guarantee,
    List<String> profiles,
    List<Path> engineConfigs,
    List<String> sets,
    Duration maxGeneratorLag,
    Duration idleTimeout,
    long seed,
    Map<String, String> params,
    DriverThreads driver,
    Deployment deployment,
    CheckpointStorage checkpointStorage,
    FaultSchedule faults,
    boolean cpuProfile,
    CpuPlacement cpus,
    Agents agents) {

  public RunRequest {
    Workload w = Workloads.get(workload);
    if (mode == Mode.IN_JOB && !w.hasInJobMode()) {
      throw new UsageException(
          "workload " + workload + " has no in-job source mode (grep and grouping have)");
    }
    if (mode == Mode.FIXED_RATE) {
      positive(rate, "--rate");
      positive(duration.toMillis(), "--duration");
      if (warmup.isNegative()) {
        throw new UsageException("--warmup must not be negative");
      }
    } else {
      positive(records, "--records");
      if (records > Integer.MAX_VALUE) {
        throw new UsageException("--records must be at most " + Integer.MAX_VALUE);
      }
    }
    positive(parallelism, "--parallelism");
    positive(partitions, "--partitions");
    positive(idleTimeout.toMillis(), "--idle-timeout");
    params = Params.resolve(w, params).asMap();
    w.validate(Params.of(w, params), mode == Mode.FIXED_RATE ? rate : 0);
    profiles = List.copyOf(profiles);
    engineConfigs = List.copyOf(engineConfigs);
    sets = List.copyOf(sets);
    if ((deployment.cluster() || deployment.yarn())
        && deployment.workers() * deployment.slotsPerWorker() < parallelism) {
      throw new UsageException(
          String.format(
              "--parallelism %d needs as many task slots: --workers %d × --slots-per-worker %d"
                  + " give %d",
              parallelism,
              deployment.workers(),
              deployment.slotsPerWorker(),
              deployment.workers() * deployment.slotsPerWorker()));
    }
    requireFaultsCanRun(faults, mode, deployment, duration);
    checkpointStorage = checkpointStorage == null ? CheckpointStorage.LOCAL : checkpointStorage;
    cpus = cpus == null ? CpuPlacement.NONE : cpus;
    if (cpus.namesClusterRoles() && !deployment.cluster()) {
      throw new UsageException(
          "--cpus master= and worker= place a cluster deployment's processes; this engine runs as"
              + " one process here: place it with engine=");
    }
    if (driver.generator() > 1 && !w.concurrentInput()) {
      throw new UsageException(
          "workload "
              + workload
              + " is generated by one thread (its input tally is not shared), asked for "
              + driver.generator()
              + " generator threads");
    }
    agents = agents == null ? Agents.NONE : agents;
    requireAgentsCanGenerate(agents, w, mode, partitions, loopsPerAgent(driver));
    if (!agents.none() && !faults.isEmpty()) {
      throw new UsageException(
          "--fault with --agents is not offered yet: recovery is timed by the first output after a"
              + " fault, which agents that collect report only ten times a second");
    }
  }

  /** Send loops (threads) each agent runs: the generator threads asked for, 1 for auto. */
  private static int loopsPerAgent(DriverThreads driver) {
    return Math.max(1, driver.generator());
  }

  /** Send loops (threads) each agent runs. */
  public int loopsPerAgent() {
    return loopsPerAgent(driver);
  }

  /** Consumer threads each agent reads its share of the output with: as asked, 1 for auto. */
  public int collectorsPerAgent() {
    return Math.max(1, driver.collector());
  }

  /** Agents share one paced schedule and its partitions, record by record. */
  private static void requireAgentsCanGenerate(
      Agents agents, Workload w, Mode mode, int partitions, int loopsPerAgent) {
    if (agents.none()) {
      return;
    }
    if (mode != Mode.FIXED_RATE) {
      throw new UsageException("--agents generate paced load: they need --mode fixed-rate");
    }
    if (!w.concurrentInput()) {
      throw new UsageException(
          "workload "
              + w.name()
              + " keeps a tally of its input as it is generated: one process must generate it,"
              + " not --agents (identity, sleep, grep and nexmark-q0 to -q2 can be)");
    }
    if (agents.addresses().stream().distinct().count() < agents.addresses().size()) {
      throw new UsageException("--agents names an agent twice: " + agents.addresses());
    }
    agents.check();
    int loops = agents.addresses().size() * loopsPerAgent;
    if (partitions % loops != 0) {
      throw new UsageException(
          String.format(
              "--agents: %d agents × %d generator threads each cannot share %d partitions evenly"
                  + " (set --partitions to a multiple of %d)",
              agents.addresses().size(), loopsPerAgent, partitions, loops));
    }
  }

  /** The same run with its input generated by {@code agents}. */
  public RunRequest withAgents(Agents newAgents) {
    return with(rate, records, driver, warmup, newAgents);
  }

  /**
   * Faults need a steady state at a known rate to recover to, and processes of their own to hit: a
   * worker or master of a cluster deployment (a broker has its own check, where the brokers are
   * known).
   */
  private static void requireFaultsCanRun(
      FaultSchedule faults, Mode mode, Deployment deployment, Duration duration) {
    if (faults.isEmpty()) {
      return;
    }
    if (mode != Mode.FIXED_RATE) {
      throw new UsageException(
          "--fault needs --mode fixed-rate: recovery is measured against the output at a fixed"
              + " input rate");
    }
    boolean hitsEngine = faults.touchesEngine();
    if (hitsEngine && deployment.yarn()) {
      requireYarnCanTake(faults);
    }
    if (hitsEngine && !deployment.cluster() && !deployment.yarn()) {
      throw new UsageException(
          "--fault on a worker or master needs --deployment cluster: in a local deployment the"
              + " engine is one process"
              + (deployment.external() ? " here, and your own cluster is not ours to fault" : ""));
    }
    faults.plan(duration);
  }

  /**
   * On YARN a fault hits a worker container; the engine asks YARN for a new one itself, so a killed
   * or stopped worker is not started again by the harness ({@code :norestart}); the application
   * master is YARN's to restart, and not offered.
   */
  private static void requireYarnCanTake(FaultSchedule faults) {
    for (FaultSpec f : faults.faults()) {
      if (f.touches(Role.MASTER)) {
        throw new UsageException(
            "--fault on the master is not offered on --deployment yarn: it is YARN's application"
                + " master; fault a worker container");
      }
      if (f instanceof ProcessFault p
          && p.action() != ProcessFault.Action.PAUSE
          && p.restart()
          && p.role() == Role.WORKER) {
        throw new UsageException(
            "--fault "
                + f.text()
                + ": on --deployment yarn the engine asks YARN for a new container itself, so the"
                + " harness starts nothing again: add :norestart");
      }
    }
  }

  private static void positive(long value, String option) {
    if (value <= 0) {
      throw new UsageException(option + " must be positive, was " + value);
    }
  }

  /** The same run at another offered rate (a sustainable-throughput search's next trial). */
  public RunRequest withRate(long newRate) {
    return with(newRate, records, driver, warmup, agents);
  }

  /** The same drain with another pre-fill (a suite sizing a drain by its steady seconds). */
  public RunRequest withRecords(long newRecords) {
    return with(rate, newRecords, driver, warmup, agents);
  }

  /** The steady state it measures: after the warm-up, for the duration; none unless fixed-rate. */
  RunResult.Steady steady() {
    if (mode != Mode.FIXED_RATE) {
      return null;
    }
    double from = warmup.toMillis() / 1e3;
    return new RunResult.Steady(from, from + duration.toMillis() / 1e3);
  }

  /** The same run with other driver threads (a search's answer to a driver-bound trial). */
  public RunRequest withDriver(DriverThreads newDriver) {
    return with(rate, records, newDriver, warmup, agents);
  }

  /**
   * The same run with another warm-up (a search's answer to a trial still working off its start-up
   * backlog).
   */
  public RunRequest withWarmup(Duration newWarmup) {
    return with(rate, records, driver, newWarmup, agents);
  }

  /** This request with the things a suite varies between its runs of one point, and its agents. */
  private RunRequest with(
      long newRate,
      long newRecords,
      DriverThreads newDriver,
      Duration newWarmup,
      Agents newAgents) {
    return new RunRequest(
        engine,
        workload,
        mode,
        newRate,
        newWarmup,
        duration,
        newRecords,
        parallelism,
        partitions,
        guarantee,
        profiles,
        engineConfigs,
        sets,
        maxGeneratorLag,
        idleTimeout,
        seed,
        params,
        newDriver,
        deployment,
        checkpointStorage,
        faults,
        cpuProfile,
        cpus,
        newAgents);
  }

  public Workload workloadDefinition() {
    return Workloads.get(workload);
  }

  /** Whether the run needs a Hadoop: its checkpoints on HDFS, or the engine on YARN. */
  public boolean needsHadoop() {
    return checkpointStorage == CheckpointStorage.HDFS || deployment.yarn();
  }

  /** The rate the input is paced at, records/s; 0 where it goes as fast as it can. */
  public long pacedRate() {
    return mode == Mode.FIXED_RATE ? rate : 0;
  }

  /** The resolved workload parameters, typed. */
  public Params workloadParams() {
    return Params.resolve(workloadDefinition(), params);
  }

  /** The run's parameters as stored with its result (and hashed with its settings). */
  public Map<String, String> parameters() {
    Map<String, String> p = new TreeMap<>();
    p.put("run.engine", engine);
    p.put("run.workload", workload);
    p.put("run.mode", mode.id());
    p.put("run.guarantee", guarantee.id());
    p.put("run.parallelism", Integer.toString(parallelism));
    p.put("run.partitions", Integer.toString(partitions));
    p.put("run.seed", Long.toString(seed));
    p.put("run.profiles", String.join(",", profiles));
    params.forEach((k, v) -> p.put("workload." + k, v));
    p.put("run.idle-timeout", Durations.format(idleTimeout));
    p.put("run.driver-threads", driver.describe());
    if (cpuProfile) {
      // a profiled run is a setup of its own (the profiler costs CPU); absent when off, as before
      p.put("run.cpu-profile", "true");
    }
    if (!cpus.isNone()) {
      // a placed run is a setup of its own; absent without a placement, as before
      p.put("run.cpus", cpus.describe());
    }
    if (deployment.cluster() || deployment.yarn()) {
      // absent for local runs, so their configuration hashes are those of earlier versions
      p.put("run.deployment", deployment.kind().id());
      p.put("run.workers", Integer.toString(deployment.workers()));
      p.put("run.slots-per-worker", Integer.toString(deployment.slotsPerWorker()));
    } else if (deployment.external()) {
      p.put("run.deployment", deployment.kind().id());
      p.put("run.cluster", deployment.address());
    }
    if (checkpointStorage != CheckpointStorage.LOCAL) {
      // absent for local checkpoints, so that earlier runs' configuration hashes stay theirs
      p.put("run.checkpoint-storage", checkpointStorage.id());
    }
    if (!agents.none()) {
      // load from agents is a setup of its own; absent without them, as before
      p.put("run.agents", String.join(",", agents.addresses()));
      p.put("run.generator-threads-per-agent", Integer.toString(loopsPerAgent()));
    }
    if (!faults.isEmpty()) {
      // a run with faults is a setup of its own; absent without any, as before
      p.put("run.faults", String.join(" ", faults.faults().stream().map(FaultSpec::text).toList()));
      p.put("run.restart-delay", Durations.format(faults.restartDelay()));
      p.put("run.recovery-grace", Durations.format(faults.grace()));
      if (faults.afterRecovery() != null) {
        // absent unless asked for, as before it existed
        p.put("run.after-recovery", Durations.format(faults.afterRecovery()));
      }
      if (faults.mechanism() != LinkMechanism.PROXY) {
        // absent for the proxy, as before the namespaces
        p.put("run.link-mechanism", faults.mechanism().id());
      }
    }
    if (mode == Mode.FIXED_RATE) {
      p.put("run.rate", Long.toString(rate));
      p.put("run.warmup", Durations.format(warmup));
      p.put("run.duration", Durations.format(duration));
      p.put("run.max-generator-lag", Durations.format(maxGeneratorLag));
    } else {
      p.put("run.records", Long.toString(records));
    }
    return p;
  }
}
