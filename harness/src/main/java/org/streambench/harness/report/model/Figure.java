package org.streambench.harness.report.model;

import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import org.streambench.harness.Mode;
import org.streambench.harness.process.CpuList;
import org.streambench.harness.results.Checkpoint;
import org.streambench.harness.results.DiskUsage;
import org.streambench.harness.results.LatencySummary;
import org.streambench.harness.results.MachineUsage;
import org.streambench.harness.results.ProcessUsage;
import org.streambench.harness.results.RunResult;

/** A headline figure of a run, NaN where the run does not have it. */
public enum Figure {
  THROUGHPUT_IN(
      "throughput in",
      "rec/s",
      "throughput_in_per_s",
      r -> r.throughput() == null ? Double.NaN : r.throughput().inPerSecond()),
  THROUGHPUT_OUT(
      "throughput out",
      "rec/s",
      "throughput_out_per_s",
      r -> r.throughput() == null ? Double.NaN : r.throughput().outPerSecond()),
  IN_PER_ENGINE_CORE(
      "in per engine core",
      "rec/s",
      "throughput_in_per_engine_core",
      r -> r.throughput() == null ? Double.NaN : r.throughput().inPerEngineCore()),
  /**
   * Throughput in over the CPUs the engine was given ({@link #givenCores}), not the CPU it used.
   */
  IN_PER_GIVEN_CORE(
      "in per given core",
      "rec/s",
      "throughput_in_per_given_core",
      r -> r.throughput() == null ? Double.NaN : r.throughput().inPerSecond() / givenCores(r)),
  E2E_P50("e2e p50", "ms", "e2e_p50_ms", r -> ms(r.endToEndLatencyMicros(), LatencySummary::p50)),
  E2E_P99("e2e p99", "ms", "e2e_p99_ms", r -> ms(r.endToEndLatencyMicros(), LatencySummary::p99)),
  E2E_P999(
      "e2e p99.9", "ms", "e2e_p999_ms", r -> ms(r.endToEndLatencyMicros(), LatencySummary::p999)),
  /**
   * Engine-internal latency (in→out: from the engine's reading a record to its writing the result,
   * stamped by the job), in µs: on identity a few µs, far below the end-to-end figures' ms.
   */
  ENGINE_P50(
      "engine p50", "µs", "engine_p50_us", r -> us(r.engineLatencyMicros(), LatencySummary::p50)),
  ENGINE_P99(
      "engine p99", "µs", "engine_p99_us", r -> us(r.engineLatencyMicros(), LatencySummary::p99)),
  ENGINE_CORES("engine cores", "cores", "engine_steady_cores", r -> steadyCores(r, "engine")),
  /** The rig's own CPU beside the engine's: the Kafka nodes, and the harness (the driver). */
  BROKER_CORES("broker cores", "cores", "broker_steady_cores", r -> steadyCores(r, "broker")),
  DRIVER_CORES("driver cores", "cores", "harness_steady_cores", r -> steadyCores(r, "harness")),
  /**
   * Nexmark's Cores × Time, per million input records: the engine's CPU seconds (steady cores over
   * steady throughput in), a warm-up share left out as the steady state leaves it out.
   */
  ENGINE_CORE_SECONDS(
      "engine cores × time",
      "core·s per M",
      "engine_core_seconds_per_million",
      r -> coreSecondsPerMillion(r, "engine")),
  /** The same of the Kafka broker(s): what the engine's reading and writing cost the rig. */
  BROKER_CORE_SECONDS(
      "broker cores × time",
      "core·s per M",
      "broker_core_seconds_per_million",
      r -> coreSecondsPerMillion(r, "broker")),
  /** The whole machine, every process counted: what the rig and the engine left of its CPUs. */
  MACHINE_BUSY(
      "machine busy", "cores", "machine_busy_cores", r -> ofMachine(r, MachineUsage::busyCores)),
  /** CPU the hypervisor gave to other guests while this machine's CPUs were ready to run. */
  MACHINE_STEAL(
      "machine steal", "cores", "machine_steal_cores", r -> ofMachine(r, MachineUsage::stealCores)),
  /**
   * How long the harness's fixed piece of work took in CPU time ({@code CpuCanary}): the same
   * configuration's runs apart in throughput but not here point at the engine, not the machine.
   */
  MACHINE_CANARY("CPU canary", "µs", "machine_canary_us", r -> ofMachine(r, MachineUsage::canary)),
  /** The canary's walk through memory: slower where the shared cache or memory bus is crowded. */
  MACHINE_CANARY_WALK(
      "canary walk", "µs", "machine_canary_walk_us", r -> ofMachine(r, MachineUsage::canaryWalk)),
  /** The canary's arithmetic: slower only where the core itself runs slower. */
  MACHINE_CANARY_ARITHMETIC(
      "canary arithmetic",
      "µs",
      "machine_canary_arithmetic_us",
      r -> ofMachine(r, MachineUsage::canaryArithmetic)),
  ENGINE_PEAK_RSS(
      "engine peak RSS", "MB", "engine_peak_rss_mb", r -> peakRssMegabytes(r, "engine")),
  ENGINE_HEAP_AFTER_GC(
      "engine heap after GC",
      "MB",
      "engine_heap_after_gc_mb",
      r -> heapAfterGcMegabytes(r, "engine")),
  STATE_ON_DISK("state on disk", "MB", "state_on_disk_mb", Figure::stateOnDiskMegabytes),
  /** The engine's storage reads per second in the steady state ({@link DiskUsage}). */
  ENGINE_DISK_READ(
      "engine disk read",
      "MB/s",
      "engine_disk_read_mb_per_s",
      r -> engineDisk(r, DiskUsage::readBytesPerSecond)),
  /** The engine's storage writes per second in the steady state: state, checkpoints, logs. */
  ENGINE_DISK_WRITTEN(
      "engine disk written",
      "MB/s",
      "engine_disk_written_mb_per_s",
      r -> engineDisk(r, DiskUsage::writtenBytesPerSecond)),
  CHECKPOINT_MEDIAN(
      "checkpoint median", "ms", "checkpoint_median_ms", Figure::checkpointMedianMillis),
  /**
   * The median of what the steady state's completed checkpoints wrote: the whole state for a full
   * snapshot, the files added since the last one for an incremental one.
   */
  CHECKPOINT_SIZE(
      "checkpoint size", "MB", "checkpoint_size_median_mb", Figure::checkpointSizeMegabytes),
  /** What HDFS's DataNode wrote over the whole run (its own counter): checkpoints on HDFS. */
  HDFS_WRITTEN("HDFS written", "MB", "hdfs_datanode_written_mb", Figure::hdfsWrittenMegabytes),
  YSB_WINDOW_P50(
      "ysb window p50",
      "ms",
      "ysb_window_p50_ms",
      r -> ms(r.ysbWindowLatency(), LatencySummary::p50)),
  YSB_WINDOW_P99(
      "ysb window p99",
      "ms",
      "ysb_window_p99_ms",
      r -> ms(r.ysbWindowLatency(), LatencySummary::p99)),
  /** The longest recovery over the run's faults; NaN where one did not recover, or not known. */
  FAULT_RECOVERY(
      "recovery", "s", "fault_recovery_s", r -> worstFault(r, RunResult.Fault::recoverySeconds)),
  /** The longest output gap over the run's faults; NaN where output never came back. */
  FAULT_OUTPUT_GAP(
      "output gap",
      "ms",
      "fault_output_gap_ms",
      r -> worstFault(r, RunResult.Fault::outputGapMillis)),
  /**
   * From the engine's first process's start until its job was ready: on YARN the deployment onto it
   * and its containers' start included. NaN for runs stored before it was recorded.
   */
  ENGINE_START(
      "engine start",
      "s",
      "engine_start_s",
      r -> r.engineStartSeconds() == null ? Double.NaN : r.engineStartSeconds());

