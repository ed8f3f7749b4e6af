package org.streambench.api;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The delivery guarantee a run asks of an engine, named as on the command line. */
public enum Guarantee {
  AT_MOST_ONCE("at-most-once"),
  AT_LEAST_ONCE("at-least-once"),
  EXACTLY_ONCE("exactly-once");

  private final String id;

  Guarantee(String id) {
    this.id = id;
  }

  /** The name used on the command line, in config file names and in results. */
  public String id() {
    return id;
  }

  /** Whether this guarantee forbids losing records. */
  public boolean forbidsLoss() {
    return this != AT_MOST_ONCE;
  }

  /** Whether this guarantee forbids delivering a record twice. */
  public boolean forbidsDuplicates() {
    return this != AT_LEAST_ONCE;
  }

  public static Guarantee parse(String id) {
    for (Guarantee g : values()) {
      if (g.id.equals(id)) {
        return g;
      }
    }
    throw new IllegalArgumentException(
        "unknown guarantee '" + id + "' (expected one of " + ids() + ")");
  }

  public static String ids() {
    return Arrays.stream(values()).map(Guarantee::id).collect(Collectors.joining(", "));
  }

  @Override
  public String toString() {
    return id;
  }
}
