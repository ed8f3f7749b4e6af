package org.streambench.engine.spark;

import java.util.Locale;
import org.apache.spark.sql.streaming.Trigger;
import org.streambench.api.JobSpec;

/**
 * The query trigger from the settings {@code trigger.mode} and {@code trigger.interval}, the knob
 * that trades latency for throughput in a micro-batch engine.
 *
 * <ul>
 *   <li>{@code processing-time}: micro-batches, one started every {@code trigger.interval} (0: the
 *       next one as soon as the previous one has finished, Spark's default). A record waits in
 *       Kafka until the next batch plans its offsets, so latency is at least about one batch.
 *   <li>{@code continuous}: continuous processing (experimental in Spark): long-running tasks read
 *       and write record by record, {@code trigger.interval} is only the epoch (checkpoint)
 *       interval. Map-like queries only, so only identity and grep offer it.
 * </ul>
 */
final class Triggers {
  static final String MODE = "trigger.mode";
  static final String INTERVAL = "trigger.interval";
  static final String PROCESSING_TIME = "processing-time";
  static final String CONTINUOUS = "continuous";

  private Triggers() {}

  static String mode(JobSpec spec) {
    String mode = spec.setting(MODE, PROCESSING_TIME);
    if (!mode.equals(PROCESSING_TIME) && !mode.equals(CONTINUOUS)) {
      throw new IllegalArgumentException(
          MODE + " must be " + PROCESSING_TIME + " or " + CONTINUOUS + ", not '" + mode + "'");
    }
    return mode;
  }

  static boolean continuous(JobSpec spec) {
    return mode(spec).equals(CONTINUOUS);
  }

  static long intervalMillis(JobSpec spec) {
    return millis(spec.setting(INTERVAL, "0ms"));
  }

  static Trigger of(JobSpec spec) {
    long interval = intervalMillis(spec);
    return continuous(spec) ? Trigger.Continuous(interval) : Trigger.ProcessingTime(interval);
  }

  /** {@code 250ms}, {@code 1s}, {@code 2m} or a bare number of milliseconds. */
  static long millis(String duration) {
    String d = duration.trim().toLowerCase(Locale.ROOT);
    if (d.endsWith("ms")) {
      return Long.parseLong(d.substring(0, d.length() - 2).trim());
    }
    if (d.endsWith("s")) {
      return Long.parseLong(d.substring(0, d.length() - 1).trim()) * 1000;
    }
    if (d.endsWith("m")) {
      return Long.parseLong(d.substring(0, d.length() - 1).trim()) * 60_000;
    }
    return Long.parseLong(d);
  }
}
