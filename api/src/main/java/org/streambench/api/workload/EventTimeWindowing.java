package org.streambench.api.workload;

import java.io.Serializable;
import org.streambench.api.WorkloadParams;

/**
 * The event-time windows of ysb and uricount, from their parameters: tumbling windows of {@code
 * window.ms}, a watermark {@code out.of.orderness.ms} behind the newest event time, and {@code
 * lateness.ms} of allowed lateness after a window closed. Engines with one delay where these have
 * two (Spark's watermark, Kafka Streams' grace) use {@link #delayMs}. Serializable, for the
 * engines' functions that keep the windows.
 */
public record EventTimeWindowing(long windowMs, long outOfOrdernessMs, long latenessMs)
    implements Serializable {

  /** The windows the job's parameters ask for. */
  public static EventTimeWindowing of(WorkloadParams params) {
    return new EventTimeWindowing(
        params.longValue("window.ms"),
        params.longValue("out.of.orderness.ms"),
        params.longValue("lateness.ms"));
  }

  /** How long after its end a window still takes records: out-of-orderness plus lateness. */
  public long delayMs() {
    return outOfOrdernessMs + latenessMs;
  }
}
