package org.streambench.harness.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
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
import org.streambench.harness.fault.Recovery;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.process.ChildProcess;
import org.streambench.harness.process.ProcessSampler;
import org.streambench.harness.process.ProcessSlot;
import org.streambench.harness.results.IntervalPoint;
import org.streambench.harness.results.RunResult;

/**
 * Injects a run's faults at their times from the start of the steady state, on threads of its own:
 * kills, stops or pauses one worker (round robin over those that run and are no spares), the master
 * or one broker; starts a killed or stopped process again after the restart delay (unless {@code
 * norestart}) and resumes a paused one after its pause; and watches for the first output after each
 * fault. {@link #close} cancels what has not happened and resumes what is paused; {@link #outcomes}
 * then measures each fault's recovery from the run's per-second series.
 */
final class FaultInjector implements AutoCloseable {
  private static final String THREAD_NAME = "fault-injector";

  private final FaultSchedule schedule;
  private final EngineProcesses engine;
  private final KafkaCluster kafka;
  private final ProcessSampler sampler;
  private final OutputCollector collector;
  private final Consumer<String> progress;
  private final ScheduledExecutorService timer;
  private final List<InjectedFault> injected = new ArrayList<>();
  private final Map<FaultSpec.Target, Integer> hits = new EnumMap<>(FaultSpec.Target.class);
  private final List<Thread> watchers = new CopyOnWriteArrayList<>();
  private long steadyStartMicros;

  FaultInjector(
      FaultSchedule schedule,
      EngineProcesses engine,
      KafkaCluster kafka,
      ProcessSampler sampler,
      OutputCollector collector,
      Consumer<String> progress) {
    this.schedule = schedule;
    this.engine = engine;
    this.kafka = kafka;
    this.sampler = sampler;
    this.collector = collector;
    this.progress = progress;
    ScheduledThreadPoolExecutor executor =
        new ScheduledThreadPoolExecutor(2, DaemonThreads.named(THREAD_NAME));
    executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    this.timer = executor;
  }

  /** Schedules every fault of a steady state of {@code steady} that starts at the given time. */
  void start(long steadyStartMicros, Duration steady) {
    this.steadyStartMicros = steadyStartMicros;
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
    ProcessSlot slot = pick(spec.target());
    fault.atMicros = EpochMicros.now();
    if (slot == null) {
      fault.note = "no " + spec.target().id() + " was running to " + spec.action().id();
      progress.accept(label(fault) + ": skipped, " + fault.note);
      return;
    }
    fault.slot = slot;
    fault.pid = slot.process().pid();
    try {
      switch (spec.action()) {
        case KILL -> slot.kill();
        case STOP -> slot.terminate();
        case PAUSE -> slot.pause(spec.pause());
      }
    } catch (InterruptedException e) {
      // the signal went out; the run is ending while it waited for the process to exit
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      fault.note = "could not " + spec.action().id() + " it: " + e.getMessage();
      progress.accept(label(fault) + ": " + fault.note);
      return;
    }
    progress.accept(
        String.format(
            "%s: %s %s (pid %d) at %.1f s",
            label(fault),
            spec.action().id(),
            slot.name(),
            fault.pid,
            (fault.atMicros - steadyStartMicros) / 1e6));
    watchForOutput(fault);
    if (spec.action() == FaultSpec.Action.PAUSE) {
      timer.schedule(() -> resume(fault), spec.pause().toMillis(), TimeUnit.MILLISECONDS);
    } else if (spec.restart()) {
      timer.schedule(
          () -> startAgain(fault), schedule.restartDelay().toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  /**
   * The process a fault hits: round robin, per kind of target, over those not down or paused by
   * another fault; a spare worker (holding no share) is passed over.
   */
  private ProcessSlot pick(FaultSpec.Target target) {
    List<ProcessSlot> candidates =
        switch (target) {
          case WORKER -> engine.workers();
          case MASTER -> engine.master().stream().toList();
          case BROKER -> kafka.brokerProcesses();
        };
    int next;
    synchronized (hits) {
      next = hits.merge(target, 1, Integer::sum) - 1;
    }
    for (int i = 0; i < candidates.size(); i++) {
      ProcessSlot slot = candidates.get((next + i) % candidates.size());
      boolean spare = target == FaultSpec.Target.WORKER && engine.spare(slot);
      if (!slot.faulted() && slot.process().isAlive() && !spare) {
        return slot;
      }
    }
    return null;
  }

  private void resume(InjectedFault fault) {
    try {
      fault.slot.resume();
      fault.backMicros = EpochMicros.now();
      progress.accept(label(fault) + ": resumed " + fault.slot.name());
    } catch (Exception e) {
      fault.note = "could not resume it: " + e.getMessage();
      progress.accept(label(fault) + ": " + fault.note);
    }
  }

  private void startAgain(InjectedFault fault) {
    try {
      boolean started =
          fault.planned.spec().target() == FaultSpec.Target.BROKER
              ? startBrokerAgain(fault.slot)
              : engine.startAgain(fault.slot, sampler);
      if (!started) {
        return; // the run is stopping the engine
      }
      fault.backMicros = EpochMicros.now();
      progress.accept(
          label(fault)
              + ": started "
              + fault.slot.name()
              + " again (pid "
              + fault.slot.process().pid()
              + ")");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      fault.note = "could not start it again: " + e.getMessage();
      progress.accept(label(fault) + ": " + fault.note);
    }
  }

  private boolean startBrokerAgain(ProcessSlot broker) throws Exception {
    ChildProcess again = broker.startAgain();
    if (again != null) {
      sampler.addToGroup("broker", again.pid());
    }
    return again != null;
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
   * Cancels the faults and restarts still to come. A broker is the session's, not the run's: one
   * still paused is resumed, one still down started again, before the next run uses it. The
   * engine's processes are the run's, and stopping them resumes what is paused.
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
    List<ProcessSlot> brokers;
    synchronized (injected) {
      brokers =
          injected.stream()
              .filter(f -> f.slot != null && f.planned.spec().target() == FaultSpec.Target.BROKER)
              .map(f -> f.slot)
              .distinct()
              .toList();
    }
    for (ProcessSlot broker : brokers) {
      if (!broker.faulted()) {
        continue;
      }
      try {
        if (broker.process().isAlive()) {
          broker.resume();
        } else {
          startBrokerAgain(broker);
        }
        progress.accept("brought " + broker.name() + " back after the run's faults");
      } catch (Exception e) {
        progress.accept("could not bring " + broker.name() + " back: " + e.getMessage());
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
    if (happened.isEmpty()) {
      return List.of();
    }
    double steadyStart = seconds(steadyStartMicros, originMicros);
    double steadyEnd = seconds(steadyEndMicros, originMicros);
    Recovery.Baseline before =
        Recovery.Baseline.of(series, steadyStart, seconds(happened.get(0).atMicros, originMicros));
    List<RunResult.Fault> out = new ArrayList<>();
    for (InjectedFault f : happened) {
      double at = seconds(f.atMicros, originMicros);
      Recovery r =
          Recovery.measure(series, at, before, schedule.grace().toNanos() / 1e9, steadyEnd);
      out.add(f.outcome(r, steadyStartMicros));
    }
    return out;
  }

  private static double seconds(long micros, long originMicros) {
    return (micros - originMicros) / 1e6;
  }
}
