package org.streambench.harness.suite;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.streambench.harness.Durations;
import org.streambench.harness.UsageException;
import org.streambench.harness.results.LatencySummary;

/**
 * A bound on one end-to-end latency percentile of the steady state, e.g. {@code p99 <= 500ms}.
 *
 * @param percentile p50, p90, p95, p99 or p999
 * @param max the bound
 */
public record LatencyObjective(String percentile, Duration max) {
  private static final Pattern FORM =
      Pattern.compile("\\s*(p50|p90|p95|p99|p999)\\s*<=?\\s*(\\S+)\\s*");

  /** Parses {@code p99 <= 500ms}; null text means no objective. */
  public static LatencyObjective parse(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    Matcher m = FORM.matcher(text);
    if (!m.matches()) {
      throw new UsageException(
          "latency-objective must look like 'p99 <= 500ms' (p50, p90, p95, p99 or p999), was '"
              + text
              + "'");
    }
    try {
      return new LatencyObjective(m.group(1), Durations.parse(m.group(2)));
    } catch (IllegalArgumentException e) {
      throw new UsageException("latency-objective: " + e.getMessage());
    }
  }

  /** The percentile's value in microseconds. */
  public long valueMicros(LatencySummary s) {
    return switch (percentile) {
      case "p50" -> s.p50();
      case "p90" -> s.p90();
      case "p95" -> s.p95();
      case "p99" -> s.p99();
      default -> s.p999();
    };
  }

  public boolean met(LatencySummary s) {
    return s != null && s.count() > 0 && valueMicros(s) <= max.toNanos() / 1_000;
  }

  @Override
  public String toString() {
    return percentile + " <= " + Durations.format(max);
  }
}
