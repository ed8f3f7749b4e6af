package org.streambench.harness.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.streambench.api.Deployment;
import org.streambench.api.EngineProcess;
import org.streambench.api.EpochMicros;
import org.streambench.api.JobSpec;
import org.streambench.harness.engine.ClusterRole;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.process.ChildProcess;
import org.streambench.harness.process.ProcessSampler;

/**
 * The engine's processes in one run, started from the engine's jar with the run's spec: one process
 * for a local deployment; for a cluster, the engine's {@link ClusterRole}s in order, a per-worker
 * role once per worker. Each is watched and sampled on its own ({@code engine/<process>}) and all
 * together as the role {@code engine}; the engine is ready when every process has written its ready
 * file. Stopped at the end.
 */
final class EngineProcesses {
  private static final Duration READY_TIMEOUT = Duration.ofMinutes(3);
  private static final long STOP_GRACE_MS = 15_000;

  private final EngineDescriptor engine;
  private final RunLayout layout;
  private final Deployment deployment;
  private final List<ChildProcess> processes = new ArrayList<>();
  private long readyMicros;

  EngineProcesses(EngineDescriptor engine, RunLayout layout, Deployment deployment) {
    this.engine = engine;
    this.layout = layout;
    this.deployment = deployment;
  }

  String name() {
    return engine.name();
  }

  /** Starts the engine on the spec file and waits until it is ready, watching it meanwhile. */
  void start(Path specFile, ProcessSampler sampler, ServiceWatch watch, Consumer<String> progress)
      throws IOException, InterruptedException, ServiceFailure {
    long t0 = System.nanoTime();
    List<EngineProcess> toStart = processNames();
    progress.accept(
        deployment.cluster()
            ? "starting engine "
                + engine.name()
                + " as a cluster: "
                + String.join(", ", toStart.stream().map(EngineProcess::name).toList())
            : "starting engine " + engine.name());
    List<Path> readyFiles = new ArrayList<>();
    for (EngineProcess named : toStart) {
      List<String> args = new ArrayList<>(List.of(specFile.toString()));
      args.addAll(named.args());
      ChildProcess process =
          ChildProcess.startJava(
              "engine",
              layout.runId(),
              engine.jar(),
              engine.mainClass(),
              engine.jvmOptions(),
              args,
              Map.of(),
              layout.file(named.logFile()));
      processes.add(process);
      if (deployment.cluster()) {
        sampler.watch("engine/" + named.name(), process.pid());
      }
      watch.watchEngine(
          "engine " + engine.name() + (deployment.cluster() ? " " + named.name() : ""),
          process,
          layout.file(named.errorFile()));
      readyFiles.add(layout.file(named.readyFile()));
    }
    sampler.watch("engine", processes.stream().map(ChildProcess::pid).toList());
    awaitReady(readyFiles, watch);
    readyMicros = EpochMicros.now();
    progress.accept(String.format("engine ready after %.1f s", (System.nanoTime() - t0) / 1e9));
  }

  /** The processes to start, in order: the sole one, or the cluster's roles. */
  private List<EngineProcess> processNames() {
    if (!deployment.cluster()) {
      return List.of(EngineProcess.SOLE);
    }
    List<EngineProcess> out = new ArrayList<>();
    for (ClusterRole role : engine.clusterRoles()) {
      if (role.perWorker()) {
        for (int i = 1; i <= deployment.workers(); i++) {
          out.add(new EngineProcess(role.name() + "-" + i, i));
        }
      } else {
        out.add(new EngineProcess(role.name(), JobSpec.SOLE));
      }
    }
    return out;
  }

  private void awaitReady(List<Path> readyFiles, ServiceWatch watch)
      throws InterruptedException, ServiceFailure {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    for (Path ready : readyFiles) {
      while (!Files.exists(ready)) {
        watch.check();
        if (System.nanoTime() > deadline) {
          throw new ServiceFailure(
              "engine not ready within "
                  + READY_TIMEOUT.toSeconds()
                  + " s (no "
                  + ready.getFileName()
                  + ")",
              logTail());
        }
        Thread.sleep(50);
      }
    }
  }

  /** The info file of the engine's sole or first process (versions, JVM flags). */
  Path infoFile() {
    return layout.file(processNames().get(0).infoFile());
  }

  /** When the engine became ready, in epoch micros. */
  long readyMicros() {
    return readyMicros;
  }

  boolean alive() {
    return !processes.isEmpty() && processes.stream().allMatch(ChildProcess::isAlive);
  }

  /** Waits for every process to exit on its own; whether all did within {@code timeout}. */
  boolean awaitExit(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    for (ChildProcess p : processes) {
      if (!p.waitFor(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())))) {
        return false;
      }
    }
    return true;
  }

  boolean exitedCleanly() {
    return processes.stream().allMatch(p -> !p.isAlive() && p.exitCode() == 0);
  }

  /** The last lines of the engine's (first process's) log, or null before it started. */
  String logTail() {
    return processes.isEmpty() ? null : processes.get(0).logTail(40);
  }

  /** Stops every process at once (each gets the grace period), so N workers take one grace. */
  void stop() {
    processes.parallelStream().forEach(p -> p.stop(STOP_GRACE_MS));
  }
}
