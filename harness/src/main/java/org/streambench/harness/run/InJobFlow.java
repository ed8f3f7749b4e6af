package org.streambench.harness.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.streambench.harness.Durations;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.workload.InJobCheck;

/**
 * In-job source: the engine generates and counts by itself; the steady state runs from its
 * readiness to its report, which is checked against the harness's regeneration of the input.
 * Throughput is the engine's own count over its own clock, per core of its CPU over the same run.
 */
final class InJobFlow implements ModeFlow {
  private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);
  private static final Duration EXIT_TIMEOUT = Duration.ofSeconds(60);

  @Override
  public boolean usesTopics() {
    return false;
  }

  @Override
  public Measurements run(RunContext run) throws Exception {
    RunRequest request = run.request;
    run.engine.start(run.layout.specFile(), run.sampler, run.watch, run.progress);
    run.markSteadyStart();
    run.progress.accept(
        String.format("engine generating %,d records inside the job", request.records()));
    awaitReport(run, run.layout.file(InJobCheck.RESULT_FILE));
    // the engine writes its report, then exits: CPU is measured up to the report
    run.markSteadyEnd();
    if (!run.engine.awaitExit(EXIT_TIMEOUT)) {
      throw new ServiceFailure(
          "engine did not exit after writing its in-job report", run.engine.logTail());
    }
    if (!run.engine.exitedCleanly()) {
      run.watch.check();
    }
    InJobCheck inJob =
        InJobCheck.read(
            run.layout.runDir(),
            request.workloadDefinition(),
            request.workloadParams(),
            request.seed(),
            request.records(),
            request.guarantee());
    double seconds = inJob.seconds();
    double cpu = run.sampler.cpuBetween("engine", RunContext.STEADY_START, RunContext.STEADY_END);
    return new Measurements(
        null,
        null,
        inJob,
        new RunResult.Throughput(
            inJob.records() / seconds,
            inJob.outputs() / seconds,
            seconds,
            cpu > 0 ? inJob.outputs() / cpu : Double.NaN,
            cpu > 0 ? inJob.records() / cpu : Double.NaN),
        List.of());
  }

  /** Waits for the report; an engine idle for the idle timeout without it fails the run. */
  private static void awaitReport(RunContext run, Path report) throws Exception {
    Duration idleTimeout = run.request.idleTimeout();
    long lastReport = System.nanoTime();
    long idleSince = System.nanoTime();
    while (!Files.exists(report)) {
      if (!run.engine.alive() && !Files.exists(report)) {
        run.watch.check();
      }
      if (run.engineBusy()) {
        idleSince = System.nanoTime();
      } else if (System.nanoTime() - idleSince > idleTimeout.toNanos()) {
        throw new ServiceFailure(
            "engine idle for " + Durations.format(idleTimeout) + " without its report",
            run.engine.logTail());
      }
      Thread.sleep(20);
      if (System.nanoTime() - lastReport >= PROGRESS_EVERY.toNanos()) {
        run.progress.accept(
            String.format("engine generating and processing, %.2f cores", run.engineCoresNow()));
        lastReport = System.nanoTime();
      }
    }
  }
}
