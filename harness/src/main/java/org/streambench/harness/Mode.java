package org.streambench.harness;

/** How a run drives the engine. */
public enum Mode {
  /** The generator sends at a fixed rate for warm-up + duration; latency is measured. */
  FIXED_RATE("fixed-rate"),
  /** The input is pre-filled; throughput is how fast the engine drains it from the start. */
  DRAIN("drain"),
  /**
   * The engine generates the input inside the job (no Kafka) and counts its output: a
   * framework-limit run, reported per engine core.
   */
  IN_JOB("in-job");

  private final String id;

  Mode(String id) {
    this.id = id;
  }

  public String id() {
    return id;
  }

  public static Mode parse(String id) {
    for (Mode m : values()) {
      if (m.id.equals(id)) {
        return m;
      }
    }
    throw new UsageException("unknown mode '" + id + "' (expected fixed-rate, drain or in-job)");
  }

  @Override
  public String toString() {
    return id;
  }
}
