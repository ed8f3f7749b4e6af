package org.streambench.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.streambench.api.EpochMicros;
import org.streambench.api.IdentityRecords;

/**
 * Record encoding (generator), decoding (collector) and stamping (engines), per record, at the
 * record sizes calibrate uses.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class RecordCodecBenchmark {
  @Param({"0", "150", "1024"})
  int size;

  private final byte[] buf = new byte[2048];
  private byte[] output;
  private final long[] fields = new long[IdentityRecords.OUTPUT_FIELDS];
  private long seq;

  @Setup
  public void setUp() {
    int len =
        IdentityRecords.encodeOutput(
            1_234_567, 1_763_790_000_123_456L, size, 1L << 50, 1L << 50, buf);
    output = java.util.Arrays.copyOf(buf, len);
  }

  @Benchmark
  public int encodeInput() {
    return IdentityRecords.encodeInput(seq++, 1_763_790_000_123_456L, size, buf);
  }

  @Benchmark
  public boolean parseOutput() {
    return IdentityRecords.parseOutput(output, fields);
  }

  @Benchmark
  public byte[] appendStamp() {
    return IdentityRecords.appendStamp(output, 1_763_790_000_123_456L);
  }

  /** Timestamp extraction: the clock read behind every stamp. */
  @Benchmark
  public long epochMicros() {
    return EpochMicros.now();
  }
}
