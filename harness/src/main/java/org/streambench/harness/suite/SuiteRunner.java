package org.streambench.harness.suite;

import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.streambench.harness.Home;
import org.streambench.harness.engine.EngineRegistry;
import org.streambench.harness.hadoop.Hadoop;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.process.CpuPlacement;
import org.streambench.harness.redis.Redis;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.run.BenchmarkRun;
import org.streambench.harness.run.RunGuard;
import org.streambench.harness.run.RunRequest;

/**
 * Runs a suite's points in the plan's {@link SuitePlan#turns} order, repetition by repetition (A B
 * A B: slow drift of the machine spreads over all points instead of biasing one), on one Kafka and
 * Redis. A point whose rate is relative ({@code 90%}) runs at that fraction of the sustainable rate
 * its configuration's search found in the same repetition (the plan puts the search first). A
 * failed or invalid run is recorded and the suite goes on; a signal stops it after storing the run
 * in progress as aborted, leaving the unfinished points for {@code --resume}. A search point runs
 * through {@link SearchLoop}, every other point through {@link PointRun}; {@link EarlierFindings}
 * carries what finished points found to later ones, across a resume too.
 */
public final class SuiteRunner {
  private final Home home;
  private final EngineRegistry registry;
  private final SuitePlan plan;
  private final String suiteId;
  private final Set<String> finished;
  private final Consumer<String> progress;
  private final Map<String, String> constant;

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
  public boolean run(KafkaForBrokers kafkas, Redis redis, Hadoop hadoop, ResultStore store)
      throws IOException, SQLException, InterruptedException {
    EarlierFindings findings =
        EarlierFindings.restore(
            store.suites().points(suiteId), plan.spec().drainSeconds() > 0, store::runs);
    SearchLoop searches =
        new SearchLoop(
            plan.spec().search(), plan.objective(), CpuPlacement.machineProcessors(), progress);
    PointRun runs = new PointRun(plan.spec().drainSeconds(), plan.objective(), findings, progress);
    List<SuitePlan.Turn> turns = plan.turns();
    int total = turns.size();
    int toDo = total - finished.size();
    if (toDo > 0 && !warmUp(kafkas, redis, hadoop, store, runs)) {
      return false;
    }
    long measuredFrom = System.nanoTime();
    int index = 0;
    for (SuitePlan.Turn turn : turns) {
      SuitePoint point = turn.point();
      int rep = turn.repetition();
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
              eta(toDo, measuredFrom)));
      KafkaCluster kafka = kafkas.get(point.brokers());
      CatchUpRepeats.Run execute = request -> execute(request, kafka, redis, hadoop, store);
      PointOutcome outcome =
          point.search() ? searches.run(point, rep, execute) : runs.run(point, rep, execute);
      if (outcome == null) {
        return false;
      }
      if (outcome.search() != null) {
        findings.found(point.key(), rep, outcome.search());
      }
      store.suites().savePoint(suiteId, outcome);
      pointsDone++;
    }
    return true;
  }

  /**
   * The suite's {@code warmup-rounds}: each point that runs at a rate of its own once per round, in
   * plan order, stored as runs but not as the suite's points, so that no figure counts them. On two
   * cores a suite's first round of drains found the broker (and with it the engines) slower per
   * record than every later round while the CPU canary was not, even after the rig's warm-up: the
   * first round measured the rig warming, not the engines. A drain's size found here carries over
   * to the counted repetitions. False if a signal stopped the suite.
   */
  private boolean warmUp(
      KafkaForBrokers kafkas, Redis redis, Hadoop hadoop, ResultStore store, PointRun runs)
      throws IOException, SQLException, InterruptedException {
    int rounds = plan.spec().warmupRounds();
    for (int round = 1; round <= rounds; round++) {
      for (SuitePoint point : plan.points()) {
        if (point.search() || point.relativeTo() != null) {
          continue;
        }
        progress.accept(
            String.format(
                "warm-up round %d/%d (not counted): %s", round, rounds, point.describe(constant)));
        KafkaCluster kafka = kafkas.get(point.brokers());
        if (runs.run(point, 1, request -> execute(request, kafka, redis, hadoop, store)) == null) {
          return false;
        }
      }
    }
    return true;
  }

  /** One run, stored; null if a signal aborted it. */
  private RunResult execute(
      RunRequest request, KafkaCluster kafka, Redis redis, Hadoop hadoop, ResultStore store)
      throws IOException, SQLException {
    BenchmarkRun run = BenchmarkRun.prepare(home, registry, request);
    RunResult r = run.execute(kafka, redis, hadoop, store, line -> progress.accept("    " + line));
    return RunGuard.aborting() ? null : r;
  }

  private String eta(int toDo, long measuredFrom) {
    if (pointsDone == 0) {
      return "";
    }
    Duration perPoint = Duration.ofNanos((System.nanoTime() - measuredFrom) / pointsDone);
    Duration left = perPoint.multipliedBy(toDo - pointsDone);
    return String.format(" (about %d min left)", Math.max(1, Math.round(left.toSeconds() / 60.0)));
  }
}
