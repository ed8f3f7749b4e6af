package org.streambench.harness.calibrate;

import static java.util.concurrent.TimeUnit.MICROSECONDS;
import static java.util.concurrent.TimeUnit.SECONDS;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ScheduledExecutorService;
import org.streambench.api.EpochMicros;
import org.streambench.harness.generator.Generator;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.process.ThreadCost;
import org.streambench.harness.results.CalibrationResult;
import org.streambench.harness.results.GeneratorReport;
import org.streambench.harness.workload.Workloads;

/** Calibrate's pacing measurement: how closely and at what CPU the generator keeps a rate. */
final class PacingProbe {
  private static final Duration PACING_WARMUP = Duration.ofSeconds(1);

  /** The pacing CPU's last sample comes this long before the generator's last record is due. */
  private static final long END_SAMPLE_EARLY_MICROS = 200_000;

  private PacingProbe() {}

  /**
   * The paced generator on a thread named as in a run, its CPU (and its producer's network
   * thread's) read at the end of the warm-up and at the end of the measured time: JIT compilation
   * and the first writes' round trips in the warm-up are left out, as in a run's steady state.
   */
  static CalibrationResult.PacingResult measure(
      KafkaCluster kafka, String topic, long rate, Duration duration) throws Exception {
    ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();
    CompletableFuture<double[]> atWarm = new CompletableFuture<>();
    CompletableFuture<double[]> atEnd = new CompletableFuture<>();
    Generator generator =
        new Generator(kafka.bootstrapServers(), List.of(topic), Workloads.identity(0));
    FutureTask<GeneratorReport> task =
        new FutureTask<>(
            () ->
                generator.runPaced(
                    rate,
                    PACING_WARMUP,
                    duration,
                    start -> {
                      long sinceStart = EpochMicros.now() - start;
                      long warm = PACING_WARMUP.toNanos() / 1_000 - sinceStart;
                      // while the generator still sends: once it ends, its threads and their
                      // CPU are gone
                      long end = warm + duration.toNanos() / 1_000 - END_SAMPLE_EARLY_MICROS;
                      clock.schedule(() -> atWarm.complete(generatorCpu()), warm, MICROSECONDS);
                      clock.schedule(() -> atEnd.complete(generatorCpu()), end, MICROSECONDS);
                    }));
    Thread thread = new Thread(task, Generator.THREAD_NAME);
    thread.start();
    GeneratorReport r;
    double[] warm;
    double[] end;
    try {
      r = task.get();
      warm = atWarm.get(5, SECONDS);
      end = atEnd.get(5, SECONDS);
    } finally {
      clock.shutdownNow();
    }
    double seconds = (end[2] - warm[2]) / 1e9;
    double achieved = r.meanRate(PACING_WARMUP, duration);
    double cores = (end[0] - warm[0]) / seconds;
    double ioCores = (end[1] - warm[1]) / seconds;
    return new CalibrationResult.PacingResult(
        rate,
        achieved,
        achieved / rate,
        r.latenessP50Micros(),
        r.latenessP99Micros(),
        r.steadyMaxLagMicros(),
        cores,
        ioCores,
        cores * 100_000 / rate);
  }

  /**
   * CPU seconds so far of the generator's threads, of its producer's network thread alone, and the
   * {@link System#nanoTime} they were read at.
   */
  private static double[] generatorCpu() {
    return new double[] {
      ThreadCost.cpuSecondsOfThreads(Generator::isGeneratorThread),
      ThreadCost.cpuSecondsOfThreads(Generator::isNetworkThread),
      System.nanoTime()
    };
  }
}