  /**
   * Whether this figure of the run is what the run was given rather than what it measured: a
   * fixed-rate run's input is the rate it was offered, so it is neither noise nor a difference.
   */
  public boolean isOffered(RunResult r) {
    return (this == THROUGHPUT_IN || this == IN_PER_GIVEN_CORE) && r.mode() == Mode.FIXED_RATE;
  }

  /** Whether some of these runs measured this figure rather than were given it. */
  public boolean isMeasuredIn(List<RunResult> runs) {
    return runs.stream().anyMatch(r -> !isOffered(r));
  }

  /** A figure of the whole machine, NaN for a run stored before the machine was measured. */
  private static double ofMachine(RunResult r, ToDoubleFunction<MachineUsage> figure) {
    return r.machine() == null ? Double.NaN : figure.applyAsDouble(r.machine());
  }

  /** The figures of state and memory: shown where some run has them. */
  public static final List<Figure> STATE_AND_MEMORY =
      List.of(
          ENGINE_HEAP_AFTER_GC, STATE_ON_DISK, CHECKPOINT_MEDIAN, CHECKPOINT_SIZE, HDFS_WRITTEN);

  /** The engine-internal latency, shown where some run has it (beside the end-to-end figures). */
  public static final List<Figure> OF_ENGINE_LATENCY = List.of(ENGINE_P50, ENGINE_P99);

