package org.streambench.harness.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.streambench.api.EngineLauncher;
import org.streambench.api.EpochMicros;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.process.ChildProcess;
import org.streambench.harness.process.ProcessSampler;

/**
 * The engine's processes in one run: started from the engine's jar with the run's spec, sampled
 * (role {@code engine}) and watched, ready when the engine writes its ready file, stopped at the
 * end. The local deployment has one process; the list leaves room for a cluster's several.
 */
final class EngineProcesses {
  private static final Duration READY_TIMEOUT = Duration.ofMinutes(3);
  private static final long STOP_GRACE_MS = 15_000;

  private final EngineDescriptor engine;
  private final RunLayout layout;
  private final List<ChildProcess> processes = new ArrayList<>();
  private long readyMicros;

  EngineProcesses(EngineDescriptor engine, RunLayout layout) {
    this.engine = engine;
    this.layout = layout;
  }

  String name() {
    return engine.name();
  }

  /** Starts the engine on the spec file and waits until it is ready, watching it meanwhile. */
  void start(Path specFile, ProcessSampler sampler, ServiceWatch watch, Consumer<String> progress)
      throws IOException, InterruptedException, ServiceFailure {
    progress.accept("starting engine " + engine.name());
    long t0 = System.nanoTime();
    ChildProcess process =
        ChildProcess.startJava(
            "engine",
            layout.runId(),
            engine.jar(),
            engine.mainClass(),
            engine.jvmOptions(),
            List.of(specFile.toString()),
            Map.of(),
            layout.file("engine.log"));
    processes.add(process);
    sampler.watch("engine", process.pid());
    watch.watchEngine("engine " + engine.name(), process, layout.runDir());
    Path ready = layout.file(EngineLauncher.READY_FILE);
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (!Files.exists(ready)) {
      watch.check();
      if (System.nanoTime() > deadline) {
        throw new ServiceFailure(
            "engine not ready within " + READY_TIMEOUT.toSeconds() + " s", logTail());
      }
      Thread.sleep(50);
    }
    readyMicros = EpochMicros.now();
    progress.accept(String.format("engine ready after %.1f s", (System.nanoTime() - t0) / 1e9));
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

  /** The last lines of the engine's log, or null before it started. */
  String logTail() {
    return processes.isEmpty() ? null : processes.get(0).logTail(40);
  }

  void stop() {
    processes.forEach(p -> p.stop(STOP_GRACE_MS));
  }
}
