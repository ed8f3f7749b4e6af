package org.streambench.harness.net;

/**
 * What a link does to the bytes on it, each way: {@code out} from the client that connects (an
 * engine, the generator) to the server it connects to (a broker), {@code back} the other way.
 * Several at once on one link add up ({@link #and}): stalls and drops either way, delays summed,
 * the lower bandwidth.
 *
 * @param stallOut bytes towards the server are held (a partition that way): nothing is lost, as TCP
 *     would retransmit what a cut link drops, and the connections stay open
 * @param stallBack bytes towards the client are held
 * @param drop every connection is reset and new ones refused (a partition that closes sockets)
 * @param delayOutMicros how much later each chunk of bytes reaches the server
 * @param delayBackMicros how much later each chunk reaches the client
 * @param jitterMicros each delay varies by up to this much either way per chunk (never below 0, and
 *     never reordering bytes)
 * @param outBytesPerSecond the most the link carries towards the server per second, shared by its
 *     connections; 0 is no limit
 * @param backBytesPerSecond the same towards the client
 */
public record Impairment(
    boolean stallOut,
    boolean stallBack,
    boolean drop,
    long delayOutMicros,
    long delayBackMicros,
    long jitterMicros,
    long outBytesPerSecond,
    long backBytesPerSecond) {
  /** Bytes pass as they come. */
  public static final Impairment PASS = new Impairment(false, false, false, 0, 0, 0, 0, 0);

  /** Nothing passes the given ways; connections stay open and wait. */
  public static Impairment stalled(boolean out, boolean back) {
    return new Impairment(out, back, false, 0, 0, 0, 0, 0);
  }

  /** Every connection reset, new ones too. */
  public static Impairment dropped() {
    return new Impairment(false, false, true, 0, 0, 0, 0, 0);
  }

  /** Each way later by its delay, give or take {@code jitterMicros}. */
  public static Impairment delayed(long outMicros, long backMicros, long jitterMicros) {
    return new Impairment(false, false, false, outMicros, backMicros, jitterMicros, 0, 0);
  }

  /** At most the given bytes per second each way (0: no limit). */
  public static Impairment limited(long outBytesPerSecond, long backBytesPerSecond) {
    return new Impairment(false, false, false, 0, 0, 0, outBytesPerSecond, backBytesPerSecond);
  }

  /** This and {@code other} at once. */
  public Impairment and(Impairment other) {
    return new Impairment(
        stallOut || other.stallOut,
        stallBack || other.stallBack,
        drop || other.drop,
        delayOutMicros + other.delayOutMicros,
        delayBackMicros + other.delayBackMicros,
        jitterMicros + other.jitterMicros,
        lower(outBytesPerSecond, other.outBytesPerSecond),
        lower(backBytesPerSecond, other.backBytesPerSecond));
  }

  private static long lower(long a, long b) {
    return a == 0 ? b : b == 0 ? a : Math.min(a, b);
  }

  boolean stalls(boolean outward) {
    return outward ? stallOut : stallBack;
  }

  long delayMicros(boolean outward) {
    return outward ? delayOutMicros : delayBackMicros;
  }

  long bytesPerSecond(boolean outward) {
    return outward ? outBytesPerSecond : backBytesPerSecond;
  }
}
