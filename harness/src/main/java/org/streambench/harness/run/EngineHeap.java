package org.streambench.harness.run;

import java.util.Map;
import java.util.regex.Pattern;
import org.streambench.api.Deployment;
import org.streambench.harness.UsageException;
import org.streambench.harness.engine.EngineDescriptor;

/**
 * The one engine setting the harness reads itself, {@code jvm.heap} ({@code --set jvm.heap=512m},
 * or {@code settings:} in a suite): the heap of the engine's process in a local deployment, in
 * place of the {@code -Xmx} (and {@code -Xms}) of its {@code engine.properties}, so that a suite
 * can find the smallest heap at which a state backend still keeps up. The setting is recorded with
 * the run's others, and the JVM options it gives as {@code engine.jvm.options}.
 */
final class EngineHeap {
  static final String KEY = "jvm.heap";
  private static final Pattern SIZE = Pattern.compile("\\d+[kmgKMG]");

  private EngineHeap() {}

  /** {@code engine} with the heap {@code settings} ask for, or as it is if they ask none. */
  static EngineDescriptor apply(
      EngineDescriptor engine, Map<String, String> settings, Deployment deployment) {
    String size = settings.get(KEY);
    if (size == null) {
      return engine;
    }
    if (!SIZE.matcher(size.trim()).matches()) {
      throw new UsageException(
          KEY + "=" + size + " is not a heap size (a number with k, m or g: 512m, 2g)");
    }
    if (deployment.kind() != Deployment.Kind.LOCAL) {
      throw new UsageException(
          KEY
              + " sets the heap of the engine's one process in a local deployment; a cluster's"
              + " processes take theirs from the engine's conf/cluster.yaml");
    }
    return engine.withHeap(size.trim());
  }
}
