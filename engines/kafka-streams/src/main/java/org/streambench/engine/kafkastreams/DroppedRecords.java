package org.streambench.engine.kafkastreams;

import java.util.Map;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.metrics.stats.CumulativeSum;
import org.apache.kafka.streams.processor.api.ProcessorContext;

/**
 * The records Kafka Streams dropped ({@code dropped-records-total} of its tasks: records later than
 * a window's grace, among others), which the engine states once as it stops. Kafka Streams also
 * warns of each such record; simplelogger.properties turns that off, as one overloaded uricount run
 * logged 1.45 million of them (560 MB) in 30 s.
 */
final class DroppedRecords {
  private static final String NAME = "dropped-records-total";
  private static final String GROUP = "stream-task-metrics";

  private DroppedRecords() {}

  static long total(Map<MetricName, ? extends Metric> metrics) {
    return metrics.entrySet().stream()
        .filter(e -> e.getKey().name().equals(NAME))
        .filter(e -> e.getKey().group().equals(GROUP))
        .mapToLong(e -> e.getValue().metricValue() instanceof Number n ? n.longValue() : 0)
        .sum();
  }

  /**
   * A sensor of the records a processor of ours drops, counted in {@link #total} beside Kafka
   * Streams' own: its task's {@code dropped-records-total} with the processor's name as a tag.
   */
  static Sensor sensor(ProcessorContext<?, ?> context, String processor, String description) {
    String task = context.taskId().toString();
    Sensor sensor =
        context.metrics().addSensor(processor + "-dropped-" + task, Sensor.RecordingLevel.INFO);
    sensor.add(
        new MetricName(
            NAME,
            GROUP,
            description,
            Map.of(
                "thread-id", Thread.currentThread().getName(),
                "task-id", task,
                "processor-node-id", processor)),
        new CumulativeSum());
    return sensor;
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
