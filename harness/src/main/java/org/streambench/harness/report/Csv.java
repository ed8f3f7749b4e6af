package org.streambench.harness.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;
import java.util.stream.Collectors;

/** One CSV table (RFC 4180: fields with commas, quotes or line breaks are quoted). */
final class Csv {
  private static final MathContext SIX_DIGITS = new MathContext(6);
  private final StringBuilder out = new StringBuilder();

  Csv(String... header) {
    row((Object[]) header);
  }

  Csv row(Object... fields) {
    out.append(Arrays.stream(fields).map(Csv::field).collect(Collectors.joining(",")))
        .append("\r\n");
    return this;
  }

  private static String field(Object v) {
    String s;
    if (v == null || (v instanceof Double d && d.isNaN())) {
      s = "";
    } else if (v instanceof Double d && !d.isInfinite()) {
      s = new BigDecimal(d).round(SIX_DIGITS).stripTrailingZeros().toPlainString();
    } else {
      s = v.toString();
    }
    if (s.indexOf(',') >= 0
        || s.indexOf('"') >= 0
        || s.indexOf('\n') >= 0
        || s.indexOf('\r') >= 0) {
      return '"' + s.replace("\"", "\"\"") + '"';
    }
    return s;
  }

  @Override
  public String toString() {
    return out.toString();
  }
}
