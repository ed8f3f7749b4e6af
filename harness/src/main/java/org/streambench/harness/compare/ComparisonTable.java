package org.streambench.harness.compare;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.streambench.harness.report.model.Format;

/** Prints a {@link Comparison} as a table per matched point, changes beyond the noise flagged. */
public final class ComparisonTable {
  private ComparisonTable() {}

  public static void print(Comparison c, PrintStream out) {
    out.println("A: " + c.a().description());
    out.println("B: " + c.b().description());
    for (Comparison.Point p : c.points()) {
      out.println();
      out.println(p.key());
      if (p.notValidA() > 0 || p.notValidB() > 0) {
        out.printf(
            "!! left out as NOT VALID: %d run(s) of A, %d run(s) of B%n",
            p.notValidA(), p.notValidB());
      }
      List<String[]> lines = new ArrayList<>();
      lines.add(new String[] {"figure", "A", "B", "change", "noise A", "noise B", "judgement"});
      for (Comparison.Row r : p.rows()) {
        lines.add(
            new String[] {
              r.label(),
              value(r.a()),
              value(r.b()),
              r.change(),
              range(r.a()),
              range(r.b()),
              (r.flagged() ? "<< " : "") + r.judgement()
            });
      }
      printAligned(lines, out);
    }
    if (!c.onlyInA().isEmpty()) {
      out.println();
      out.println("only in A (not compared): " + String.join(", ", c.onlyInA()));
    }
    if (!c.onlyInB().isEmpty()) {
      out.println();
      out.println("only in B (not compared): " + String.join(", ", c.onlyInB()));
    }
    out.println();
    out.println(
        "noise: with repetitions, the min–max of each side's valid runs; for a single run, its figure"
            + " ± the standard deviation of its per-second values in the steady state (a single run"
            + " cannot show how much repetitions differ). A change is flagged (<<) when the two"
            + " ranges do not overlap.");
  }

  private static String value(NoiseRange r) {
    return r == null ? "-" : Format.number(r.value());
  }

  private static String range(NoiseRange r) {
    if (r == null) {
      return "-";
    }
    if (!r.known()) {
      return r.basis();
    }
    return Format.number(r.low()) + "–" + Format.number(r.high()) + " (" + r.basis() + ")";
  }

  private static void printAligned(List<String[]> lines, PrintStream out) {
    int[] widths = new int[lines.get(0).length];
    for (String[] l : lines) {
      for (int i = 0; i < l.length; i++) {
        widths[i] = Math.max(widths[i], l[i].length());
      }
    }
    for (String[] l : lines) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < l.length; i++) {
        String cell = l[i];
        boolean numeric = i >= 1 && i <= 3;
        String pad = " ".repeat(widths[i] - cell.length());
        b.append(numeric ? pad + cell : cell + pad).append("  ");
      }
      out.println(b.toString().stripTrailing());
    }
  }
}
