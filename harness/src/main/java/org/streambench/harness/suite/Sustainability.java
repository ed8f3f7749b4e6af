package org.streambench.harness.suite;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.streambench.harness.collector.BacklogTrend;
import org.streambench.harness.results.Finding;
import org.streambench.harness.results.Finding.Kind;
import org.streambench.harness.results.LagSeries;
import org.streambench.harness.results.RunResult;

/**
 * Whether a fixed-rate run kept up with its offered rate: it completed with a valid verdict, its
 * backlog did not grow over the steady state (least-squares slope of the per-second backlog at most
 * {@link BacklogTrend#MAX_GROWTH} of the rate), and it met the latency objective if there is one. A
 * driver-bound run says nothing about the engine and is reported as such; so does a run that missed
 * the objective while its backlog shrank by more than {@link BacklogTrend#MAX_GROWTH} of the rate
 * per second: the engine was still working off the backlog of its start-up, so its warm-up was too
 * short to tell whether it sustains the rate.
 */
public final class Sustainability {
  private Sustainability() {}

  /**
   * @param sustainable whether the engine kept up
   * @param driverBound the generator, not the engine, could not keep the rate
   * @param catchingUp the objective was missed while the backlog shrank: warm-up too short
   * @param reason one line: why
   */
  public record Judgement(
      boolean sustainable, boolean driverBound, boolean catchingUp, String reason) {
    public Judgement(boolean sustainable, boolean driverBound, String reason) {
      this(sustainable, driverBound, false, reason);
    }
  }

  /**
   * @param r the run
   * @param rate its offered rate
   * @param warmupSeconds seconds of warm-up before the steady state
   * @param steadySeconds seconds of steady state
   * @param objective the latency objective, or null
   */
  public static Judgement judge(
      RunResult r, long rate, long warmupSeconds, long steadySeconds, LatencyObjective objective) {
    if (r.status() != RunResult.Status.COMPLETED) {
      return new Judgement(
          false,
          false,
          "run " + r.status() + (r.failure() == null ? "" : ": " + r.failure().reason()));
    }
    // the driver's own limit or a pause of it: the trial says nothing about the engine (a
    // machine-bound one, whose generator lost its CPU to the engine, does: it is not sustainable)
    Optional<Finding> driver =
        r.findings().stream()
            .filter(Finding::invalid)
            .filter(f -> f.kind() == Kind.DRIVER_BOUND || f.kind() == Kind.DRIVER_STALLED)
            .findFirst();
    if (driver.isPresent()) {
      return new Judgement(false, true, driver.get().text());
    }
    if (!r.completedValid()) {
      return new Judgement(false, false, r.verdict() + ": " + String.join("; ", r.reasons()));
    }
    OptionalDouble fitted =
        BacklogTrend.slope(r.timeseries(), warmupSeconds, warmupSeconds + steadySeconds);
    if (fitted.isEmpty()) {
      return new Judgement(false, false, "too few seconds of output to judge the backlog");
    }
    double slope = fitted.getAsDouble();
    String backlog =
        String.format("backlog slope %+,.0f records/s", slope)
            + lagDisagreement(r, rate, warmupSeconds, warmupSeconds + steadySeconds)
                .map(d -> " (" + d + ")")
                .orElse("");
    if (BacklogTrend.grows(slope, rate)) {
      return new Judgement(
          false,
          false,
          String.format("%s (%.1f%% of the rate): not keeping up", backlog, 100 * slope / rate));
    }
    if (objective != null && !objective.met(r.endToEndLatencyMicros())) {
      boolean catchingUp = slope < -BacklogTrend.MAX_GROWTH * rate;
      return new Judgement(
          false,
          false,
          catchingUp,
          String.format(
              "%s above the objective %s (%s)%s",
              describe(objective, r),
              objective,
              backlog,
              catchingUp ? ": still working off its start-up backlog" : ""));
    }
    return new Judgement(
        true,
        false,
        String.format(
            "%s, e2e p99 %.1f ms",
            backlog,
            r.endToEndLatencyMicros() == null ? 0 : r.endToEndLatencyMicros().p99() / 1e3));
  }

  private static String describe(LatencyObjective o, RunResult r) {
    return String.format(
        "e2e %s %.1f ms", o.percentile(), o.valueMicros(r.endToEndLatencyMicros()) / 1e3);
  }

  /**
   * Least-squares slope of a group's consumer lag, as the broker sees it, over the seconds in
   * {@code [from, to)}; empty with fewer than three readings there, or fewer than two commits
   * (drops of the lag): an engine that commits every 30 s (Storm's spout) shows a lag that climbs
   * between its commits whatever its speed.
   */
  public static OptionalDouble lagSlope(LagSeries lag, long from, long to) {
    List<long[]> xy = new ArrayList<>();
    int commits = 0;
    for (LagSeries.Point p : lag.points()) {
      if (p.second() >= from && p.second() < to) {
        commits += !xy.isEmpty() && p.lag() < xy.get(xy.size() - 1)[1] ? 1 : 0;
        xy.add(new long[] {p.second(), p.lag()});
      }
    }
    return commits < 2 ? OptionalDouble.empty() : BacklogTrend.leastSquares(xy);
  }

  /**
   * Where the broker's consumer lag and the output backlog disagree on whether the engine kept up
   * with {@code rate} over {@code [from, to)}, one line that says so and which one the search
   * judges by; empty where they agree or either is unknown.
   */
  public static Optional<String> lagDisagreement(RunResult r, long rate, long from, long to) {
    OptionalDouble backlog = BacklogTrend.slope(r.timeseries(), from, to);
    if (r.consumerLag() == null || backlog.isEmpty() || rate <= 0) {
      return Optional.empty();
    }
    boolean backlogGrows = BacklogTrend.grows(backlog.getAsDouble(), rate);
    for (LagSeries lag : r.consumerLag()) {
      OptionalDouble slope = lagSlope(lag, from, to);
      if (slope.isPresent() && BacklogTrend.grows(slope.getAsDouble(), rate) != backlogGrows) {
        return Optional.of(
            String.format(
                "the broker's consumer lag (group %s) %s (slope %+,.0f records/s) where the output"
                    + " backlog %s: the search judges by the output backlog",
                lag.group(),
                backlogGrows ? "does not grow" : "grows",
                slope.getAsDouble(),
                backlogGrows ? "grows" : "does not"));
      }
    }
    return Optional.empty();
  }
}
