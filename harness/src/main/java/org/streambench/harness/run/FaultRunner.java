package org.streambench.harness.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.streambench.api.EpochMicros;
import org.streambench.harness.DaemonThreads;
import org.streambench.harness.collector.OutputCollector;
import org.streambench.harness.fault.FaultSchedule;
import org.streambench.harness.fault.FaultSpec;
import org.streambench.harness.fault.FaultTargets;
import org.streambench.harness.fault.Hit;
import org.streambench.harness.fault.Injector;
import org.streambench.harness.fault.Recovery;
import org.streambench.harness.results.IntervalPoint;
import org.streambench.harness.results.RunResult;

/**
 * Runs a run's faults at their times from the start of the steady state, on threads of its own:
 * each fault's {@link Injector} does it (kills, stops or pauses a worker, the master or a broker)
 * and heals it after the time it says (starts again, resumes); and it watches for the first output
 * after each fault, and for the first line of the engine's logs that shows it noticed. {@link
 * #close} cancels what has not happened and has each injector undo what the run's own processes do
 * not; {@link #outcomes} then measures each fault's recovery from the run's per-second series.
 */
final class FaultRunner implements AutoCloseable {
  private static final String THREAD_NAME = "fault-runner";

  private final FaultSchedule schedule;
  private final FaultTargets targets;
  private final OutputCollector collector;
  private final EngineLogWatch notices;
  private final Consumer<String> progress;
  private final ScheduledExecutorService timer;
  private final List<InjectedFault> injected = new ArrayList<>();
  private final List<Thread> watchers = new CopyOnWriteArrayList<>();
  private long steadyStartMicros;

  FaultRunner(
      FaultSchedule schedule,
      FaultTargets targets,
      OutputCollector collector,
      EngineLogWatch notices,
      Consumer<String> progress) {
    this.schedule = schedule;
    this.targets = targets;
    this.collector = collector;
    this.notices = notices;
    this.progress = progress;
    ScheduledThreadPoolExecutor executor =
        new ScheduledThreadPoolExecutor(2, DaemonThreads.named(THREAD_NAME));
    executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    this.timer = executor;
  }

  /** Schedules every fault of a steady state of {@code steady} that starts at the given time. */
  void start(long steadyStartMicros, Duration steady) {
    this.steadyStartMicros = steadyStartMicros;
    if (notices != null) {
      notices.start();
    }
    for (FaultSchedule.Planned p : schedule.plan(steady)) {
      InjectedFault fault = new InjectedFault(p);
      synchronized (injected) {
        injected.add(fault);
      }
      long delay = steadyStartMicros + p.at().toNanos() / 1_000 - EpochMicros.now();
      timer.schedule(() -> inject(fault), Math.max(0, delay), TimeUnit.MICROSECONDS);
    }
  }

  private void inject(InjectedFault fault) {
    FaultSpec spec = fault.planned.spec();
    fault.atMicros = EpochMicros.now();
    Hit hit;
    try {
      hit = fault.injector.inject(targets);
    } catch (Exception e) {
      fault.note = "could not " + spec.kind() + " it: " + e.getMessage();
      progress.accept(label(fault) + ": " + fault.note);
      fault.pending = false;
      return;
    }
    fault.hit = hit;
    if (!hit.hitSomething()) {
      fault.note = hit.note();
      progress.accept(label(fault) + ": skipped, " + fault.note);
      fault.pending = false;
      return;
    }
    progress.accept(
        String.format(
            "%s: %s %s%s at %.1f s",
            label(fault),
            spec.kind(),
            hit.name(),
            hit.pid() == 0 ? "" : " (pid " + hit.pid() + ")",
            (fault.atMicros - steadyStartMicros) / 1e6));
    watchForOutput(fault);
    Duration heal = fault.injector.healAfter(schedule.restartDelay());
    if (heal != null) {
      timer.schedule(() -> heal(fault), heal.toMillis(), TimeUnit.MILLISECONDS);
    } else {
      fault.pending = false;
    }
  }

  private void heal(InjectedFault fault) {
    try {
      String done = fault.injector.heal(fault.hit, targets);
      if (done == null) {
        return; // the run is stopping the engine
      }
      fault.backMicros = EpochMicros.now();
      progress.accept(label(fault) + ": " + done);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      fault.note = "could not undo it: " + e.getMessage();
      progress.accept(label(fault) + ": " + fault.note);
    } finally {
      fault.pending = false;
    }
  }

