package org.streambench.engine.spark;

import java.util.Collections;
import java.util.Iterator;
import java.util.concurrent.TimeoutException;
import org.apache.spark.api.java.function.FlatMapGroupsWithStateFunction;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.GroupState;
import org.apache.spark.sql.streaming.GroupStateTimeout;
import org.apache.spark.sql.streaming.OutputMode;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.JoinParts;

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

  /** The parts of one sample so far; {@code payloads[p]} is null while part p is missing. */
  public static final class Sample {
    private String[] payloads = new String[JoinParts.STREAMS.length];
    private long firstT = Long.MAX_VALUE;
    private long lastT = Long.MIN_VALUE;
    private long lastIn;
    private long deadlineMs;

    public String[] getPayloads() {
      return payloads;
    }

    public void setPayloads(String[] payloads) {
      this.payloads = payloads;
    }

    public long getFirstT() {
      return firstT;
    }

    public void setFirstT(long firstT) {
      this.firstT = firstT;
    }

    public long getLastT() {
      return lastT;
    }

    public void setLastT(long lastT) {
      this.lastT = lastT;
    }

    public long getLastIn() {
      return lastIn;
    }

    public void setLastIn(long lastIn) {
      this.lastIn = lastIn;
    }

    public long getDeadlineMs() {
      return deadlineMs;
    }

    public void setDeadlineMs(long deadlineMs) {
      this.deadlineMs = deadlineMs;
    }
  }

  static StreamingQuery start(SparkSession spark, JobSpec spec) throws TimeoutException {
    WorkloadParams params = new WorkloadParams(spec);
    StringBuilder topics = new StringBuilder();
    for (int p = 0; p < params.integer("streams"); p++) {
      topics.append(p == 0 ? "" : ",").append(JoinParts.topic(spec.inputTopic(), p));
    }
    return KafkaIo.write(
        KafkaIo.read(spark, spec, topics.toString())
            .groupByKey(
                (MapFunction<String, Long>) r -> Long.parseLong(Fields.third(r)), Encoders.LONG())
            .flatMapGroupsWithState(
                new MergeParts(params.longValue("timer.ms")),
                OutputMode.Append(),
                Encoders.bean(Sample.class),
                Encoders.STRING(),
                GroupStateTimeout.ProcessingTimeTimeout()),
        spec,
        "append");
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
        return Collections.singletonList(result(sample, s)).iterator();
      }
      long now = state.getCurrentProcessingTimeMs();
      Sample s = state.exists() ? state.get() : null;
      if (s == null) {
        s = new Sample();
        s.deadlineMs = now + timerMs;
      }
      while (parts.hasNext()) {
        String r = parts.next(); // seq,t,sample,part,payload,in
        int tStart = r.indexOf(',') + 1;
        int sampleStart = r.indexOf(',', tStart) + 1;
        int partStart = r.indexOf(',', sampleStart) + 1;
        int payloadStart = r.indexOf(',', partStart) + 1;
        int inStart = r.lastIndexOf(',') + 1;
        long t = Long.parseLong(r, tStart, sampleStart - 1, 10);
        s.payloads[Integer.parseInt(r, partStart, payloadStart - 1, 10)] =
            r.substring(payloadStart, inStart - 1);
        s.firstT = Math.min(s.firstT, t);
        s.lastT = Math.max(s.lastT, t);
        s.lastIn = Long.parseLong(r, inStart, r.length(), 10);
      }
      state.update(s);
      state.setTimeoutDuration(Math.max(1, s.deadlineMs - now));
      return Collections.emptyIterator();
    }

    private static String result(long sample, Sample s) {
      int mask = 0;
      int bytes = 0;
      for (int p = 0; p < s.payloads.length; p++) {
        if (s.payloads[p] != null) {
          mask |= 1 << p;
          bytes += s.payloads[p].length();
        }
      }
      return sample + "," + mask + "," + bytes + "," + s.firstT + "," + s.lastT + "," + s.lastIn;
    }
  }
}
