package org.streambench.harness.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.streambench.harness.process.ChildProcess;
import org.streambench.harness.process.CommandLine;
import org.streambench.harness.process.ProcessSlot;

/**
 * The containers of a run's YARN application on the Hadoop the harness started: the processes under
 * its NodeManager tagged with the run's id ({@code -Dstreambench.run=<id>}), each known by its
 * container id, the name of the working directory YARN gives it. The application master is the
 * first container of its attempt ({@code ..._000001}); the others are the engine's workers, which a
 * fault may kill, stop or pause like the harness's own (YARN, not the harness, starts new ones).
 */
final class YarnContainers {
  private final long nodeManagerPid;
  private final String tag;
  private final Path runDir;
  private final Map<String, ProcessSlot> slots = new ConcurrentHashMap<>();

  YarnContainers(long nodeManagerPid, String runId, Path runDir) {
    this.nodeManagerPid = nodeManagerPid;
    this.tag = "-Dstreambench.run=" + runId;
    this.runDir = runDir;
  }

  /**
   * The workers running now, each by its container id and the same slot on every call: every JVM of
   * the application but its master's.
   */
  List<ProcessSlot> workers() {
    List<ProcessSlot> out = new ArrayList<>();
    for (ProcessHandle jvm : processes(true)) {
      String id = containerId(jvm);
      if (id != null && !id.endsWith("_000001")) {
        out.add(
            slots.computeIfAbsent(
                id,
                c ->
                    new ProcessSlot(
                        c,
                        ChildProcess.adopt(c, jvm, runDir.resolve("yarn-containers").resolve(c)))));
      }
    }
    return out;
  }

  /**
   * Waits until the application's processes are gone (the NodeManager stops them once the
   * application was killed or finished), then kills any left after {@code patience}.
   */
  void awaitGone(Duration patience) throws InterruptedException {
    long deadline = System.nanoTime() + patience.toNanos();
    while (true) {
      List<ProcessHandle> left = processes(false);
      if (left.isEmpty()) {
        return;
      }
      if (System.nanoTime() > deadline) {
        left.forEach(ProcessHandle::destroyForcibly);
        return;
      }
      Thread.sleep(200);
    }
  }

  /**
   * The application's processes: its JVMs (the tag one of their arguments), or also the shells that
   * launch them (the tag inside their command).
   */
  private List<ProcessHandle> processes(boolean jvmsOnly) {
    return ProcessHandle.of(nodeManagerPid).stream()
        .flatMap(ProcessHandle::descendants)
        .filter(
            h -> {
              List<String> argv = CommandLine.of(h.pid());
              if (!jvmsOnly) {
                return argv.stream().anyMatch(a -> a.contains(tag));
              }
              return argv.contains(tag) && argv.get(0).endsWith("java");
            })
        .toList();
  }

  /** The container a process runs in: its working directory's name, or null. */
  private static String containerId(ProcessHandle process) {
    try {
      Path cwd = Files.readSymbolicLink(Path.of("/proc", Long.toString(process.pid()), "cwd"));
      String name = cwd.getFileName().toString();
      return name.startsWith("container_") ? name : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
