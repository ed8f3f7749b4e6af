package org.streambench.engine.flink;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.runtime.jobmanager.JobManagerProcessSpec;
import org.apache.flink.runtime.jobmanager.JobManagerProcessUtils;

/**
 * What Flink 1.20 says differently from Flink 2.x: the Flink module's sources compile against
 * this class here and against their own {@code src/flink2/java/.../FlinkLine.java} there.
 */
final class FlinkLine {
  private FlinkLine() {}

  /**
   * The JobManager's memory as Flink 1.20's scripts resolve it ({@code BashJavaUtils}: a legacy
   * heap setting read as the JVM heap).
   */
  static JobManagerProcessSpec jobManagerMemory(Configuration config) {
    return JobManagerProcessUtils.processSpecFromConfigWithNewOptionToInterpretLegacyHeap(
        config, JobManagerOptions.JVM_HEAP_MEMORY);
  }

  /** A sink whose writer needs nothing of its context (1.20's abstract method takes InitContext). */
  abstract static class ContextFreeSink<T> implements Sink<T> {
    protected abstract SinkWriter<T> newWriter();

    @Override
    @SuppressWarnings("deprecation")
    public final SinkWriter<T> createWriter(InitContext context) {
      return newWriter();
    }
  }
}
