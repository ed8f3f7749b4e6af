package org.streambench.verifier;

import java.util.List;
import java.util.Map;

/**
 * A checker's answer, read the way Jepsen's checkers read: {@code valid}, {@code invalid} or {@code
 * unknown}, with named counts and a few examples of what went wrong.
 *
 * @param status valid, invalid or unknown
 * @param reasons why the run is not valid (empty when valid), each with the count it is about
 * @param counts named counts (expected, received, lost, duplicated, phantom, ...)
 * @param examples a few offending records or ranges per kind of error
 */
public record Verdict(
    Status status,
    List<Reason> reasons,
    Map<String, Long> counts,
    Map<String, List<String>> examples) {

  /**
   * One reason a checker found the output wrong.
   *
   * @param kind what it is: {@code lost}, {@code duplicated}, {@code phantom}, or the count of a
   *     workload's own rule ({@code alerts}, {@code wrong}, ...)
   * @param text one line for people
   */
  public record Reason(String kind, String text) {
    @Override
    public String toString() {
      return text;
    }
  }

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
