package org.streambench.engine.kafkastreams;

import org.apache.kafka.streams.StreamsBuilder;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;

/**
 * sleep: identity with slow user code: each record is held {@code sleep.ms} in a value mapper on
 * its stream thread, so capacity is {@code threads × 1000 / sleep.ms} records/s (with at least as
 * many input partitions as threads).
 */
final class SleepTopology {
  private SleepTopology() {}

  static void build(StreamsBuilder builder, JobSpec spec) {
    long sleepMs = new WorkloadParams(spec).longValue("sleep.ms");
    KafkaIo.write(
        KafkaIo.readStamped(builder, spec)
            .mapValues(
                record -> {
                  try {
                    Thread.sleep(sleepMs);
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                  return record;
                }),
        spec);
  }
}
