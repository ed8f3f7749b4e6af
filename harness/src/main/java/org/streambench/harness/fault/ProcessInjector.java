package org.streambench.harness.fault;

import java.time.Duration;
import org.streambench.harness.process.ProcessSlot;

/** Kills, stops or pauses a process, and starts or resumes it again: a {@link ProcessFault}. */
final class ProcessInjector implements Injector {
  private final ProcessFault fault;

  ProcessInjector(ProcessFault fault) {
    this.fault = fault;
  }

  @Override
  public Hit inject(FaultTargets targets) throws Exception {
    ProcessSlot slot = targets.pick(fault.role());
    if (slot == null) {
      return Hit.nothing("no " + fault.role().id() + " was running to " + fault.action().id());
    }
    Hit hit = Hit.of(slot);
    try {
      switch (fault.action()) {
        case KILL -> slot.kill();
        case STOP -> slot.terminate();
        case PAUSE -> slot.pause(fault.pause());
      }
    } catch (InterruptedException e) {
      // the signal went out; the run is ending while it waited for the process to exit
      Thread.currentThread().interrupt();
    }
    return hit;
  }

  @Override
  public Duration healAfter(Duration restartDelay) {
    if (fault.action() == ProcessFault.Action.PAUSE) {
      return fault.pause();
    }
    return fault.restart() ? restartDelay : null;
  }

  @Override
  public String heal(Hit hit, FaultTargets targets) throws Exception {
    ProcessSlot slot = hit.slot();
    if (fault.action() == ProcessFault.Action.PAUSE) {
      slot.resume();
      return "resumed " + slot.name();
    }
    if (!targets.startAgain(slot, fault.role())) {
      return null; // the run is stopping the engine
    }
    return "started " + slot.name() + " again (pid " + slot.process().pid() + ")";
  }

  /**
   * A broker is the session's, not the run's: one still paused is resumed, one still down started
   * again, before the next run uses it. The engine's processes are the run's, and stopping them
   * resumes what is paused.
   */
  @Override
  public String closeOut(Hit hit, FaultTargets targets) throws Exception {
    ProcessSlot slot = hit.slot();
    if (fault.role() != Role.BROKER || !slot.faulted()) {
      return null;
    }
    if (slot.process().isAlive()) {
      slot.resume();
    } else {
      targets.startAgain(slot, Role.BROKER);
    }
    return "brought " + slot.name() + " back after the run's faults";
  }
}
