package org.streambench.harness.report.model;

import java.util.List;
import java.util.Map;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.RunResult;

/**
 * One configuration of a report: the runs that repeat the same settings (a suite point's
 * repetitions, or stored runs whose settings match), or the trials of a sustainable-throughput
 * search.
 *
 * @param key stable key (a suite's point key, or the labels joined)
 * @param name the labels that tell it apart from the report's other configurations
 * @param labels every setting that names it (engine, workload, rate, ...)
 * @param search whether its runs are the trials of a search
 * @param members its runs in order, each with its label within the configuration
 * @param points the suite points it came from (empty for a selection of runs)
 */
public record Configuration(
    String key,
    String name,
    Map<String, String> labels,
    boolean search,
    List<Member> members,
    List<PointOutcome> points) {

  /** A run and what it is within its configuration ({@code rep 2}, {@code trial 3 @ 40k/s}). */
  public record Member(String label, RunResult run) {
    /** Its label in a chart's legend, loud when the run is not valid. */
    public String legend() {
      return isValid(run) ? label : label + " (NOT VALID)";
    }
  }

  public List<RunResult> runs() {
    return members.stream().map(Member::run).toList();
  }

  /** Completed runs whose output verified: the only ones a comparison may use. */
  public List<RunResult> validRuns() {
    return runs().stream().filter(Configuration::isValid).toList();
  }

  public static boolean isValid(RunResult r) {
    return r.completedValid();
  }

  /** The figure's median and range over the valid runs. */
  public Spread spread(Figure figure) {
    return Spread.of(validRuns().stream().map(figure::of).toList());
  }

  /**
   * Offered rate in records/s (fixed-rate runs), or -1: the median over its runs, which differ
   * where the point is a share of a rate searched in each repetition ({@code 90%}); over its valid
   * runs, as its figures are, or all of them if none is valid.
   */
  public long rate() {
    List<RunResult> over = validRuns().isEmpty() ? runs() : validRuns();
    long[] rates = over.stream().mapToLong(Configuration::rateOf).sorted().toArray();
    return rates.length == 0 ? -1 : rates[(rates.length - 1) / 2];
  }

  public static long rateOf(RunResult r) {
    String rate = r.config() == null ? null : r.config().get("run.rate");
    return rate == null ? -1 : Long.parseLong(rate);
  }

  /**
   * Its first search that stopped short of converging, whose rate is therefore a lower bound; empty
   * if every search converged or it has none.
   */
  public java.util.Optional<PointOutcome.SearchOutcome> unconvergedSearch() {
    return points.stream()
        .map(PointOutcome::search)
        .filter(s -> s != null && !s.converged())
        .findFirst();
  }

  /** "single run" or "n runs", counting every run, valid or not. */
  public String repetitions() {
    return members.size() == 1 ? "single run" : members.size() + " runs";
  }
}
