package org.streambench.harness.run;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.streambench.harness.Durations;
import org.streambench.harness.collector.CollectorReport;
import org.streambench.harness.collector.OutputCollector;
import org.streambench.harness.collector.SteadyWindow;
import org.streambench.harness.generator.PacingSchedule;
import org.streambench.harness.results.GeneratorReport;

/**
 * Fixed rate: engine ready → collector reading from the beginning → generator paced open loop for
 * warm-up + duration, the run's faults injected from the steady state's start → collector drains
 * the rest. Throughput is the mean over the steady window, which {@code --after-recovery} may end
 * early.
 */
final class FixedRateFlow implements ModeFlow {

  @Override
  public Measurements run(RunContext run) throws Exception {
    RunRequest request = run.request;
    run.engine.start(run.layout.specFile(), run.sampler, run.watch, run.progress);
    OutputCollector collector = run.startCollector();
    long warmup = request.warmup().toNanos() / 1_000;
    long steady = request.duration().toNanos() / 1_000;
    AtomicLong start = new AtomicLong();
    PacingSchedule schedule = new PacingSchedule(request.rate());
    long total = schedule.recordsIn(request.warmup().plus(request.duration()).toNanos());
    run.startGenerator(
        () ->
            run.generator.runPaced(
                request.rate(),
                request.warmup(),
                request.duration(),
                s -> {
                  collector.setSteadyWindow(new SteadyWindow(s + warmup, s + warmup + steady));
                  collector.setSchedule(s, schedule, total);
                  start.set(s);
                }));
    run.progress.accept(
        String.format(
            "generating %,d records/s for %s warm-up + %s",
            request.rate(),
            Durations.format(request.warmup()),
            Durations.format(request.duration())));
    while (start.get() == 0 && run.generatorRunning()) {
      run.watch.check();
      Thread.sleep(10);
    }
    long steadyStart = start.get() + warmup;
    run.sleepUntil(steadyStart);
    run.markSteadyStart();
    run.startFaults(steadyStart);
    long steadyEnd =
        run.sleepThroughSteadyState(
            steadyStart,
            steadyStart + steady,
            early -> {
              // --after-recovery: the input, its end markers and the steady window end here
              long records = schedule.recordsIn((early - start.get()) * 1_000);
              run.generator.finishBefore(records);
              collector.setSchedule(start.get(), schedule, records);
              collector.setSteadyWindow(new SteadyWindow(steadyStart, early));
            });
    run.markSteadyEnd();
    GeneratorReport generated = run.awaitGenerator();
    CollectorReport collected = run.awaitCollector(false, generated.sent());
    Duration measured = Duration.ofNanos((steadyEnd - steadyStart) * 1_000);
    double seconds = measured.toNanos() / 1e9;
    return new Measurements(
        generated,
        collected,
        null,
        Measurements.throughput(
            generated.meanRate(request.warmup(), measured),
            collected.steadyReceived() / seconds,
            seconds,
            run.steadyCores("engine")),
        List.of());
  }
}
