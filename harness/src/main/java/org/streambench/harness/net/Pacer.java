package org.streambench.harness.net;

/**
 * A bandwidth one way, shared by the connections of a link it applies to: n bytes take {@code n /
 * rate} seconds on the link, after those before them, and are written once they are through, so the
 * link carries at most the rate; rate 0 is no limit.
 */
final class Pacer {
  private final long bytesPerSecond;
  private long nextFreeNanos;

  Pacer(long bytesPerSecond) {
    this.bytesPerSecond = bytesPerSecond;
    this.nextFreeNanos = System.nanoTime();
  }

  /**
   * When {@code bytes} are through the link, reserving their time on it (nanoTime); 0: no limit.
   */
  synchronized long reserve(int bytes) {
    if (bytesPerSecond <= 0) {
      return 0;
    }
    long start = Math.max(System.nanoTime(), nextFreeNanos);
    nextFreeNanos = start + bytes * 1_000_000_000L / bytesPerSecond;
    return nextFreeNanos;
  }
}
