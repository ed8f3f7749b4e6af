package org.streambench.verifier;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.streambench.api.Guarantee;

/**
 * Assembles a {@link Verdict} from named counts and examples, judging each kind of error against
 * the run's guarantee: {@code lost} is an error unless at-most-once, {@code duplicated} unless
 * at-least-once, anything else ({@code phantom}, {@code wrong}, {@code incomplete}) always.
 *
 * <pre>
 * VerdictBuilder v = new VerdictBuilder(guarantee);
 * v.count("expected", n);
 * v.error("lost", lostCount, "windows lost");   // counted, judged, reason added when forbidden
 * v.example("lost", "word baba: 3 of 5 windows");
 * Verdict verdict = v.build();
 * </pre>
 */
public final class VerdictBuilder {
  static final int MAX_EXAMPLES = 5;

  private final Guarantee guarantee;
  private final Map<String, Long> counts = new LinkedHashMap<>();
  private final Map<String, List<String>> examples = new LinkedHashMap<>();
  private final List<Verdict.Reason> reasons = new ArrayList<>();

  public VerdictBuilder(Guarantee guarantee) {
    this.guarantee = guarantee;
  }

  /** A count that is not an error (expected, received, ...). */
  public VerdictBuilder count(String name, long value) {
    counts.put(name, value);
    return this;
  }

  /**
   * An error count: recorded always; when positive and forbidden by the guarantee, the verdict is
   * invalid with reason "{@code value} {@code what}".
   */
  public VerdictBuilder error(String kind, long value, String what) {
    return error(kind, kind, value, what);
  }

  /** An error judged by the rule of {@code rule} ({@code lost} or {@code duplicated}). */
  public VerdictBuilder error(String rule, String kind, long value, String what) {
    counts.put(kind, value);
    if (value > 0 && forbidden(rule)) {
      reasons.add(new Verdict.Reason(rule, value + " " + what + " (" + kindRule(rule) + ")"));
    }
    return this;
  }

  /** An error that is forbidden whatever the guarantee (used for checks a workload defines). */
  public VerdictBuilder violation(String kind, long value, String reason) {
    counts.put(kind, value);
    if (value > 0) {
      reasons.add(new Verdict.Reason(kind, reason));
    }
    return this;
  }

  /** Adds an example of {@code kind}; the first few are kept. */
  public VerdictBuilder example(String kind, String example) {
    List<String> list = examples.computeIfAbsent(kind, k -> new ArrayList<>());
    if (list.size() < MAX_EXAMPLES) {
      list.add(example);
    }
    return this;
  }

  /** Adds the examples collected in {@code notes} (e.g. while observing output). */
  public VerdictBuilder examplesFrom(VerdictBuilder notes) {
    notes.examples.forEach((kind, list) -> list.forEach(e -> example(kind, e)));
    return this;
  }

  /** Whether more examples of {@code kind} would be kept. */
  public boolean wantsExample(String kind) {
    List<String> list = examples.get(kind);
    return list == null || list.size() < MAX_EXAMPLES;
  }

  public Verdict build() {
    examples.values().removeIf(List::isEmpty);
    return new Verdict(
        reasons.isEmpty() ? Verdict.Status.VALID : Verdict.Status.INVALID,
        List.copyOf(reasons),
        new LinkedHashMap<>(counts),
        new LinkedHashMap<>(examples));
  }

  private boolean forbidden(String kind) {
    switch (kind) {
      case "lost":
        return guarantee.forbidsLoss();
      case "duplicated":
        return guarantee.forbidsDuplicates();
      default:
        return true;
    }
  }

  private String kindRule(String kind) {
    switch (kind) {
      case "lost":
        return guarantee + " forbids loss";
      case "duplicated":
        return guarantee + " forbids duplicates";
      default:
        return "never allowed";
    }
  }
}
