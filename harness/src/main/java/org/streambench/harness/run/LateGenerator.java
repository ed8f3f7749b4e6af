package org.streambench.harness.run;

import java.util.Locale;
import org.streambench.harness.results.Finding;
import org.streambench.harness.results.Finding.Kind;

/**
 * Why a fixed-rate run's generator fell behind its schedule, said by what was saturated: its own
 * threads (driver-bound: more driver threads would help), the CPUs it ran on when the engine shared
 * them (machine-bound: the engine took the driver's CPU, which is the machine, not the driver), its
 * CPUs when placed apart from the engine (driver-bound: the driver's CPUs), or nothing
 * (driver-stalled: a pause such as a collection, a descheduled thread or a blocked send). Each
 * makes the run invalid; the search repeats a driver-bound or driver-stalled trial and takes a
 * machine-bound one as this machine's limit.
 */
final class LateGenerator {
  private LateGenerator() {}

  static Finding finding(RunJudge.Facts f, long lagMicros, long limitMicros) {
    if (!f.agents().isEmpty()) {
      return LateAgents.finding(f, limitMicros);
    }
    String late =
        String.format(
            Locale.ROOT,
            ": the generator fell %.1f ms behind its schedule in the steady state (limit %.1f ms)",
            lagMicros / 1000.0,
            limitMicros / 1000.0);
    Double perThread = f.steadyCores().get("generator.per-thread");
    if (perThread != null && perThread >= RunJudge.SATURATED_THREAD_CORES) {
      return late(
          Kind.DRIVER_BOUND,
          late + String.format(Locale.ROOT, "; its threads used %.2f cores each", perThread));
    }
    CpuGroups.Group driver = f.cpuGroups().driver();
    if (driver != null && driver.saturated()) {
      return driver.has("engine")
          ? late(
              Kind.MACHINE_BOUND, late + " while the engine shared its CPUs: " + driver.describe())
          : late(
              Kind.DRIVER_BOUND, late + "; the driver's CPUs were saturated: " + driver.describe());
    }
    return late(
        Kind.DRIVER_STALLED,
        late
            + " with neither its threads"
            + (perThread == null ? "" : String.format(Locale.ROOT, " (%.2f cores each)", perThread))
            + " nor its CPUs"
            + (driver == null ? "" : " (" + driver.describe() + ")")
            + " saturated: a pause (a collection, a descheduled thread, a blocked send)");
  }

  /** An invalid finding whose text starts with its kind's id, as people read it. */
  private static Finding late(Kind kind, String rest) {
    return Finding.invalid(kind, kind + rest);
  }
}
