package org.streambench.harness.suite;

import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.streambench.harness.Durations;
import org.streambench.harness.Home;
import org.streambench.harness.engine.EngineRegistry;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.redis.Redis;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.run.BenchmarkRun;
import org.streambench.harness.run.DriverThreads;
import org.streambench.harness.run.RunGuard;
import org.streambench.harness.run.RunJudge;
import org.streambench.harness.run.RunRequest;

/**
 * Runs a suite's points, repetition by repetition (so slow drift of the machine spreads over all
 * points instead of biasing one), on one Kafka and Redis. A point whose rate is relative ({@code
 * 90%}) runs at that fraction of the sustainable rate its configuration's search found in the same
 * repetition (the plan puts the search first). A failed or invalid run is recorded and the suite
 * goes on; a signal stops it after storing the run in progress as aborted, leaving the unfinished
 * points for {@code --resume}.
 */
public final class SuiteRunner {
  private final Home home;
  private final EngineRegistry registry;
  private final SuitePlan plan;
  private final String suiteId;
  private final Set<String> finished;
  private final Consumer<String> progress;
  private final Map<String, String> constant;

  /** Status of a point whose rate is relative to a search that found no sustainable rate. */
  static final String SKIPPED = "skipped";

  private final long started = System.nanoTime();

  /** Each finished search by {@link #doneKey}: what the rates relative to it are fractions of. */
  private final Map<String, PointOutcome.SearchOutcome> found = new HashMap<>();

  /** Each drain point's pre-fill as resized for its {@code drain-seconds}, by point key. */
  private final Map<String, Long> drainRecords = new HashMap<>();

  private int pointsDone;

  /**
   * @param finished {@link #doneKey} of the points a resumed suite already has
   */
  public SuiteRunner(
      Home home,
      EngineRegistry registry,
      SuitePlan plan,
      String suiteId,
      Set<String> finished,
      Consumer<String> progress) {
    this.home = home;
    this.registry = registry;
    this.plan = plan;
    this.suiteId = suiteId;
    this.finished = finished;
    this.progress = progress;
    this.constant = plan.points().size() > 1 ? plan.constantLabels() : Map.of();
  }

  public static String doneKey(String pointKey, int repetition) {
    return pointKey + "#" + repetition;
  }

  /** The Kafka a suite's points run on, by embedded broker count (0: as the command line says). */
  @FunctionalInterface
  public interface KafkaForBrokers {
    KafkaCluster get(int brokers) throws IOException, InterruptedException;
  }

  /**
   * Runs every unfinished point, each on the Kafka of its broker count; false if a signal stopped
   * the suite.
   */
  public boolean run(KafkaForBrokers kafkas, Redis redis, ResultStore store)
      throws IOException, SQLException, InterruptedException {
    for (PointOutcome done : store.suites().points(suiteId)) {
      if (done.search() != null) { // a resumed suite's searches, for the rates relative to them
        found.put(doneKey(done.pointKey(), done.repetition()), withItsEnd(done, store));
      } else if (plan.spec().drainSeconds() > 0) { // and its drains' counts as resized
        for (RunResult r : store.runs(done.runIds())) {
          String records = r.config() == null ? null : r.config().get("run.records");
          if (records != null) {
            drainRecords.merge(done.pointKey(), Long.parseLong(records), Math::max);
          }
        }
      }
    }
    int total = plan.points().size() * plan.spec().repetitions();
    int toDo = total - finished.size();
    int index = 0;
    for (int rep = 1; rep <= plan.spec().repetitions(); rep++) {
      for (SuitePoint point : plan.points()) {
        index++;
        if (finished.contains(doneKey(point.key(), rep))) {
          continue;
        }
        progress.accept(
            String.format(
                "point %d/%d%s: %s%s",
                index,
                total,
                plan.spec().repetitions() > 1 ? " (repetition " + rep + ")" : "",
                point.describe(constant),
                eta(toDo)));
        KafkaCluster kafka = kafkas.get(point.brokers());
        PointOutcome outcome =
            point.search()
                ? search(point, rep, kafka, redis, store)
                : single(point, rep, kafka, redis, store);
        if (outcome == null) {
          return false;
        }
        if (outcome.search() != null) {
          found.put(doneKey(point.key(), rep), outcome.search());
        }
        store.suites().savePoint(suiteId, outcome);
        pointsDone++;
      }
    }
    return true;
  }

  private PointOutcome single(
      SuitePoint point, int rep, KafkaCluster kafka, Redis redis, ResultStore store)
      throws IOException, SQLException {
    RunRequest request = point.request();
    if (point.relativeTo() != null) {
      PointOutcome.SearchOutcome base = found.get(doneKey(point.relativeTo(), rep));
      if (base == null || base.sustainableRate() == 0) {
        progress.accept("  → skipped: its search found no sustainable rate");
        return new PointOutcome(
            point.key(), rep, point.labels(), PointOutcome.RUN, SKIPPED, List.of(), null);
      }
      long rate = point.rate().of(base.sustainableRate());
      progress.accept(
          String.format(
              "  at %,d records/s: %s of %,d%s",
              rate,
              point.labels().get("rate"),
              base.sustainableRate(),
              base.converged() ? "" : " (the search did not converge: a lower bound)"));
      request = asItEnded(base, request.withRate(rate));
    }
    RunRequest toRun = request;
    RunResult r =
        DrainSizing.drain(
            plan.spec().drainSeconds(),
            sized(point, request),
            records -> execute(toRun.withRecords(records), kafka, redis, store),
            records -> drainRecords.put(point.key(), records),
            progress);
    if (r != null) {
      r =
          CatchUpRepeats.untilSteady(
              request,
              r,
              plan.objective(),
              longer -> execute(longer, kafka, redis, store),
              progress);
    }
    if (r == null) {
      return null;
    }
    String status =
        r.status() != RunResult.Status.COMPLETED
            ? "failed"
            : r.completedValid() ? "valid" : "invalid";
    progress.accept("  → " + status + headline(r));
    return new PointOutcome(
        point.key(), rep, point.labels(), PointOutcome.RUN, status, List.of(r.runId()), null);
  }

