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
import org.streambench.harness.DaemonThreads;
import org.streambench.harness.results.ProcessProfile;

/**
 * A run's {@code --cpu-profile}: async-profiler started in every given process when the steady
 * state starts and stopped when it ends; each JFR recording is read afterwards, once the run's
 * measurements are over ({@link ProcessProfile}, with a flame graph beside it in {@code profiles/}
 * of the run directory). Commands go out on threads of their own, each with a deadline, so that
 * attaching (a fraction of a second per process) never delays the run's own timing and a process
 * that cannot answer (paused by a fault) never holds up the run.
 */
public final class CpuProfiler implements AutoCloseable {
  private final ProfilerAgent agent;
  private final Path runDir;
  private final Path dir;
  private final ExecutorService control =
      Executors.newSingleThreadExecutor(DaemonThreads.named("cpu-profiler"));
  private final Map<String, Target> targets = new LinkedHashMap<>();
  private Future<Map<String, String>> stopped;

  /** How long one attach command may take; a process that cannot answer in that time has none. */
  static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(10);

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
      error = bounded(() -> agent.start(pid, event, recording));
      if (error == null) {
        synchronized (this) {
          targets.put(role, new Target(pid, event, recording, null));
        }
        return;
      }
    }
    synchronized (this) {
      targets.put(role, new Target(pid, null, recording, "could not start: " + error));
    }
  }

  /**
   * Waits until the profiles asked for so far have started or failed to (the commands run in order
   * on one thread); for tests that act on a process only once its profile runs.
   */
  void awaitStarted(Duration timeout) throws Exception {
    control.submit(() -> null).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  /**
   * Stops every profile, in the background ({@link #profiles} waits for it), all processes at once,
   * each given {@link #COMMAND_TIMEOUT}. Idempotent.
   */
  public synchronized void stop() {
    if (stopped == null) {
      stopped = control.submit(this::stopAll);
    }
  }

  /**
   * Each profiled process's summary once stopped (waiting at most {@code timeout} for the stops),
   * read from its recording now, on the caller's thread, so that reading never competes with a
   * measurement; with {@code read} false (an interrupted run) only where the recordings are. Empty
   * if profiling never started.
   */
  public List<ProcessProfile> profiles(Duration timeout, boolean read) {
    stop();
    Map<String, String> stopErrors;
    try {
      stopErrors = stopped.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      return failedAll("the profiler did not answer within " + timeout.toSeconds() + " s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return failedAll("interrupted while the profiles were stopped");
    } catch (ExecutionException e) {
      return failedAll("profiles not stopped: " + e.getCause());
    }
    Map<String, Target> started;
    synchronized (this) {
      started = new LinkedHashMap<>(targets);
    }
    List<ProcessProfile> out = new ArrayList<>();
    started.forEach(
        (role, t) -> {
          String error = t.error() != null ? t.error() : stopErrors.get(role);
          if (error == null && !read) {
            error = "not read (the run was interrupted); the recording is " + t.recording();
          }
          out.add(error != null ? ProcessProfile.failed(role, t.pid(), error) : summarize(role, t));
        });
    return out;
  }

  private synchronized List<ProcessProfile> failedAll(String why) {
    List<ProcessProfile> out = new ArrayList<>();
    targets.forEach((role, t) -> out.add(ProcessProfile.failed(role, t.pid(), why)));
    return out;
  }

  /** Stops every started profile at once; each role's error, or no entry. */
  private Map<String, String> stopAll() throws InterruptedException {
    Map<String, Target> started;
    synchronized (this) {
      started = new LinkedHashMap<>(targets);
    }
    Map<String, String> errors = new java.util.concurrent.ConcurrentHashMap<>();
    List<Thread> stops = new ArrayList<>();
    started.forEach(
        (role, t) -> {
          if (t.error() == null) {
            stops.add(
                daemon(
                    () -> {
                      String error = bounded(() -> agent.stop(t.pid()));
                      if (error != null) {
                        // a killed worker's recording ends where it died; a paused one cannot
                        // answer: neither is a profile of the steady state
                        errors.put(role, "not stopped at the steady state's end: " + error);
                      }
                    }));
          }
        });
    for (Thread t : stops) {
      t.join();
    }
    return errors;
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
    } catch (Exception | InternalError e) {
      // one unreadable recording leaves that process without a profile, not the others (the JDK's
      // JFR parser throws InternalError on a recording without stack traces: a process that took
      // no CPU sample)
      return ProcessProfile.failed(role, t.pid(), "unreadable recording: " + e);
    }
  }

  /**
   * Runs an attach command with a deadline: a process that cannot answer (paused by a fault) would
   * block the attach API's read forever. Null, or why it failed.
   */
  private static String bounded(Command command) {
    String[] error = new String[1];
    Thread t =
        daemon(
            () -> {
              try {
                command.run();
                error[0] = null;
              } catch (Exception e) {
                error[0] =
                    e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage());
              }
            });
    try {
      t.join(COMMAND_TIMEOUT.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
    // read after the thread ended (join orders its write before this read)
    return t.isAlive() ? "no answer within " + COMMAND_TIMEOUT.toSeconds() + " s" : error[0];
  }

  private interface Command {
    void run() throws Exception;
  }

  private static Thread daemon(Runnable r) {
    Thread t = new Thread(r, "cpu-profiler-command");
    t.setDaemon(true);
    t.start();
    return t;
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
