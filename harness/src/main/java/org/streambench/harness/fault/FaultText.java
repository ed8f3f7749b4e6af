package org.streambench.harness.fault;

import java.time.Duration;
import java.util.List;
import org.streambench.harness.Durations;
import org.streambench.harness.UsageException;

/**
 * A {@code --fault} option's parts, as every kind writes them: {@code
 * KIND:TARGET@TIME[/LENGTH][:OPTION...]}, {@code TIME} a duration from the start of the steady
 * state or {@code every:PERIOD}. The rules every kind shares are checked here: a fault needs steady
 * output before it, a period is positive.
 *
 * @param text the option as given
 * @param kind the text before the first colon
 * @param target the text between it and {@code @}
 * @param first when the first fault happens
 * @param every the period of a repeated fault, or null
 * @param length the length after {@code /}, or null
 * @param options the colon-separated words after the time
 */
public record FaultText(
    String text,
    String kind,
    String target,
    Duration first,
    Duration every,
    Duration length,
    List<String> options) {
  private static final String EVERY = "every:";

  static FaultText of(String given) {
    String text = given.trim();
    int at = text.indexOf('@');
    int colon = text.indexOf(':');
    if (at < 0 || colon < 0 || colon > at) {
      throw bad(text, "expected " + FaultKinds.USAGE);
    }
    String when = text.substring(at + 1);
    boolean repeated = when.startsWith(EVERY);
    if (repeated) {
      when = when.substring(EVERY.length());
    }
    List<String> words = List.of(when.split(":", -1));
    String time = words.get(0);
    Duration length = null;
    int slash = time.indexOf('/');
    if (slash >= 0) {
      length = duration(time.substring(slash + 1), text);
      time = time.substring(0, slash);
    }
    Duration first = duration(time, text);
    Duration every = null;
    if (repeated) {
      if (first.isZero()) {
        throw bad(text, "the period of a repeated fault must be positive");
      }
      every = first;
    }
    if (first.compareTo(Duration.ofSeconds(1)) < 0) {
      throw bad(text, "a fault needs steady output before it to recover to: 1s or later");
    }
    return new FaultText(
        text,
        text.substring(0, colon),
        text.substring(colon + 1, at),
        first,
        every,
        length,
        words.subList(1, words.size()));
  }

  /** A usage error about this option: {@code --fault TEXT: why}. */
  public UsageException bad(String why) {
    return bad(text, why);
  }

  private static UsageException bad(String text, String why) {
    return new UsageException("--fault " + text + ": " + why);
  }

  private static Duration duration(String value, String text) {
    try {
      return Durations.parse(value);
    } catch (RuntimeException e) {
      throw bad(text, "'" + value + "' is not a duration such as 20s or 500ms");
    }
  }
}
