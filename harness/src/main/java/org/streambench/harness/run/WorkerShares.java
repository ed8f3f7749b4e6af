package org.streambench.harness.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.streambench.api.WorkLog;
import org.streambench.harness.results.RunResult;

/**
 * What each worker of a cluster deployment held, from the {@link WorkLog}s its engine wrote: which
 * workers were spares, and who took over whose share after a fault. Engines that write none (they
 * do not hand work out through a group, or do not know) have no shares.
 */
final class WorkerShares {
  private WorkerShares() {}

  /**
   * @param workers the worker processes' names, worker 1 first
   * @param steadyStartMillis the steady state's start (epoch ms), the origin of the times; -1 if it
   *     never started (times are then from the first change)
   * @param progress where a log that cannot be read is said (the run keeps no shares then)
   */
  static List<RunResult.WorkerShare> read(
      Path runDir, List<String> workers, long steadyStartMillis, Consumer<String> progress) {
    List<RunResult.WorkerShare> shares = new ArrayList<>();
    try {
      for (int i = 0; i < workers.size(); i++) {
        List<WorkLog.Change> changes = WorkLog.read(runDir, i + 1);
        if (!changes.isEmpty()) {
          shares.add(of(workers.get(i), changes, steadyStartMillis));
        }
      }
    } catch (IOException | RuntimeException e) {
      progress.accept("could not read the workers' shares: " + e.getMessage());
      return List.of();
    }
    return shares;
  }

  /**
   * Whether worker {@code instance} holds nothing now by the last line of its log: a spare, which a
   * fault passes over. False when its engine logs no shares.
   */
  static boolean holdsNothing(Path runDir, int instance) {
    try {
      List<WorkLog.Change> changes = WorkLog.read(runDir, instance);
      return !changes.isEmpty() && changes.get(changes.size() - 1).items().isEmpty();
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  static RunResult.WorkerShare of(
      String process, List<WorkLog.Change> changes, long steadyStartMillis) {
    long origin = steadyStartMillis >= 0 ? steadyStartMillis : changes.get(0).atMillis();
    List<RunResult.WorkerShare.Held> held = new ArrayList<>();
    for (WorkLog.Change c : changes) {
      held.add(new RunResult.WorkerShare.Held((c.atMillis() - origin) / 1e3, c.items()));
    }
    boolean idle =
        RunResult.WorkerShare.inSteadyState(held).stream().allMatch(h -> h.items().isEmpty());
    return new RunResult.WorkerShare(process, idle, held);
  }
}
