package org.streambench.engine.flink;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;

/** A local environment of parallelism 2 configured as the engine's defaults, for job tests. */
final class LocalFlink {
  private LocalFlink() {}

  static StreamExecutionEnvironment env() {
    return env(Map.of());
  }

  /**
   * Object reuse as in conf/defaults.yaml; generic (Kryo) types forbidden, so every record and
   * state type must be a Flink POJO or record.
   */
  static StreamExecutionEnvironment env(Map<String, String> settings) {
    Configuration conf =
        Configuration.fromMap(
            Map.of("pipeline.object-reuse", "true", "pipeline.generic-types", "false"));
    conf.addAll(Configuration.fromMap(settings));
    return StreamExecutionEnvironment.createLocalEnvironment(2, conf);
  }

  /**
   * Runs the job until it has output {@code n} records, then cancels it: for jobs whose output
   * comes from processing-time timers, which fire only while the job runs (an endless source keeps
   * it running however long the timers take on a busy machine). A test using it needs a timeout in
   * a thread of its own ({@code @Timeout(threadMode = SEPARATE_THREAD)}): Flink's result fetcher
   * swallows the interrupt of a timeout in the test's own thread.
   */
  static <T> List<T> collectFirst(DataStream<T> stream, int n) throws Exception {
    return stream.executeAndCollect(n);
  }

  /** Runs the job to its end and returns all of its output. */
  @SuppressWarnings("try") // CloseableIterator.close() may throw InterruptedException
  static <T> List<T> collect(DataStream<T> stream) throws Exception {
    List<T> out = new ArrayList<>();
    try (CloseableIterator<T> it = stream.executeAndCollect()) {
      it.forEachRemaining(out::add);
    }
    return out;
  }
}
