package org.streambench.harness.report.model;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.streambench.harness.results.Checkpoint;
import org.streambench.harness.results.GcSecond;
import org.streambench.harness.results.GcSummary;
import org.streambench.harness.results.LagSeries;
import org.streambench.harness.results.ProcessUsage;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.suite.Sustainability;

/**
 * "Where the time went" of one run besides its CPU profiles, as labelled lines that the report and
 * {@code show} print alike: GC and heap per process in the steady state, state on disk and the
 * engine's storage reads and writes, the engine's checkpoints in the steady state, and the broker's
 * consumer lag beside the output backlog the sustainable search judges by.
 */
public final class WhereTimeWent {
  private static final double MB = 1024.0 * 1024;

  /** The status of a Spark micro-batch's commit, logged where other engines log checkpoints. */
  private static final String BATCH = "batch";

  private WhereTimeWent() {}

  /** One line: what it is about, and its figures. */
  public record Line(String label, String text) {}

  public static List<Line> of(RunResult r) {
    List<Line> lines = new ArrayList<>();
    if (r.processes() != null) {
      for (ProcessUsage p : r.processes()) {
        if (p.gc() != null) {
          lines.add(new Line("GC " + p.role(), gc(p.gc()) + worstSecond(p.gcPerSecond())));
        }
      }
    }
    if (r.stateBytesPerSecond() != null && !r.stateBytesPerSecond().isEmpty()) {
      lines.add(new Line("state on disk", state(r.stateBytesPerSecond())));
    }
    double diskRead = Figure.ENGINE_DISK_READ.of(r);
    if (!Double.isNaN(diskRead)) {
      lines.add(
          new Line(
              "disk I/O engine",
              String.format(
                  "%s MB/s read from storage, %s MB/s written in the steady state",
                  Format.number(diskRead), Format.number(Figure.ENGINE_DISK_WRITTEN.of(r)))));
    }
    if (r.checkpoints() != null) {
      boolean batches = r.checkpoints().stream().allMatch(c -> c.status().equals(BATCH));
      lines.add(
          new Line(
              batches ? "micro-batch commits" : "checkpoints",
              checkpoints(r.checkpoints(), SteadyWindow.of(r))));
    }
    if (r.consumerLag() != null) {
      for (LagSeries lag : r.consumerLag()) {
        lines.add(new Line("consumer lag " + lag.group(), lag(r, lag)));
      }
    }
    return lines;
  }

  static String gc(GcSummary gc) {
    if (gc.pauses() == 0) {
      return "no pause in the steady state";
    }
    return String.format(
        "%d pauses in the steady state, %s ms in all, longest %s ms; heap after GC up to %s MB;"
            + " allocating %s MB/s",
        gc.pauses(),
        Format.number(gc.pauseTotalMillis()),
        Format.number(gc.pauseMaxMillis()),
        Format.number(gc.heapAfterGcMaxBytes() / MB),
        Format.number(gc.allocationBytesPerSecond() / MB));
  }

  /** The second of the run that lost the most time to GC pauses, or nothing without one. */
  static String worstSecond(List<GcSecond> seconds) {
    return seconds == null || seconds.isEmpty()
        ? ""
        : seconds.stream()
            .max(java.util.Comparator.comparingDouble(GcSecond::pauseMillis))
            .map(
                w ->
                    String.format(
                        "; the worst second of the run: %s ms of pauses at second %d",
                        Format.number(w.pauseMillis()), w.second()))
            .orElseThrow();
  }

  static String state(List<Long> perSecond) {
    return String.format(
        "up to %s MB, %s MB at the end (%d one-second samples)",
        Format.number(perSecond.stream().mapToLong(Long::longValue).max().orElse(0) / MB),
        Format.number(perSecond.get(perSecond.size() - 1) / MB),
        perSecond.size());
  }

  /** The checkpoints (or micro-batch commits) triggered in the steady state. */
  static String checkpoints(List<Checkpoint> all, SteadyWindow steady) {
    List<Checkpoint> in = all.stream().filter(c -> steady.contains(c.atSecond())).toList();
    if (in.isEmpty()) {
      return all.size() + " in the run, none in the steady state";
    }
    List<Checkpoint> done = in.stream().filter(c -> !c.status().equals("failed")).toList();
    long failed = in.size() - done.size();
    if (done.isEmpty()) {
      return in.size() + " in the steady state, all failed";
    }
    long[] durations = done.stream().mapToLong(Checkpoint::durationMillis).sorted().toArray();
    Checkpoint last = done.get(done.size() - 1);
    String size =
        last.checkpointedBytes() >= 0
            ? String.format(
                "the last wrote %s MB of %s MB state",
                Format.number(last.checkpointedBytes() / MB), Format.number(last.stateBytes() / MB))
            : String.format("state %s MB at the last", Format.number(last.stateBytes() / MB));
    return String.format(
        "%d in the steady state%s: duration median %,d ms, longest %,d ms; %s; longest alignment %s,"
            + " longest barrier delay %s",
        in.size(),
        failed == 0 ? "" : " (" + failed + " failed)",
        durations[(durations.length - 1) / 2],
        durations[durations.length - 1],
        size,
        millisOrUnknown(done.stream().mapToLong(Checkpoint::alignmentMillis).max()),
        millisOrUnknown(done.stream().mapToLong(Checkpoint::startDelayMillis).max()));
  }

  private static String millisOrUnknown(java.util.OptionalLong millis) {
    return millis.isEmpty() || millis.getAsLong() < 0
        ? "unknown"
        : String.format("%,d ms", millis.getAsLong());
  }

  /** A group's lag: its largest and last value, its slope over the steady state. */
  static String lag(RunResult r, LagSeries lag) {
    if (lag.points().isEmpty()) {
      return "no reading in the run's per-second series";
    }
    long max = lag.points().stream().mapToLong(LagSeries.Point::lag).max().orElse(0);
    long last = lag.points().get(lag.points().size() - 1).lag();
    SteadyWindow steady = SteadyWindow.of(r);
    long from = (long) steady.fromSecond();
    long to = Double.isInfinite(steady.toSecond()) ? Long.MAX_VALUE : (long) steady.toSecond();
    OptionalDouble slope = Sustainability.lagSlope(lag, from, to);
    String text =
        String.format(
            "broker's view: up to %,d records, %,d at the end%s",
            max,
            last,
            slope.isEmpty()
                ? ""
                : String.format(
                    "; slope %+,.0f records/s over the steady state", slope.getAsDouble()));
    long rate = r.generator() == null ? 0 : Math.round(r.generator().targetRate());
    return Sustainability.lagDisagreement(r, rate, from, to).map(d -> text + "; " + d).orElse(text);
  }
}
