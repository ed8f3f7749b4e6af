package org.streambench.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * What one point of a suite (one combination of its swept values, one repetition) came to.
 *
 * @param pointKey stable key of the combination, e.g. {@code engine=flink,rate=10000}
 * @param repetition 1-based repetition
 * @param labels the swept values of this point by dimension name (engine, workload, rate, ...)
 * @param kind {@code run} (one measured run) or {@code search} (a sustainable-throughput search)
 * @param status valid, invalid or failed (its run failed, the suite went on), converged or
 *     inconclusive (a search), skipped (a rate relative to a search that found no sustainable
 *     rate), or aborted
 * @param runIds the runs it took, in order (one for {@code run}, the trials for {@code search})
 * @param search the search's result, null for {@code run}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PointOutcome(
    String pointKey,
    int repetition,
    Map<String, String> labels,
    String kind,
    String status,
    List<String> runIds,
    SearchOutcome search) {
  public static final String RUN = "run";
  public static final String SEARCH = "search";

  /**
   * A sustainable-throughput search.
   *
   * @param sustainableRate the highest rate judged sustainable (records/s), 0 if none was
   * @param lowestUnsustainable the lowest rate judged unsustainable, 0 if none was tried
   * @param converged whether the bracket closed to within the search's tolerance
   * @param trials every trial in the order run
   * @param stopReason why the search ended (converged, a bound, the trial limit, the driver)
   * @param driverThreads the driver threads it ended with (described), which the points relative to
   *     it run with; null in suites stored before it was kept
   * @param warmup the warm-up it ended with (the longest that helped a trial still catching up),
   *     likewise; null in suites stored before it was kept
   */
  public record SearchOutcome(
      long sustainableRate,
      long lowestUnsustainable,
      boolean converged,
      List<Trial> trials,
      String stopReason,
      String driverThreads,
      String warmup) {

    /** This outcome, ended with {@code driverThreads} and {@code warmup}. */
    public SearchOutcome endedWith(String driverThreads, String warmup) {
      return new SearchOutcome(
          sustainableRate,
          lowestUnsustainable,
          converged,
          trials,
          stopReason,
          driverThreads,
          warmup);
    }
  }

  /**
   * One trial of a search.
   *
   * @param rate offered records/s
   * @param runId its run
   * @param sustainable the judgement
   * @param reason why (backlog slope, latency objective, verdict)
   */
  public record Trial(long rate, String runId, boolean sustainable, String reason) {}
}
