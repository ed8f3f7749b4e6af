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
 * fraction of the true limit. Stops at the bounds, at the trial limit, or when the driver cannot
 * offer the rate (the engine's limit is then above what this machine's driver can test).
 */
public final class SustainableSearch {
  private final SearchBounds bounds;
  private final List<Trial> trials = new ArrayList<>();
  private long highestSustainable;
  private long lowestUnsustainable = Long.MAX_VALUE;
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

  public void record(long rate, String runId, Sustainability.Judgement j) {
    trials.add(new Trial(rate, runId, j.sustainable(), j.reason()));
    if (j.driverBound()) {
      stopReason =
          "the driver could not offer " + rate + " records/s: the engine's limit is higher";
      return;
    }
    if (j.sustainable()) {
      highestSustainable = Math.max(highestSustainable, rate);
    } else {
      lowestUnsustainable = Math.min(lowestUnsustainable, rate);
    }
    if (converged()) {
      stopReason = "converged";
    } else if (trials.size() >= bounds.maxTrials()) {
      stopReason = "trial limit " + bounds.maxTrials() + " reached before converging";
    } else if (lowestUnsustainable == Long.MAX_VALUE) {
      stepTo(Math.min(rate * 2, bounds.max()), rate, "sustainable at the search's maximum");
    } else if (highestSustainable == 0) {
      stepTo(Math.max(rate / 2, bounds.min()), rate, "not sustainable at the search's minimum");
    } else {
      next = highestSustainable + (lowestUnsustainable - highestSustainable) / 2;
    }
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
        List.copyOf(trials));
  }
}