  /**
   * The engine's storage I/O: shown where some configuration's engine read or wrote at least {@link
   * #DISK_SHOWN} MB/s (below it, a JVM's logs rather than state).
   */
  public static final List<Figure> OF_DISK = List.of(ENGINE_DISK_READ, ENGINE_DISK_WRITTEN);

  public static final double DISK_SHOWN = 0.1;

  /** Nexmark's own figure, Cores × Time: shown beside the cores where some run is of Nexmark. */
  public static final List<Figure> OF_NEXMARK = List.of(ENGINE_CORE_SECONDS, BROKER_CORE_SECONDS);

  /** The figures only some workloads have (YSB's own latency): shown where some run has them. */
  public static final List<Figure> OF_WORKLOAD = List.of(YSB_WINDOW_P50, YSB_WINDOW_P99);

  /** The whole machine's CPU: shown where some run has it (runs stored before it was measured). */
  public static final List<Figure> OF_MACHINE =
      List.of(
          MACHINE_BUSY,
          MACHINE_STEAL,
          MACHINE_CANARY,
          MACHINE_CANARY_WALK,
          MACHINE_CANARY_ARITHMETIC);

  /** The figures of faults and recovery: shown where some run has them. */
  public static final List<Figure> OF_FAULTS = List.of(FAULT_OUTPUT_GAP, FAULT_RECOVERY);

  private static final double MB = 1024.0 * 1024;

  private final String label;
  private final String unit;
  private final String column;
  private final ToDoubleFunction<RunResult> value;

  Figure(String label, String unit, String column, ToDoubleFunction<RunResult> value) {
    this.label = label;
    this.unit = unit;
    this.column = column;
    this.value = value;
  }

  /** Whether more is better (throughput), as against less (latency, CPU, memory, state). */
  public boolean higherIsBetter() {
    return this == THROUGHPUT_IN
        || this == THROUGHPUT_OUT
        || this == IN_PER_ENGINE_CORE
        || this == IN_PER_GIVEN_CORE;
  }

  /** Its name in a suite file's {@code headline}: {@code throughput-in}, {@code e2e-p99}, ... */
  public String id() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  /** The figure of {@code id} ({@link #id}), or null. */
  public static Figure byId(String id) {
    for (Figure f : values()) {
      if (f.id().equals(id)) {
        return f;
      }
    }
    return null;
  }

  public String label() {
    return label;
  }

  public String unit() {
    return unit;
  }

  /** Its name as a CSV column or JSON key. */
  public String column() {
    return column;
  }

  public double of(RunResult r) {
    return value.applyAsDouble(r);
  }

  static double ms(LatencySummary s, ToDoubleFunction<LatencySummary> percentile) {
    return us(s, percentile) / 1000.0;
  }

  private static double us(LatencySummary s, ToDoubleFunction<LatencySummary> percentile) {
    return s == null || s.count() == 0 ? Double.NaN : percentile.applyAsDouble(s);
  }

  private static ProcessUsage process(RunResult r, String role) {
    if (r.processes() == null) {
      return null;
    }
    return r.processes().stream().filter(p -> p.role().equals(role)).findFirst().orElse(null);
  }

