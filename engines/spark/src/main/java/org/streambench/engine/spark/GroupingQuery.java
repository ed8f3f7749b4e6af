package org.streambench.engine.spark;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
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
import org.streambench.api.workload.Csv;

/**
 * grouping: a keyed running aggregate. {@code groupByKey(key)} repartitions the records by key (a
 * shuffle into {@code spark.sql.shuffle.partitions} partitions); {@code flatMapGroupsWithState} in
 * append mode keeps {@code (count, sum)} per key in the state store (versioned per micro-batch and
 * checkpointed with it) and emits, for every record, {@code seq,t,key,count,sum,in} with the
 * aggregate after that record. Within a batch a key's records arrive in their partition's order.
 */
final class GroupingQuery {
  private GroupingQuery() {}

  /** The state of one key (a bean, so Spark stores it as columns). */
  public static final class Totals {
    private long count;
    private long sum;

    public long getCount() {
      return count;
    }

    public void setCount(long count) {
      this.count = count;
    }

    public long getSum() {
      return sum;
    }

    public void setSum(long sum) {
      this.sum = sum;
    }
  }

  static StreamingQuery start(SparkSession spark, JobSpec spec) throws TimeoutException {
    return KafkaIo.write(results(KafkaIo.read(spark, spec)), spec, "append");
  }

  /** The query between its Kafka ends: {@code value,in} records → results without {@code out}. */
  static Dataset<String> results(Dataset<String> records) {
    return records
        .groupByKey((MapFunction<String, String>) r -> Csv.field(r, 2), Encoders.STRING())
        .flatMapGroupsWithState(
            new CountAndSum(),
            OutputMode.Append(),
            Encoders.bean(Totals.class),
            Encoders.STRING(),
            GroupStateTimeout.NoTimeout());
  }

  /** {@code seq,t,key,value,in} records of one key → one updated aggregate per record. */
  static final class CountAndSum
      implements FlatMapGroupsWithStateFunction<String, String, Totals, String> {
    @Override
    public Iterator<String> call(String key, Iterator<String> records, GroupState<Totals> state) {
      Totals totals = state.exists() ? state.get() : new Totals();
      List<String> out = new ArrayList<>();
      while (records.hasNext()) {
        String r = records.next();
        // seq,t,key,value,in
        int valueStart = Csv.start(r, 3);
        int inStart = Csv.end(r, valueStart) + 1;
        totals.count++;
        totals.sum += Integer.parseInt(r, valueStart, inStart - 1, 10);
        out.add(
            r.substring(0, valueStart)
                + totals.count
                + ','
                + totals.sum
                + ','
                + r.substring(inStart));
      }
      state.update(totals);
      return out.iterator();
    }
  }
}
