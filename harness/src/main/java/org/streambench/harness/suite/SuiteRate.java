package org.streambench.harness.suite;

import org.streambench.harness.UsageException;

/**
 * One entry of a suite's {@code rates}: records/s ({@code 20000}), or a percentage of the
 * sustainable rate the suite searches first for the same configuration ({@code 90%}), as Karimov et
 * al. (ICDE 2018) measured latency at fractions of each engine's own sustainable throughput.
 *
 * @param absolute records/s, 0 for a relative rate
 * @param fraction of the sustainable rate, 0 for an absolute rate
 */
record SuiteRate(long absolute, double fraction) {
  static SuiteRate parse(String text) {
    String t = text.trim();
    try {
      if (t.endsWith("%")) {
        double percent = Double.parseDouble(t.substring(0, t.length() - 1).trim());
        if (percent > 0) {
          return new SuiteRate(0, percent / 100);
        }
      } else {
        long rate = Long.parseLong(t);
        if (rate > 0) {
          return new SuiteRate(rate, 0);
        }
      }
    } catch (NumberFormatException e) {
      // the message below
    }
    throw new UsageException(
        "suite: rates are records/s or a percentage of the sustainable rate (e.g. 20000 or 90%),"
            + " was '"
            + text
            + "'");
  }

  boolean relative() {
    return fraction > 0;
  }

  /** The offered rate at this fraction of {@code sustainable} records/s, at least 1. */
  long of(long sustainable) {
    return Math.max(1, Math.round(fraction * sustainable));
  }
}