  /**
   * How many CPUs the engine's processes were given: the count of their allowed CPUs together
   * ({@code --cpus engine=}, else the machine's); NaN where unknown (the user's own cluster, or a
   * result stored before they were recorded).
   */
  public static double givenCores(RunResult r) {
    ProcessUsage p = process(r, "engine");
    int n = p == null ? 0 : CpuList.count(p.allowedCpus());
    return n == 0 ? Double.NaN : n;
  }

  /** A role's CPU seconds per million input records in the steady state. */
  static double coreSecondsPerMillion(RunResult r, String role) {
    double in = r.throughput() == null ? Double.NaN : r.throughput().inPerSecond();
    return in > 0 ? steadyCores(r, role) / in * 1e6 : Double.NaN;
  }

  public static double steadyCores(RunResult r, String role) {
    ProcessUsage p = process(r, role);
    return p == null ? Double.NaN : p.steadyCores();
  }

  /** The largest heap a role's JVMs kept after a GC pause in the steady state: the live data. */
  static double heapAfterGcMegabytes(RunResult r, String role) {
    ProcessUsage p = process(r, role);
    return p == null || p.gc() == null || p.gc().heapAfterGcMaxBytes() < 0
        ? Double.NaN
        : p.gc().heapAfterGcMaxBytes() / MB;
  }

  /** The engine's storage bytes per second in the steady state, as MB/s. */
  private static double engineDisk(RunResult r, ToDoubleFunction<DiskUsage> perSecond) {
    ProcessUsage p = process(r, "engine");
    return p == null || p.disk() == null ? Double.NaN : perSecond.applyAsDouble(p.disk()) / MB;
  }

  /** The most bytes the engine kept on disk for state and checkpoints in any second. */
  static double stateOnDiskMegabytes(RunResult r) {
    return r.stateBytesPerSecond() == null || r.stateBytesPerSecond().isEmpty()
        ? Double.NaN
        : r.stateBytesPerSecond().stream().mapToLong(Long::longValue).max().orElse(0) / MB;
  }

  /** The median duration of the run's completed checkpoints in the steady state. */
  static double checkpointMedianMillis(RunResult r) {
    return steadyCheckpointMedian(r, Checkpoint::durationMillis);
  }

  /** The median of the bytes its completed checkpoints in the steady state wrote, as MB. */
  static double checkpointSizeMegabytes(RunResult r) {
    return steadyCheckpointMedian(r, Checkpoint::checkpointedBytes) / MB;
  }

  /** The median of a known value of the run's completed steady-state checkpoints; NaN if none. */
  private static double steadyCheckpointMedian(RunResult r, ToLongFunction<Checkpoint> value) {
    if (r.checkpoints() == null) {
      return Double.NaN;
    }
    SteadyWindow steady = SteadyWindow.of(r);
    long[] d =
        r.checkpoints().stream()
            .filter(c -> c.status().equals("completed") && steady.contains(c.atSecond()))
            .mapToLong(value)
            .filter(v -> v >= 0) // -1: not reported
            .sorted()
            .toArray();
    return d.length == 0 ? Double.NaN : d[(d.length - 1) / 2];
  }

  /** The bytes the DataNode wrote during the run, as MB; NaN without HDFS or its counter. */
  static double hdfsWrittenMegabytes(RunResult r) {
    return r.hdfs() == null || r.hdfs().dataNodeBytesWritten() < 0
        ? Double.NaN
        : r.hdfs().dataNodeBytesWritten() / MB;
  }

  /**
   * The largest of a value over the run's faults that hit a process (a fault with nothing to hit
   * has no recovery); NaN without one, or where one has no value (not recovered, no output after).
   */
  static double worstFault(RunResult r, java.util.function.Function<RunResult.Fault, Double> v) {
    List<RunResult.Fault> hit =
        r.faults() == null
            ? List.of()
            : r.faults().stream().filter(f -> f.process() != null).toList();
    double worst = Double.NaN;
    for (RunResult.Fault f : hit) {
      Double value = v.apply(f);
      if (value == null) {
        return Double.NaN;
      }
      worst = Double.isNaN(worst) ? value : Math.max(worst, value);
    }
    return worst;
  }

  public static double peakRssMegabytes(RunResult r, String role) {
    ProcessUsage p = process(r, role);
    return p == null || p.peakRssBytes() <= 0 ? Double.NaN : p.peakRssBytes() / MB;
  }
}
