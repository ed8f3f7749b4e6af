package org.streambench.harness.compare;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.streambench.harness.report.model.Format;
import org.streambench.harness.report.model.Resolution;

/**
 * Prints a {@link Comparison} as a table per matched point (resolved differences flagged, the
 * regression rule's call beside them), and {@link AaPairs}' false alarms.
 */
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
      lines.add(
          new String[] {
            "figure", "A", "B", "change", "noise A", "noise B", "resolution", "regression rule"
          });
      for (Comparison.Row r : p.rows()) {
        lines.add(
            new String[] {
              r.label(),
              value(r.a()),
              value(r.b()),
              r.change(),
              range(r.a()),
              range(r.b()),
              (r.flagged() ? "<< " : "") + r.judgement(),
              r.rule().text()
            });
      }
      printAligned(lines, out, 3);
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
        "noise: with repetitions, the median's confidence interval from order statistics (its"
            + " coverage beside it; with fewer than 6 runs it is the min–max and covers less than"
            + " 95%); for a single run, its figure ± the standard deviation of its per-second values"
            + " in the steady state, which is within-run noise, not repetition noise (a single run"
            + " cannot show how much repetitions differ).");
    out.println(
        "resolution: a difference is resolved (<<) when the two ranges share no value; otherwise"
            + " it is not resolved, and the smallest difference these ranges could resolve is"
            + " given (their half-widths added, as a share of A).");
    out.println(
        "regression rule: B is a regression or an improvement when |B − A| / A exceeds the larger"
            + " of "
            + Resolution.percent(c.rule().threshold())
            + " (--threshold) and twice A's relative spread, (max − min) / median of A's"
            + " repetitions.");
  }

  /** The false alarms of both rules on A/A pairs, per figure and over all. */
  public static void printAa(AaPairs aa, PrintStream out) {
    Comparison c = aa.comparison();
    out.println("A/A pairs: " + c.a().description() + " against its even repetitions");
    out.println(
        "each configuration's odd repetitions (A) against its even ones (B): the same settings,"
            + " so every call is a false alarm");
    if (aa.total().pairs() == 0) {
      out.println("no A/A pair: no configuration has a valid run in two repetitions");
      return;
    }
    List<String[]> lines = new ArrayList<>();
    lines.add(new String[] {"figure", "pairs", "rule flagged", "share", "resolved", "share"});
    for (AaPairs.Tally t : aa.tallies()) {
      lines.add(
          new String[] {
            t.figure(),
            Integer.toString(t.pairs()),
            Integer.toString(t.flagged()),
            Resolution.percent(t.flaggedShare()),
            Integer.toString(t.resolved()),
            Resolution.percent(t.resolvedShare())
          });
    }
    printAligned(lines, out, 5);
    out.println();
    out.printf(
        "false-alarm rate of the regression rule (%s or twice A's spread): %s of %d pairs;"
            + " of the resolution rule: %s%n",
        Resolution.percent(c.rule().threshold()),
        Resolution.percent(aa.total().flaggedShare()),
        aa.total().pairs(),
        Resolution.percent(aa.total().resolvedShare()));
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

  /** Columns 1 to {@code lastNumeric} right-aligned, the others left. */
  private static void printAligned(List<String[]> lines, PrintStream out, int lastNumeric) {
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
        boolean numeric = i >= 1 && i <= lastNumeric;
        String pad = " ".repeat(widths[i] - cell.length());
        b.append(numeric ? pad + cell : cell + pad).append("  ");
      }
      out.println(b.toString().stripTrailing());
    }
  }
}