  private PointOutcome search(
      SuitePoint point, int rep, KafkaCluster kafka, Redis redis, ResultStore store)
      throws IOException, SQLException {
    SustainableSearch search = new SustainableSearch(plan.spec().search());
    List<String> runIds = new ArrayList<>();
    RunRequest base = point.request();
    CatchUpRepeats catchUp = new CatchUpRepeats();
    for (long rate = search.nextRate(); rate > 0; rate = search.nextRate()) {
      progress.accept(String.format("  trial %d at %,d records/s", runIds.size() + 1, rate));
      RunResult r = execute(base.withRate(rate), kafka, redis, store);
      if (r == null) {
        return null;
      }
      runIds.add(r.runId());
      Sustainability.Judgement j =
          Sustainability.judge(
              r, rate, base.warmup().toSeconds(), base.duration().toSeconds(), plan.objective());
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
   * A search that doubled its driver threads after a driver-bound trial, or its warm-up after a
   * trial still working off its start-up backlog, found its rate with them, so the rates relative
   * to it run with them too.
   */
  private static RunRequest asItEnded(PointOutcome.SearchOutcome search, RunRequest request) {
    if (search.driverThreads() == null || search.warmup() == null) {
      return request;
    }
    Duration warmup = Durations.parse(search.warmup());
    return request
        .withDriver(DriverThreads.ofDescribed(search.driverThreads()))
        .withWarmup(warmup.compareTo(request.warmup()) >= 0 ? warmup : request.warmup());
  }

  /**
   * A stored search with what it ended with; for a suite stored before searches kept it, what its
   * last trial ran with (driver threads only grow during a search; its warm-up may be a longer one
   * that did not help).
   */
  private static PointOutcome.SearchOutcome withItsEnd(PointOutcome done, ResultStore store)
      throws SQLException, IOException {
    PointOutcome.SearchOutcome search = done.search();
    if (search.driverThreads() != null && search.warmup() != null) {
      return search;
    }
    List<String> ids = done.runIds();
    for (RunResult last : store.runs(ids.subList(Math.max(0, ids.size() - 1), ids.size()))) {
      Map<String, String> config = last.config() == null ? Map.of() : last.config();
      String driver = config.get("run.driver-threads");
      String warmup = config.get("run.warmup");
      if (driver != null && warmup != null) {
        return search.endedWith(driver, warmup);
      }
    }
    return search;
  }

  /** A drain's pre-fill: what an earlier repetition of the point found long enough, if any. */
  private long sized(SuitePoint point, RunRequest request) {
    return drainRecords.getOrDefault(point.key(), request.records());
  }

  /**
   * The driver threads a search tries after a driver-bound trial, so that it calls a rate
   * driver-bound only when the driver has as many threads as the partitions and cores allow; null
   * when it already has.
   */
  private static DriverThreads moreThreads(RunRequest request) {
    return request
        .driver()
        .doubled(
            request.partitions(),
            request.workloadDefinition().concurrentInput(),
            Runtime.getRuntime().availableProcessors());
  }

  /** One run, stored; null if a signal aborted it. */
  private RunResult execute(RunRequest request, KafkaCluster kafka, Redis redis, ResultStore store)
      throws IOException, SQLException {
    BenchmarkRun run = BenchmarkRun.prepare(home, registry, request);
    RunResult r = run.execute(kafka, redis, store, line -> progress.accept("    " + line));
    return RunGuard.aborting() ? null : r;
  }

  private String eta(int toDo) {
    if (pointsDone == 0) {
      return "";
    }
    Duration perPoint = Duration.ofNanos((System.nanoTime() - started) / pointsDone);
    Duration left = perPoint.multipliedBy(toDo - pointsDone);
    return String.format(" (about %d min left)", Math.max(1, Math.round(left.toSeconds() / 60.0)));
  }

  private static String headline(RunResult r) {
    if (r.throughput() == null) {
      return r.failure() == null ? "" : ": " + r.failure().reason();
    }
    // input, the figure the studies compare (a windowed workload's output counts windows)
    boolean behind =
        r.warnings() != null
            && r.warnings().stream().anyMatch(w -> w.startsWith(RunJudge.NOT_KEEPING_UP));
    return String.format(
        ": in %,.0f records/s (out %,.0f), e2e p99 %s%s",
        r.throughput().inPerSecond(),
        r.throughput().outPerSecond(),
        r.endToEndLatencyMicros() == null
            ? "-"
            : String.format("%.1f ms", r.endToEndLatencyMicros().p99() / 1e3),
        behind ? ", " + RunJudge.NOT_KEEPING_UP.toUpperCase(Locale.ROOT) : "");
  }
}
