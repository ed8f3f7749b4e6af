package org.streambench.harness.agent;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.streambench.harness.generator.Generator;
import org.streambench.harness.process.MachineCpu;
import org.streambench.harness.process.ThreadCost;

/**
 * An agent's account of its machine and of itself, for the harness to record beside a run.
 *
 * @param host the agent's host name
 * @param cpus the machine's CPUs
 * @param machineBusyCores the machine's busy cores since the previous status (NaN: unknown)
 * @param memoryAvailableBytes memory the machine has available ({@code MemAvailable}; -1: unknown)
 * @param processCpuSeconds the agent JVM's CPU time since it started
 * @param generatorCpuSeconds of that, its generator threads' and their producers' network threads'
 * @param heapUsedBytes the agent JVM's heap in use
 * @param threads the agent JVM's live threads
 * @param load its current or last load, or null
 */
public record AgentStatus(
    String host,
    int cpus,
    double machineBusyCores,
    long memoryAvailableBytes,
    double processCpuSeconds,
    double generatorCpuSeconds,
    long heapUsedBytes,
    int threads,
    LoadStatus load) {

  /** The machine's busy cores between two readings of {@code /proc/stat}. */
  static double busyCores(MachineCpu.Reading from, MachineCpu.Reading to) {
    if (from == null || to == null || to.total() <= from.total()) {
      return Double.NaN;
    }
    return (double) (to.busy() - from.busy()) / (to.total() - from.total()) * to.cpus();
  }

  /**
   * This JVM and machine now; {@code machineBusyCores} and {@code load} as given, the machine's
   * CPUs from {@code reading} (all of them, not only those this JVM may use: its busy cores are
   * counted over all), or this JVM's where there is none.
   */
  static AgentStatus now(double machineBusyCores, MachineCpu.Reading reading, LoadStatus load) {
    var os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    return new AgentStatus(
        hostName(),
        reading == null ? Runtime.getRuntime().availableProcessors() : reading.cpus(),
        machineBusyCores,
        memoryAvailable(),
        os.getProcessCpuTime() / 1e9,
        ThreadCost.cpuSecondsOfThreads(Generator::isGeneratorThread),
        ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(),
        ManagementFactory.getThreadMXBean().getThreadCount(),
        load);
  }

  /** This machine's host name, as an agent reports its own. */
  static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }

  /** {@code MemAvailable} from {@code /proc/meminfo}, in bytes; -1 where it cannot be read. */
  static long memoryAvailable() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
        String[] f = line.trim().split("\\s+");
        if (f.length >= 2 && f[0].equals("MemAvailable:")) {
          return Long.parseLong(f[1]) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux, or unreadable
    }
    return -1;
  }
}