  /** Polls the collector's newest receive time each millisecond until output follows the fault. */
  private void watchForOutput(InjectedFault fault) {
    Thread watcher =
        new Thread(
            () -> {
              long deadline = fault.atMicros + schedule.grace().toNanos() / 1_000;
              try {
                while (EpochMicros.now() < deadline) {
                  long last = collector.lastReceiveMicros();
                  if (last > fault.atMicros) {
                    fault.firstOutputMicros = last;
                    return;
                  }
                  Thread.sleep(1);
                }
              } catch (InterruptedException e) {
                // the run is over
              }
            },
            THREAD_NAME + "-gap");
    watcher.setDaemon(true);
    watchers.add(watcher);
    watcher.start();
  }

  private static String label(InjectedFault fault) {
    return "fault " + fault.planned.number() + " (" + fault.planned.spec().text() + ")";
  }

  /**
   * Cancels the faults and heals still to come, then has each fault's injector undo what the run's
   * own processes do not (a broker, the session's, still down or paused), once per process hit.
   */
  @Override
  public void close() {
    timer.shutdownNow();
    try {
      timer.awaitTermination(20, TimeUnit.SECONDS); // within RunGuard's budget
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    watchers.forEach(Thread::interrupt);
    if (notices != null) {
      notices.close();
    }
    Map<Object, InjectedFault> lastPerHit = new LinkedHashMap<>();
    synchronized (injected) {
      injected.stream()
          .filter(f -> f.hit != null && f.hit.hitSomething())
          .forEach(f -> lastPerHit.put(f.hit.slot() == null ? f : f.hit.slot(), f));
    }
    for (InjectedFault f : lastPerHit.values()) {
      try {
        String done = f.injector.closeOut(f.hit, targets);
        if (done != null) {
          progress.accept(done);
        }
      } catch (Exception e) {
        progress.accept("could not undo " + label(f) + ": " + e.getMessage());
      }
    }
  }

  /**
   * Each fault that happened with its recovery, read from {@code series} (seconds since {@code
   * originMicros}); {@code steadyEndMicros} ends the search.
   */
  List<RunResult.Fault> outcomes(
      List<IntervalPoint> series, long originMicros, long steadyEndMicros) {
    List<InjectedFault> happened;
    synchronized (injected) {
      happened = injected.stream().filter(f -> f.atMicros > 0).toList();
    }
    List<Recovery> recoveries = recoveries(happened, series, originMicros, steadyEndMicros);
    List<RunResult.Fault> out = new ArrayList<>();
    for (int i = 0; i < happened.size(); i++) {
      InjectedFault f = happened.get(i);
      out.add(
          f.outcome(
              recoveries.get(i),
              steadyStartMicros,
              notices == null ? null : notices.noticeOf(f.atMicros)));
    }
    return out;
  }

  /**
   * Whether every fault of the run has happened, healed where it heals, and recovered, judged as
   * {@link #outcomes} judges it on the seconds closed so far ({@code series}, seconds since {@code
   * originMicros}): a recovery seen there stays one on the whole series.
   */
  boolean allRecovered(List<IntervalPoint> series, long originMicros) {
    List<InjectedFault> all;
    synchronized (injected) {
      all = List.copyOf(injected);
    }
    if (series.isEmpty() || all.isEmpty() || all.stream().anyMatch(f -> f.pending)) {
      return false;
    }
    long seenUntil = originMicros + (series.get(series.size() - 1).second() + 1) * 1_000_000;
    return recoveries(all, series, originMicros, seenUntil).stream()
        .allMatch(r -> Recovery.RECOVERED.equals(r.state()));
  }

  /** Each fault's recovery, the search ending at {@code untilMicros}. */
  private List<Recovery> recoveries(
      List<InjectedFault> happened,
      List<IntervalPoint> series,
      long originMicros,
      long untilMicros) {
    if (happened.isEmpty()) {
      return List.of();
    }
    double steadyStart = seconds(steadyStartMicros, originMicros);
    double until = seconds(untilMicros, originMicros);
    Recovery.Baseline before =
        Recovery.Baseline.of(series, steadyStart, seconds(happened.get(0).atMicros, originMicros));
    double grace = schedule.grace().toNanos() / 1e9;
    return happened.stream()
        .map(f -> Recovery.measure(series, seconds(f.atMicros, originMicros), before, grace, until))
        .toList();
  }

  private static double seconds(long micros, long originMicros) {
    return (micros - originMicros) / 1e6;
  }
}
