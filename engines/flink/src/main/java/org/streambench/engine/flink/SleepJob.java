package org.streambench.engine.flink;

import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;

/**
 * sleep: identity with slow user code. Every record is held {@code sleep.ms} in a map (the blocking
 * call a user function might make), so capacity is {@code parallelism × 1000 / sleep.ms} records/s.
 */
final class SleepJob {
  private SleepJob() {}

  static void build(StreamExecutionEnvironment env, JobSpec spec) {
    KafkaIo.write(
        hold(IdentityJob.read(env, spec), new WorkloadParams(spec).longValue("sleep.ms")), spec);
  }

  static DataStream<String> hold(DataStream<String> records, long sleepMs) {
    return records
        .map(
            record -> {
              Thread.sleep(sleepMs);
              return record;
            })
        .name("sleep");
  }
}
