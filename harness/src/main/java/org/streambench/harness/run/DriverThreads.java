package org.streambench.harness.run;

import org.streambench.harness.UsageException;
import org.streambench.harness.process.CpuPlacement;

/**
 * How many threads the driver uses: generator threads (each with its own producer, owning a share
 * of the partitions and of the schedule) and collector threads (each with its own consumer). {@code
 * auto} gives each side half of the cores this machine has beyond two (the broker's and the
 * engine's), at least one and at most the partitions.
 *
 * @param generator generator threads, or 0 for auto
 * @param collector collector threads, or 0 for auto
 */
public record DriverThreads(int generator, int collector) {
  public static final DriverThreads ONE_EACH = new DriverThreads(1, 1);

  public DriverThreads {
    if (generator < 0 || collector < 0) {
      throw new IllegalArgumentException("thread counts must not be negative");
    }
  }

  /** Parses an option value: a positive count or {@code auto} (0). */
  public static int parse(String option, String value) {
    if (value.equalsIgnoreCase("auto")) {
      return 0;
    }
    try {
      int n = Integer.parseInt(value.trim());
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException(option + " must be a positive number or auto, was '" + value + "'");
  }

  /**
   * Generator threads for {@code partitions} partitions: the largest divisor of the partitions up
   * to the count asked for, so that every thread owns as many partitions and each partition gets
   * the same share of the input; 1 if the input must be one thread's.
   */
  public int generatorFor(int partitions, boolean concurrentInput) {
    if (!concurrentInput) {
      return 1;
    }
    int n = resolve(generator, partitions);
    while (partitions % n != 0) {
      n--;
    }
    return n;
  }

  /** Collector threads for {@code partitions} output partitions. */
  public int collectorFor(int partitions) {
    return resolve(collector, partitions);
  }

  private static int resolve(int asked, int partitions) {
    int n = asked > 0 ? asked : Math.max(1, (CpuPlacement.machineProcessors() - 2) / 2);
    return Math.max(1, Math.min(n, partitions));
  }

  /**
   * The next step up after a driver-bound trial: twice the threads each side resolved to for {@code
   * partitions}, at most one per core of this machine; null if neither side can grow (so the trial
   * is the driver's limit, not a thread count the search could have raised).
   */
  public DriverThreads doubled(int partitions, boolean concurrentInput, int cores) {
    int g = generatorFor(partitions, concurrentInput);
    int c = collectorFor(partitions);
    DriverThreads next =
        new DriverThreads(Math.max(g, Math.min(2 * g, cores)), Math.max(c, Math.min(2 * c, cores)));
    int g2 = next.generatorFor(partitions, concurrentInput);
    int c2 = next.collectorFor(partitions);
    return g2 > g || c2 > c ? new DriverThreads(g2, c2) : null;
  }

  /** As stored with a run: the counts asked for ("auto" for 0). */
  public String describe() {
    return name(generator) + "/" + name(collector);
  }

  /** The inverse of {@link #describe}: "2/2", "auto/1". */
  public static DriverThreads ofDescribed(String described) {
    String[] sides = described.split("/", -1);
    if (sides.length != 2) {
      throw new IllegalArgumentException("not generator/collector threads: " + described);
    }
    return new DriverThreads(
        parse("generator threads", sides[0]), parse("collector threads", sides[1]));
  }

  private static String name(int n) {
    return n == 0 ? "auto" : Integer.toString(n);
  }
}
