package org.streambench.harness.suite;

import java.util.ArrayList;
import java.util.List;
import org.streambench.harness.results.PointOutcome.SearchOutcome;
import org.streambench.harness.results.PointOutcome.Trial;
import org.streambench.harness.suite.SuiteSpec.SearchBounds;

/**
 * The highest sustainable rate by bracketing: doubling from the start rate while trials keep up
 * (halving while they do not), then bisecting the bracket [highest sustainable, lowest
 * unsustainable) until it is within the tolerance of its low end, so the answer is within that
 * fraction of the true limit. A rate the driver could not offer (driver-bound) says nothing about
 * the engine: it caps the bracket instead, and if the engine keeps up right below that cap the
 * search ends saying the engine's limit is above what this driver can test. Also stops at the
 * bounds and at the trial limit.
 */
public final class SustainableSearch {
  private final SearchBounds bounds;
  private final List<Trial> trials = new ArrayList<>();
  private long highestSustainable;
  private long lowestUnsustainable = Long.MAX_VALUE;
  private long driverCap = Long.MAX_VALUE;
  private long next;
  private String stopReason;

  public SustainableSearch(SearchBounds bounds) {
    this.bounds = bounds;
    this.next = Math.min(Math.max(bounds.start(), bounds.min()), bounds.max());
  }

  /** The next rate to try, or -1 when the search is over. */
  public long nextRate() {
    return stopReason == null ? next : -1;
  }

  /** Why the search stopped, null while it goes on. */
  public String stopReason() {
    return stopReason;
  }

  /**
   * A driver-bound trial the runner repeats at the same rate with more driver threads: kept among
   * the trials, but only its repeat is judged.
   */
  public void repeated(long rate, String runId, String reason) {
    trials.add(new Trial(rate, runId, false, reason));
  }

  public void record(long rate, String runId, Sustainability.Judgement j) {
    trials.add(new Trial(rate, runId, j.sustainable(), j.reason()));
    if (j.driverBound()) {
      driverCap = Math.min(driverCap, rate);
    } else if (j.sustainable()) {
      highestSustainable = Math.max(highestSustainable, rate);
    } else {
      lowestUnsustainable = Math.min(lowestUnsustainable, rate);
    }
    long upper = Math.min(lowestUnsustainable, driverCap);
    if (converged()) {
      stopReason = "converged";
    } else if (trials.size() >= bounds.maxTrials()) {
      stopReason =
          "trial limit " + bounds.maxTrials() + " reached before converging" + onlyDriver();
    } else if (upper == Long.MAX_VALUE) {
      stepTo(Math.min(rate * 2, bounds.max()), rate, "sustainable at the search's maximum");
    } else if (highestSustainable == 0) {
      stepTo(Math.max(upper / 2, bounds.min()), rate, "not sustainable at the search's minimum");
    } else if (upper - highestSustainable <= bounds.tolerance() * highestSustainable) {
      stopReason =
          String.format(
              "the engine kept up with every rate the driver could offer: the driver fell behind"
                  + " at %,d records/s, so the engine's limit is above %,d",
              driverCap, highestSustainable);
    } else {
      next = highestSustainable + (upper - highestSustainable) / 2;
    }
  }

  /**
   * At the trial limit, when every rate not sustained was the driver's: that the engine's limit is
   * above what it kept up with (the same lower bound as a search that converged on the driver).
   */
  private String onlyDriver() {
    if (lowestUnsustainable != Long.MAX_VALUE || driverCap == Long.MAX_VALUE) {
      return "";
    }
    return String.format(
        "; every rate the engine did not keep up with was the driver's limit (it fell behind at"
            + " %,d records/s), so the engine's limit is above %,d",
        driverCap, highestSustainable);
  }

  private void stepTo(long rate, long current, String atBound) {
    if (rate == current) {
      stopReason = atBound;
    } else {
      next = rate;
    }
  }

  private boolean converged() {
    return highestSustainable > 0
        && lowestUnsustainable != Long.MAX_VALUE
        && lowestUnsustainable - highestSustainable <= bounds.tolerance() * highestSustainable;
  }

  public SearchOutcome outcome() {
    return new SearchOutcome(
        highestSustainable,
        lowestUnsustainable == Long.MAX_VALUE ? 0 : lowestUnsustainable,
        converged(),
        List.copyOf(trials),
        stopReason,
        null,
        null);
  }
}
