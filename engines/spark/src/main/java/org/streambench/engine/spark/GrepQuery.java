package org.streambench.engine.spark;

import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.api.java.function.FilterFunction;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;

/**
 * grep: a typed {@code filter} keeps the lines whose text (after {@code seq,t,}) the Java regex
 * {@code pattern} finds a match in; they are emitted unchanged with their stamps. Stateless, append
 * mode, no shuffle; runs with either trigger, continuous processing included.
 */
final class GrepQuery {
  private GrepQuery() {}

  static StreamingQuery start(SparkSession spark, JobSpec spec) throws TimeoutException {
    return KafkaIo.write(
        KafkaIo.read(spark, spec).filter(new Matches(new WorkloadParams(spec).string("pattern"))),
        spec,
        "append");
  }

  /**
   * Compiles the pattern once per task (Spark deserializes a fresh copy of the function for every
   * task) and reuses one matcher, bounded to the line's text: after {@code seq,t,}, before the
   * appended {@code ,in}, so that {@code ^} and {@code $} anchor there.
   */
  static final class Matches implements FilterFunction<String> {
    private final String pattern;
    private transient Matcher matcher;

    Matches(String pattern) {
      this.pattern = pattern;
    }

    @Override
    public boolean call(String stamped) {
      if (matcher == null) {
        matcher = Pattern.compile(pattern).matcher("");
      }
      int text = stamped.indexOf(',', stamped.indexOf(',') + 1) + 1;
      return matcher.reset(stamped).region(text, stamped.lastIndexOf(',')).find();
    }
  }
}
