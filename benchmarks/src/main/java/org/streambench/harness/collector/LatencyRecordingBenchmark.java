package org.streambench.harness.collector;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.streambench.harness.generator.PacingSchedule;
import org.streambench.verifier.SequenceVerifier;

/** The collector's per-record bookkeeping and the generator's schedule arithmetic. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class LatencyRecordingBenchmark {
  private static final long ORIGIN = 1_763_790_000_000_000L;

  private final Histogram histogram = new Histogram(3);
  private final PacingSchedule schedule = new PacingSchedule(123_457);
  private LatencyRecorder recorder;
  private SequenceVerifier verifier;
  private Path log;
  private long seq;

  @Setup
  public void setUp() throws IOException {
    log = Files.createTempFile("bench", ".hlog");
    recorder = new LatencyRecorder(log, ORIGIN);
    recorder.setSteadyWindow(new SteadyWindow(ORIGIN, Long.MAX_VALUE));
    verifier = new SequenceVerifier();
  }

  @TearDown
  public void tearDown() throws IOException {
    recorder.close();
    Files.deleteIfExists(log);
  }

  @Benchmark
  public void histogramRecordValue() {
    histogram.recordValue(1_000 + (seq++ & 0xFFFF));
  }

  /** Both latencies, steady-state and interval histograms: what the collector does per record. */
  @Benchmark
  public void latencyRecorderRecord() {
    long s = seq++;
    recorder.record(ORIGIN + s, ORIGIN + s + 5_000 + (s & 0xFFF), 10, 20 + (s & 0xFF));
  }

  /** Verifier bookkeeping for in-order delivery (grows to the benchmark's record count). */
  @Benchmark
  public void verifierObserve() {
    verifier.observe(seq++ & 0x3FFFFFF);
  }

  @Benchmark
  public long pacingDueBy() {
    return schedule.dueBy(seq++ * 1_000);
  }
}
