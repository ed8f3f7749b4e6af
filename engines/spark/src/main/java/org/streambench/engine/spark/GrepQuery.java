package org.streambench.engine.spark;

import java.util.concurrent.TimeoutException;
import org.apache.spark.api.java.function.FilterFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.GrepMatcher;

/**
 * grep: a typed {@code filter} keeps the lines whose text (after {@code seq,t,}) the Java regex
 * {@code pattern} finds a match in; they are emitted unchanged with their stamps. Stateless, append
 * mode, no shuffle; runs with either trigger, continuous processing included.
 */
final class GrepQuery {
  private GrepQuery() {}

  static StreamingQuery start(SparkSession spark, JobSpec spec) throws TimeoutException {
    return KafkaIo.write(
        results(KafkaIo.read(spark, spec), new WorkloadParams(spec)), spec, "append");
  }

  /** The query between its Kafka ends: {@code value,in} records → results without {@code out}. */
  static Dataset<String> results(Dataset<String> records, WorkloadParams params) {
    return records.filter(new Matches(params.string("pattern")));
  }

  /**
   * The {@link GrepMatcher} of the pattern, the text ending before the appended {@code ,in}. Spark
   * deserializes a fresh copy of the function, and so of the matcher, for every task.
   */
  static final class Matches implements FilterFunction<String> {
    private final GrepMatcher matcher;

    Matches(String pattern) {
      this.matcher = new GrepMatcher(pattern);
    }

    @Override
    public boolean call(String stamped) {
      return matcher.matches(stamped, stamped.lastIndexOf(','));
    }
  }
}
