package org.streambench.engine.flink;

import org.streambench.api.JobSpec;

/**
 * The deployment {@code yarn} of a Flink line built without {@code flink-yarn} (its release of it
 * is not served here): refused. The harness refuses it first, from the version's {@code
 * engine.properties}; the default line's class is in {@code src/yarn/java}.
 */
final class FlinkOnYarn {
  private FlinkOnYarn() {}

  static FlinkCluster deploy(JobSpec spec) {
    throw new UnsupportedOperationException(
        "this Flink version is built without flink-yarn: it cannot deploy onto YARN");
  }
}
