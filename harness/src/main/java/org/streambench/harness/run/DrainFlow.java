package org.streambench.harness.run;

import java.util.List;
import java.util.Optional;
import org.streambench.harness.collector.CollectorReport;
import org.streambench.harness.collector.SteadyWindow;
import org.streambench.harness.results.Finding;
import org.streambench.harness.results.GeneratorReport;

/**
 * Drain: the input is pre-filled as fast as the generator can, then the engine starts and works
 * through the backlog. Throughput, and the engine's cores it is divided by, are taken over the
 * steady part of the per-second output series ({@link DrainSteadyPart}: ramp-up and tail left out);
 * a drain too short to have one falls back to input records over the time from the engine's
 * readiness to its last output (less the workload's own output delay, such as a window's length),
 * and says so.
 */
final class DrainFlow implements ModeFlow {

  @Override
  public Measurements run(RunContext run) throws Exception {
    long records = run.request.records();
    run.progress.accept(String.format("pre-filling %,d records", records));
    run.startGenerator(() -> run.generator.runUnpaced(records));
    GeneratorReport generated = run.awaitGenerator();
    run.progress.accept(String.format("pre-filled at %,.0f records/s", generated.achievedRate()));
    run.engine.start(run.layout.specFile(), run.sampler, run.watch, run.progress);
    run.markSteadyStart();
    run.startCollector().setSteadyWindow(SteadyWindow.ALL);
    CollectorReport collected = run.awaitCollector(true, generated.sent());
    double cores = run.steadyCores("engine");
    Optional<DrainSteadyPart> steady = DrainSteadyPart.of(collected.intervals());
    if (steady.isPresent() && collected.received() > 0) {
      DrainSteadyPart part = steady.get();
      long origin = run.seriesOriginMillis();
      double steadyCores =
          run.sampler.coresBetweenMillis(
              "engine", origin + part.fromSecond() * 1000, origin + part.toSecond() * 1000);
      return new Measurements(
          generated,
          collected,
          null,
          Measurements.throughput(
              part.inputPerSecond(generated.sent(), collected.received()),
              part.outputPerSecond(),
              part.seconds(),
              Double.isNaN(steadyCores) ? cores : steadyCores),
          List.of());
    }
    long last = collected.lastReceiveMicros() - run.workload.outputDelayMicros();
    double seconds = Math.max(1e-3, (last - run.engine.readyMicros()) / 1e6);
    return new Measurements(
        generated,
        collected,
        null,
        Measurements.throughput(
            generated.sent() / seconds, collected.received() / seconds, seconds, cores),
        List.of(
            Finding.warning(
                Finding.Kind.DRAIN_TOO_SHORT,
                String.format(
                    "drain too short for a steady part (fewer than %d seconds at full output):"
                        + " throughput over the whole drain, start-up included; pre-fill more"
                        + " records",
                    DrainSteadyPart.MIN_SECONDS))));
  }
}
