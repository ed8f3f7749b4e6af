package org.streambench.engine.flink;

import java.nio.charset.StandardCharsets;

/**
 * A text record as it arrived and the time it entered the job.
 *
 * @param value the record's value, unchanged
 * @param in entry stamp, epoch µs
 */
public record Line(String value, long in) {
  static Line parse(byte[] value, long in) {
    return new Line(new String(value, StandardCharsets.US_ASCII), in);
  }
}
