package org.streambench.harness.results;

import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * One conclusion drawn about a run: what kind it is (what code decides by), whether it makes the
 * run invalid or qualifies it, and its text (what people read). {@code result.json} stores a run's
 * findings in the order they were drawn; code asks for a kind and never reads the text.
 *
 * @param kind what was found
 * @param severity invalid (the run's figures are not to be used) or warning (they are, qualified)
 * @param text one line for people
 */
public record Finding(Kind kind, Severity severity, String text) {

  /** Whether a finding makes its run invalid. */
  public enum Severity {
    INVALID,
    WARNING;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** What a finding is about; its id is what {@code result.json} stores. */
  public enum Kind {
    /** Records the guarantee does not allow to be lost were, or it allows it and they were. */
    LOST("lost"),
    DUPLICATED("duplicated"),
    /** Output no input explains. */
    PHANTOM("phantom"),
    /** Any other error the workload's check or an external check (ysb's Redis) found. */
    WRONG_OUTPUT("wrong-output"),
    /** State machine alerts: wrong transitions. */
    ALERTS("alerts"),
    /** The generator's records that failed to send. */
    SEND_FAILED("send-failed"),
    /** The driver's own threads or CPUs were the limit. */
    DRIVER_BOUND("driver-bound"),
    /** The generator fell behind with neither its threads nor its CPUs saturated: a pause. */
    DRIVER_STALLED("driver-stalled"),
    /** The engine took the CPUs it shared with the driver: the machine was the limit. */
    MACHINE_BOUND("machine-bound"),
    /** A rig process (the broker, Redis, the harness) used up CPUs the engine shared. */
    RIG_BOUND("rig-bound"),
    /** A fixed-rate run whose backlog grew over the steady state. */
    NOT_KEEPING_UP("not-keeping-up"),
    /** The engine's first output came after the warm-up. */
    LATE_FIRST_OUTPUT("late-first-output"),
    /** A drain without a steady part: its throughput is over the whole drain. */
    DRAIN_TOO_SHORT("drain-too-short"),
    /** What the mode measures and does not (drain: no end-to-end latency; in-job: no Kafka). */
    MODE_LIMIT("mode-limit"),
    NEGATIVE_LATENCY("negative-latency"),
    /** A fault that hit nothing or did not happen as planned. */
    FAULT_MISSED("fault-missed"),
    FAULT_NOT_RECOVERED("fault-not-recovered"),
    FAULT_RECOVERY_UNKNOWN("fault-recovery-unknown"),
    /** Agents' clocks known less well than the latencies need (docs/agents.md). */
    CLOCK_UNCERTAIN("clock-uncertain"),
    /** One run: no repetitions, no spread. */
    SINGLE_RUN("single-run"),
    /** Why a run that did not complete has no verdict. */
    NOT_JUDGED("not-judged"),
    /** Stored before findings had kinds: its text is all that is known. */
    UNCLASSIFIED("unclassified");

    private final String id;

    Kind(String id) {
      this.id = id;
    }

    /** The kind of a verifier's error count ({@code lost}, {@code duplicated}, ...). */
    public static Kind ofCheck(String count) {
      return Stream.of(LOST, DUPLICATED, PHANTOM, ALERTS, NOT_JUDGED)
          .filter(k -> k.id.equals(count))
          .findFirst()
          .orElse(WRONG_OUTPUT);
    }

    @Override
    public String toString() {
      return id;
    }
  }

  public static Finding invalid(Kind kind, String text) {
    return new Finding(kind, Severity.INVALID, text);
  }

  public static Finding warning(Kind kind, String text) {
    return new Finding(kind, Severity.WARNING, text);
  }

  public boolean invalid() {
    return severity == Severity.INVALID;
  }

  /** The texts of {@code findings} of one severity, in order. */
  public static List<String> texts(List<Finding> findings, Severity severity) {
    return findings.stream().filter(f -> f.severity == severity).map(Finding::text).toList();
  }
}
