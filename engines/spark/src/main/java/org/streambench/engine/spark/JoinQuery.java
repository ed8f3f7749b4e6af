package org.streambench.engine.spark;

import java.util.Collections;
import java.util.Iterator;
import java.util.concurrent.TimeoutException;
import org.apache.spark.api.java.function.FlatMapGroupsWithStateFunction;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.GroupState;
import org.apache.spark.sql.streaming.GroupStateTimeout;
import org.apache.spark.sql.streaming.OutputMode;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.Csv;
import org.streambench.api.workload.JoinPart;
import org.streambench.api.workload.JoinParts;
import org.streambench.api.workload.JoinSample;

/**
 * join: one Kafka source subscribed to the {@code streams} topics ({@code <input>-impression},
 * {@code -click}, {@code -feature}) is the union; {@code groupByKey(sample)} and {@code
 * flatMapGroupsWithState} with a <b>processing-time timeout</b> (append mode) merge a sample's
 * parts, payloads included, in the state store; {@code timer.ms} after the batch that brought the
 * first part, the timed-out call emits {@code sample,mask,bytes,firstT,lastT,lastIn} and removes
 * the state. Spark checks timeouts once per micro-batch (it runs batches without data to do so),
 * and a group's timeout must be set again whenever it gets data, so the state keeps the deadline.
 */
final class JoinQuery {
  private JoinQuery() {}

  /**
   * A {@link JoinSample} with the deadline of its timer (a bean, so Spark stores it as columns).
   */
  public static final class Sample extends JoinSample {
    private long deadlineMs;

    public long getDeadlineMs() {
      return deadlineMs;
    }

    public void setDeadlineMs(long deadlineMs) {
      this.deadlineMs = deadlineMs;
    }
  }

  static StreamingQuery start(SparkSession spark, JobSpec spec) throws TimeoutException {
    WorkloadParams params = new WorkloadParams(spec);
    String topics =
        String.join(",", JoinParts.topics(spec.inputTopic(), params.integer("streams")));
    return KafkaIo.write(results(KafkaIo.read(spark, spec, topics), params), spec, "append");
  }

  /**
   * The query between its Kafka ends: {@code value,in} records of every stream → results without
   * {@code out}.
   */
  static Dataset<String> results(Dataset<String> records, WorkloadParams params) {
    return records
        .groupByKey((MapFunction<String, Long>) r -> Csv.longField(r, 2), Encoders.LONG())
        .flatMapGroupsWithState(
            new MergeParts(params.longValue("timer.ms")),
            OutputMode.Append(),
            Encoders.bean(Sample.class),
            Encoders.STRING(),
            GroupStateTimeout.ProcessingTimeTimeout());
  }

  static final class MergeParts
      implements FlatMapGroupsWithStateFunction<Long, String, Sample, String> {
    private final long timerMs;

    MergeParts(long timerMs) {
      this.timerMs = timerMs;
    }

    @Override
    public Iterator<String> call(Long sample, Iterator<String> parts, GroupState<Sample> state) {
      if (state.hasTimedOut()) {
        Sample s = state.get();
        state.remove();
        return Collections.singletonList(s.result(sample)).iterator();
      }
      long now = state.getCurrentProcessingTimeMs();
      Sample s = state.exists() ? state.get() : null;
      if (s == null) {
        s = new Sample();
        s.deadlineMs = now + timerMs;
      }
      while (parts.hasNext()) {
        s.add(JoinPart.parseStamped(parts.next())); // seq,t,sample,part,payload,in
      }
      state.update(s);
      state.setTimeoutDuration(Math.max(1, s.deadlineMs - now));
      return Collections.emptyIterator();
    }
  }
}
