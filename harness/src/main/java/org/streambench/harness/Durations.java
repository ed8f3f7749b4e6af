package org.streambench.harness;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses and prints the durations of the command line: {@code 500ms}, {@code 60s}, {@code 2m}. */
public final class Durations {
  private static final Pattern FORMAT = Pattern.compile("(\\d+)(ms|s|m|h)?");

  private Durations() {}

  public static Duration parse(String text) {
    Matcher m = FORMAT.matcher(text.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "'" + text + "' is not a duration (examples: 500ms, 60s, 2m)");
    }
    long n = Long.parseLong(m.group(1));
    String unit = m.group(2) == null ? "s" : m.group(2);
    return switch (unit) {
      case "ms" -> Duration.ofMillis(n);
      case "m" -> Duration.ofMinutes(n);
      case "h" -> Duration.ofHours(n);
      default -> Duration.ofSeconds(n);
    };
  }

  public static String format(Duration d) {
    long ms = d.toMillis();
    return ms % 1000 == 0 ? (ms / 1000) + "s" : ms + "ms";
  }
}
