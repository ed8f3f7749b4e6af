package org.streambench.harness.run;

import java.time.Instant;
import org.streambench.harness.fault.FaultSchedule;
import org.streambench.harness.fault.FaultSpec;
import org.streambench.harness.fault.Hit;
import org.streambench.harness.fault.Injector;
import org.streambench.harness.fault.Recovery;
import org.streambench.harness.results.RunResult;

/** One fault of a {@link FaultRunner} as it happened: what it hit, when, and what followed. */
final class InjectedFault {
  final FaultSchedule.Planned planned;
  final Injector injector;
  volatile Hit hit;
  volatile long atMicros;
  volatile long backMicros;
  volatile long firstOutputMicros;
  volatile String note;

  /** Until it has been injected and, where it heals (restart, resume), healed. */
  volatile boolean pending = true;

  InjectedFault(FaultSchedule.Planned planned) {
    this.planned = planned;
    this.injector = planned.spec().injector();
  }

  /**
   * The fault as stored, with its recovery {@code r} and the engine's first notice of it, timed
   * from the steady state's start.
   */
  RunResult.Fault outcome(Recovery r, long steadyStartMicros, RunResult.Notice noticed) {
    FaultSpec spec = planned.spec();
    return new RunResult.Fault(
        planned.number(),
        spec.text(),
        spec.kind(),
        spec.target(),
        hit == null ? null : hit.name(),
        hit == null ? 0 : hit.pid(),
        (atMicros - steadyStartMicros) / 1e6,
        Instant.ofEpochSecond(0, atMicros * 1_000).toString(),
        backMicros == 0 ? null : (backMicros - atMicros) / 1e6,
        firstOutputMicros == 0 ? null : (firstOutputMicros - atMicros) / 1e3,
        r.silentSeconds(),
        r.state(),
        r.seconds(),
        r.peakP99Micros() / 1e3,
        r.peakBacklog(),
        note,
        noticed);
  }
}
