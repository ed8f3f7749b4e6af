package org.streambench.harness.results;

/**
 * What the generator did.
 *
 * @param sent records handed to the producer and acknowledged
 * @param sendErrors records (end markers included) the producer failed to deliver
 * @param targetRate records/s asked for (0 in drain mode: as fast as possible)
 * @param achievedRate records sent / seconds from the first to the last send
 * @param maxLagMicros the furthest the generator fell behind its schedule, warm-up included
 * @param steadyMaxLagMicros the same after the warm-up: what decides whether the run is valid
 * @param latenessP50Micros median of (actual send time − intended send time) after the warm-up
 * @param latenessP99Micros 99th percentile of the same
 * @param sentPerSecond records sent in each second since the start
 * @param startMicros epoch micros of the schedule's start (record 0's intended time)
 * @param endMicros epoch micros when the last record was acknowledged
 * @param threadCpuSeconds CPU of the generating thread
 * @param networkThreadCpuSeconds CPU of its producer's network thread
 * @param allocatedBytesPerRecord heap the generating thread allocated per record
 */
public record GeneratorReport(
    long sent,
    long sendErrors,
    long targetRate,
    double achievedRate,
    long maxLagMicros,
    long steadyMaxLagMicros,
    long latenessP50Micros,
    long latenessP99Micros,
    long[] sentPerSecond,
    long startMicros,
    long endMicros,
    double threadCpuSeconds,
    double networkThreadCpuSeconds,
    double allocatedBytesPerRecord) {

  /**
   * Input records the generator tried to send, delivered or not: what the run must expect, since a
   * record whose send failed may still have reached the topic (a timed-out request can succeed).
   */
  public long attempted() {
    long n = 0;
    for (long s : sentPerSecond) {
      n += s;
    }
    return n;
  }

  /** Records sent per second, on average, in the seconds {@code [from, from + seconds)}. */
  public double meanRate(java.time.Duration from, java.time.Duration seconds) {
    int first = (int) from.toSeconds();
    int end = first + (int) seconds.toSeconds();
    long sent = 0;
    for (int s = first; s < Math.min(end, sentPerSecond.length); s++) {
      sent += sentPerSecond[s];
    }
    return sent / (seconds.toNanos() / 1e9);
  }
}
