package org.streambench.engine.flink;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.jobmanager.JobManagerProcessSpec;
import org.apache.flink.runtime.jobmanager.JobManagerProcessUtils;

/**
 * What Flink 2.x says differently from Flink 1.20 (the {@code flink@1.20} engine compiles its own
 * copy of this class, in {@code engines/flink-1.20/}, against the same sources).
 */
final class FlinkLine {
  private FlinkLine() {}

  /** The JobManager's memory as Flink's scripts resolve it from {@code config}. */
  static JobManagerProcessSpec jobManagerMemory(Configuration config) {
    return JobManagerProcessUtils.processSpecFromConfig(config);
  }

  /** A sink whose writer needs nothing of its context. */
  abstract static class ContextFreeSink<T> implements Sink<T> {
    protected abstract SinkWriter<T> newWriter();

    @Override
    public final SinkWriter<T> createWriter(WriterInitContext context) {
      return newWriter();
    }
  }
}
