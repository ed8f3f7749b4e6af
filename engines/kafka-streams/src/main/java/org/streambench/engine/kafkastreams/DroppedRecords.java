package org.streambench.engine.kafkastreams;

import java.util.Map;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * The records Kafka Streams dropped ({@code dropped-records-total} of its tasks: records later than
 * a window's grace, among others), which the engine states once as it stops. Kafka Streams also
 * warns of each such record; simplelogger.properties turns that off, as one overloaded uricount run
 * logged 1.45 million of them (560 MB) in 30 s.
 */
final class DroppedRecords {
  private DroppedRecords() {}

  static long total(Map<MetricName, ? extends Metric> metrics) {
    return metrics.entrySet().stream()
        .filter(e -> e.getKey().name().equals("dropped-records-total"))
        .filter(e -> e.getKey().group().equals("stream-task-metrics"))
        .mapToLong(e -> e.getValue().metricValue() instanceof Number n ? n.longValue() : 0)
        .sum();
  }

  /** One line for the engine's log, or null if nothing was dropped. */
  static String warning(long dropped) {
    return dropped == 0
        ? null
        : String.format(
            "WARN streambench: Kafka Streams dropped %,d records (its dropped-records-total:"
                + " records later than a window's grace, among others)",
            dropped);
  }
}
