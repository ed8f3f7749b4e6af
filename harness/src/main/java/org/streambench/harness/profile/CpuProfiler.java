package org.streambench.harness.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A run's {@code --cpu-profile}: async-profiler started in every given process when the steady
 * state starts and stopped when it ends, then each JFR recording summarised ({@link
 * ProcessProfile}) with a flame graph beside it in {@code profiles/} of the run directory. Commands
 * go out on a thread of their own, so that attaching (a fraction of a second per process) never
 * delays the run's own timing.
 */
public final class CpuProfiler implements AutoCloseable {
  private final ProfilerAgent agent;
  private final Path runDir;
  private final Path dir;
  private final ExecutorService control =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "cpu-profiler");
            t.setDaemon(true);
            return t;
          });
  private final Map<String, Target> targets = new LinkedHashMap<>();
  private Future<List<ProcessProfile>> stopped;

  private record Target(long pid, String event, Path recording, String error) {}

  private CpuProfiler(ProfilerAgent agent, Path runDir) {
    this.agent = agent;
    this.runDir = runDir;
    this.dir = runDir.resolve("profiles");
  }

  /** A profiler for one run, with async-profiler's library written under {@code dataDir}. */
  public static CpuProfiler forRun(Path dataDir, Path runDir) throws IOException {
    return new CpuProfiler(new ProfilerAgent(ProfilerLibrary.extract(dataDir)), runDir);
  }

  /** Starts profiling each process (role → pid), in the background. */
  public synchronized void start(Map<String, Long> processes) {
    control.submit(
        () -> {
          Files.createDirectories(dir);
          processes.forEach(this::startOne);
          return null;
        });
  }

  private void startOne(String role, long pid) {
    Path recording = dir.resolve(fileName(role) + ".jfr");
    String error = null;
    for (String event : List.of("cpu", "itimer")) {
      try {
        agent.start(pid, event, recording);
        synchronized (this) {
          targets.put(role, new Target(pid, event, recording, null));
        }
        return;
      } catch (Exception e) {
        error =
            e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
      }
    }
    synchronized (this) {
      targets.put(role, new Target(pid, null, recording, "could not start: " + error));
    }
  }

  /** Stops every profile (in the background; {@link #profiles()} waits for it). Idempotent. */
  public synchronized void stop() {
    if (stopped == null) {
      stopped = control.submit(this::stopAll);
    }
  }

  /**
   * Each profiled process's summary, once stopped (waiting at most {@code timeout}); empty if
   * profiling never started.
   */
  public List<ProcessProfile> profiles(Duration timeout) {
    stop();
    try {
      return stopped.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      return failedAll("the profiler did not answer within " + timeout.toSeconds() + " s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return failedAll("interrupted while the profiles were written");
    } catch (ExecutionException e) {
      return failedAll("profiles not written: " + e.getCause());
    }
  }

  private synchronized List<ProcessProfile> failedAll(String why) {
    List<ProcessProfile> out = new ArrayList<>();
    targets.forEach((role, t) -> out.add(ProcessProfile.failed(role, t.pid(), why)));
    return out;
  }

  private List<ProcessProfile> stopAll() {
    Map<String, Target> started;
    synchronized (this) {
      started = new LinkedHashMap<>(targets);
    }
    // every profile stopped before any is read: reading one must not show in another
    Map<String, String> errors = new LinkedHashMap<>();
    started.forEach((role, t) -> errors.put(role, t.error() != null ? t.error() : stopOne(t)));
    List<ProcessProfile> out = new ArrayList<>();
    started.forEach(
        (role, t) ->
            out.add(
                errors.get(role) != null
                    ? ProcessProfile.failed(role, t.pid(), errors.get(role))
                    : summarize(role, t)));
    return out;
  }

  /** Stops one profile; null, or why it has none. */
  private String stopOne(Target t) {
    try {
      agent.stop(t.pid());
    } catch (Exception e) {
      // a process that ended (a killed worker, an in-job engine) leaves what it wrote, or nothing
      if (!Files.isRegularFile(t.recording())) {
        return "ended before its profile was written";
      }
    }
    return null;
  }

  private ProcessProfile summarize(String role, Target t) {
    try {
      RecordingAnalysis a = RecordingAnalysis.read(t.recording());
      Path svg = dir.resolve(fileName(role) + ".svg");
      Files.writeString(svg, FlameGraph.svg(role + ", pid " + t.pid(), a.collapsedStacks()));
      return new ProcessProfile(
          role,
          t.pid(),
          t.event(),
          a.samples(),
          a.ownerShares(),
          a.topSelf(),
          a.topTotal(),
          a.allocationSamples(),
          a.topAllocations(),
          runDir.relativize(t.recording()).toString(),
          runDir.relativize(svg).toString(),
          null);
    } catch (IOException e) {
      return ProcessProfile.failed(role, t.pid(), "unreadable recording: " + e.getMessage());
    }
  }

  /** {@code engine/taskmanager-1} → {@code engine-taskmanager-1}. */
  static String fileName(String role) {
    return role.replaceAll("[^A-Za-z0-9._-]", "-");
  }

  @Override
  public void close() {
    control.shutdownNow();
  }
}
