package org.streambench.harness.report.model;

import java.util.Locale;
import java.util.Set;

/** How figures and labels read in the report and in {@code compare}. */
public final class Format {
  private static final Set<String> VALUE_ONLY = Set.of("engine", "workload", "mode", "guarantee");

  private Format() {}

  /** 950, 1.5k, 40k, 1.2M (records/s). */
  public static String rate(double perSecond) {
    if (Double.isNaN(perSecond)) {
      return "-";
    }
    if (perSecond >= 1e6) {
      return trim(perSecond / 1e6) + "M";
    }
    if (perSecond >= 1e3) {
      return trim(perSecond / 1e3) + "k";
    }
    return String.format(Locale.ROOT, "%.0f", perSecond);
  }

  private static String trim(double v) {
    String s = String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.3g", v);
    return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
  }

  /** A figure with as many decimals as its size needs: 12,345 / 123 / 12.3 / 1.23 / 0.123. */
  public static String number(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    double abs = Math.abs(v);
    String pattern =
        abs >= 1000
            ? "%,.0f"
            : abs >= 100 ? "%.0f" : abs >= 10 ? "%.1f" : abs >= 1 ? "%.2f" : "%.3f";
    return String.format(Locale.ROOT, pattern, v);
  }

  /** One label of a configuration's name: {@code flink}, {@code rate=10k/s}, {@code x=5ms}. */
  public static String label(String key, String value) {
    if (VALUE_ONLY.contains(key)) {
      return value;
    }
    if (key.equals("rate")) {
      return "rate=" + rateLabel(value);
    }
    return shortKey(key) + "=" + value;
  }

  private static String rateLabel(String value) {
    try {
      return rate(Double.parseDouble(value)) + "/s";
    } catch (NumberFormatException e) {
      return value;
    }
  }

  /** {@code set:flink.execution.x} → {@code execution.x}, {@code param:y} → {@code y}. */
  private static String shortKey(String key) {
    if (key.startsWith("set:")) {
      String setting = key.substring("set:".length());
      int dot = setting.indexOf('.');
      return dot < 0 ? setting : setting.substring(dot + 1);
    }
    return key.startsWith("param:") ? key.substring("param:".length()) : key;
  }

  /** B relative to A: {@code +12.3%}, {@code -4.0%}; "-" when A is zero or either is missing. */
  public static String percentChange(double a, double b) {
    if (Double.isNaN(a) || Double.isNaN(b) || a == 0) {
      return "-";
    }
    double percent = 100 * (b - a) / Math.abs(a);
    // no "-0.0%" for a change that rounds to nothing
    return Math.abs(percent) < 0.05 ? "0.0%" : String.format(Locale.ROOT, "%+.1f%%", percent);
  }
}
