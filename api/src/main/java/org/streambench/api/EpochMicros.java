package org.streambench.api;

import java.time.Instant;

/**
 * Wall-clock time in microseconds since the epoch, the one time unit of every record stamp.
 *
 * <p>Latency is only ever computed from two stamps taken by the same JVM (the harness for
 * end-to-end latency, the engine for engine latency), so clock skew between processes never enters
 * a reported figure.
 */
public final class EpochMicros {
  private EpochMicros() {}

  public static long now() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
  }
}
