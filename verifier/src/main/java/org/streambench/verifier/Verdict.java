package org.streambench.verifier;

import java.util.List;
import java.util.Map;

/**
 * A checker's answer, read the way Jepsen's checkers read: {@code valid}, {@code invalid} or {@code
 * unknown}, with named counts and a few examples of what went wrong.
 *
 * @param status valid, invalid or unknown
 * @param reasons why the run is not valid (empty when valid)
 * @param counts named counts (expected, received, lost, duplicated, phantom, ...)
 * @param examples a few offending records or ranges per kind of error
 */
public record Verdict(
    Status status,
    List<String> reasons,
    Map<String, Long> counts,
    Map<String, List<String>> examples) {

  /** The three answers a checker can give. */
  public enum Status {
    VALID,
    INVALID,
    UNKNOWN;

    public String id() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String toString() {
      return id();
    }
  }
}
