package org.streambench.harness.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** util-linux's {@code taskset}, which sets CPU affinity: what {@link CpuPlacement} applies. */
final class Taskset {
  private Taskset() {}

  /** What a command started on {@code list} is prefixed with; taskset execs it, same pid. */
  static List<String> launcher(String list) {
    return List.of("taskset", "-c", list);
  }

  /** Sets the affinity of every thread of process {@code pid} ({@code taskset -a -p -c}). */
  static void setThreads(String list, long pid) {
    List<String> cmd = List.of("taskset", "-a", "-p", "-c", list, Long.toString(pid));
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", cmd) + " failed: " + out);
      }
    } catch (IOException e) {
      throw new IllegalStateException(String.join(" ", cmd) + " failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(String.join(" ", cmd) + " interrupted", e);
    }
  }

  /** Whether {@code taskset} is on the PATH. */
  static boolean onPath() {
    for (String entry : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (Files.isExecutable(Path.of(entry.isEmpty() ? "." : entry, "taskset"))) {
        return true;
      }
    }
    return false;
  }
}
