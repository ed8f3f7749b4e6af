package org.streambench.harness.results;

/**
 * The whole machine's CPU over a run's steady window, every process on it counted (the rig's, the
 * engine's and any other) and the time the hypervisor gave to other guests: a figure that moved
 * while the processes' own CPU did not points at the machine, not the engine.
 *
 * @param cpus the machine's CPUs
 * @param busyCores CPU time spent running anything (user, system, interrupts), in cores
 * @param iowaitCores CPU time idle while disk I/O was outstanding, in cores
 * @param stealCores CPU time a virtual machine's CPUs were ready to run but the hypervisor ran
 *     something else, in cores (0 on bare metal)
 * @param canaryMicros the CPU time, in µs, of the harness's fixed piece of work, median over the
 *     window ({@code CpuCanary}): more when the CPUs ran slower; NaN, or 0 in runs stored before it
 *     was measured, when unknown
 * @param canaryWalkMicros the median of the canary's walk through memory alone, which the shared
 *     cache and the memory bus slow (0 in runs stored before the parts were timed apart)
 * @param canaryArithmeticMicros the median of its arithmetic alone, which only a slower core slows
 */
public record MachineUsage(
    int cpus,
    double busyCores,
    double iowaitCores,
    double stealCores,
    double canaryMicros,
    double canaryWalkMicros,
    double canaryArithmeticMicros) {
  /** The canary's time, NaN when unknown. */
  public double canary() {
    return known(canaryMicros);
  }

  /** The canary's walk through memory, NaN when unknown. */
  public double canaryWalk() {
    return known(canaryWalkMicros);
  }

  /** The canary's arithmetic, NaN when unknown. */
  public double canaryArithmetic() {
    return known(canaryArithmeticMicros);
  }

  private static double known(double micros) {
    return micros > 0 ? micros : Double.NaN;
  }
}
