package org.streambench.harness.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.streambench.harness.results.MachineUsage;

/** The machine's CPU time by kind, read from Linux's {@code /proc/stat}. */
public final class MachineCpu {
  private static final Path STAT = Path.of("/proc/stat");

  /**
   * One reading: clock ticks since boot, summed over every CPU.
   *
   * @param cpus the machine's CPUs (its {@code cpuN} lines)
   */
  public record Reading(int cpus, long busy, long iowait, long steal, long total) {}

  private MachineCpu() {}

  /** The machine's CPU time now; null where there is no {@code /proc/stat} to read. */
  public static Reading read() {
    try {
      return Files.isReadable(STAT) ? parse(Files.readAllLines(STAT)) : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * Parses {@code /proc/stat}: its first line sums every CPU's user, nice, system, idle, iowait,
   * irq, softirq and steal ticks (guest time is inside user and nice already).
   */
  static Reading parse(List<String> lines) {
    String[] f = lines.get(0).trim().split("\\s+");
    if (!f[0].equals("cpu") || f.length < 9) {
      throw new IllegalArgumentException("not a /proc/stat cpu line: " + lines.get(0));
    }
    long user = Long.parseLong(f[1]);
    long nice = Long.parseLong(f[2]);
    long system = Long.parseLong(f[3]);
    long idle = Long.parseLong(f[4]);
    long iowait = Long.parseLong(f[5]);
    long irq = Long.parseLong(f[6]);
    long softirq = Long.parseLong(f[7]);
    long steal = Long.parseLong(f[8]);
    long busy = user + nice + system + irq + softirq;
    int cpus = (int) lines.stream().filter(l -> l.matches("cpu\\d+\\s.*")).count();
    return new Reading(cpus, busy, iowait, steal, busy + idle + iowait + steal);
  }

  /**
   * What the machine's CPUs did from {@code from} to {@code to}, in cores, with the canary's times
   * over it ({@link CpuCanary}, NaN if unknown); null if no time passed.
   */
  public static MachineUsage between(Reading from, Reading to, CpuCanary.Medians canary) {
    long total = to.total() - from.total();
    if (total <= 0) {
      return null;
    }
    double cores = to.cpus();
    return new MachineUsage(
        to.cpus(),
        cores * (to.busy() - from.busy()) / total,
        cores * (to.iowait() - from.iowait()) / total,
        cores * (to.steal() - from.steal()) / total,
        canary.totalMicros(),
        canary.walkMicros(),
        canary.arithmeticMicros());
  }
}
