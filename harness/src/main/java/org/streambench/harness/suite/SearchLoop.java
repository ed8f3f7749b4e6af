package org.streambench.harness.suite;

import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.streambench.harness.Durations;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.run.DriverThreads;
import org.streambench.harness.run.RunRequest;
import org.streambench.harness.suite.SuiteSpec.SearchBounds;

/**
 * One point's sustainable-throughput search, trial by trial: a {@link SustainableSearch} picks each
 * rate and hears each trial's {@link Sustainability} judgement, except for a trial the loop repeats
 * at the same rate: a driver-bound one with twice the driver threads, while {@link
 * DriverThreads#doubled} can still raise them, and one still working off its start-up backlog with
 * twice the warm-up, while {@link CatchUpRepeats} says a longer warm-up lowers p99. The search ends
 * with the driver threads and warm-up of its last trial, which the rates relative to it run with.
 */
final class SearchLoop {
  private final SearchBounds bounds;
  private final LatencyObjective objective;
  private final int cores;
  private final Consumer<String> progress;

  /**
   * @param objective the suite's latency objective, or null
   * @param cores this machine's cores: driver threads are doubled up to one per core
   */
  SearchLoop(
      SearchBounds bounds, LatencyObjective objective, int cores, Consumer<String> progress) {
    this.bounds = bounds;
    this.objective = objective;
    this.cores = cores;
    this.progress = progress;
  }

  /**
   * Searches {@code point}'s sustainable rate in repetition {@code rep}, each trial run by {@code
   * trials}: its outcome, null if the suite stopped.
   */
  PointOutcome run(SuitePoint point, int rep, CatchUpRepeats.Run trials)
      throws IOException, SQLException {
    SustainableSearch search = new SustainableSearch(bounds);
    List<String> runIds = new ArrayList<>();
    RunRequest base = point.request();
    CatchUpRepeats catchUp = new CatchUpRepeats();
    for (long rate = search.nextRate(); rate > 0; rate = search.nextRate()) {
      progress.accept(String.format("  trial %d at %,d records/s", runIds.size() + 1, rate));
      RunResult r = trials.run(base.withRate(rate));
      if (r == null) {
        return null;
      }
      runIds.add(r.runId());
      Sustainability.Judgement j =
          Sustainability.judge(
              r, rate, base.warmup().toSeconds(), base.duration().toSeconds(), objective);
      DriverThreads more = j.driverBound() ? moreThreads(base) : null;
      if (more != null) {
        String reason = j.reason() + "; repeated with " + more.describe() + " driver threads";
        search.repeated(rate, r.runId(), reason);
        progress.accept("  → " + reason);
        base = base.withDriver(more);
        continue;
      }
      if (j.catchingUp()) {
        long p99 = r.endToEndLatencyMicros().p99();
        Duration longer = catchUp.repeatWith(rate, p99, base.warmup());
        if (longer != null) {
          String reason = j.reason() + "; repeated with a " + Durations.format(longer) + " warm-up";
          search.repeated(rate, r.runId(), reason);
          progress.accept("  → " + reason);
          base = base.withWarmup(longer);
          continue;
        }
        if (!catchUp.worthRepeating(rate, p99)) {
          j =
              new Sustainability.Judgement(
                  false,
                  false,
                  j.reason()
                      + "; yet the "
                      + Durations.format(base.warmup())
                      + " warm-up did not lower p99: the rate, not the warm-up");
          base = base.withWarmup(catchUp.lastHelpfulWarmup());
        }
      }
      search.record(rate, r.runId(), j);
      progress.accept(
          "  → " + (j.sustainable() ? "sustainable: " : "not sustainable: ") + j.reason());
    }
    PointOutcome.SearchOutcome result =
        search.outcome().endedWith(base.driver().describe(), Durations.format(base.warmup()));
    progress.accept(
        String.format(
            "  → highest sustainable rate %,d records/s after %d trials (%s)",
            result.sustainableRate(), result.trials().size(), search.stopReason()));
    return new PointOutcome(
        point.key(),
        rep,
        point.labels(),
        PointOutcome.SEARCH,
        result.converged() ? "converged" : "inconclusive",
        runIds,
        result);
  }

  /**
   * The driver threads a search tries after a driver-bound trial, so that it calls a rate
   * driver-bound only when the driver has as many threads as the partitions and cores allow; null
   * when it already has.
   */
  private DriverThreads moreThreads(RunRequest request) {
    DriverThreads more =
        request
            .driver()
            .doubled(request.partitions(), request.workloadDefinition().concurrentInput(), cores);
    if (more == null || request.agents().none()) {
      return more;
    }
    // on agents, each runs the generator threads: all of them must share the partitions evenly
    int agents = request.agents().addresses().size();
    int generator =
        request.partitions() % (agents * Math.max(1, more.generator())) == 0
            ? more.generator()
            : request.driver().generator();
    DriverThreads next = new DriverThreads(generator, more.collector());
    return next.equals(request.driver()) ? null : next;
  }
}
