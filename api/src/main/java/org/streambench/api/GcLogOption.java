package org.streambench.api;

import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The GC log option the harness starts every engine process with ({@code -Xlog:gc} to {@code
 * gc-%p.log} in the run directory). An engine passes it on to the JVMs it spawns (Storm's workers,
 * Spark's executors), so that each writes {@code gc-<its pid>.log} beside the others and the
 * harness reads their GC as it reads its own processes'.
 */
public final class GcLogOption {
  private GcLogOption() {}

  /** This JVM's {@code -Xlog:gc} options: none where the harness did not start it. */
  public static List<String> ofThisJvm() {
    return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(a -> a.startsWith("-Xlog:gc"))
        .toList();
  }
}
