package org.streambench.harness.process;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One long-lived process of a run (an engine's worker or master, a Kafka broker) that a fault may
 * kill, stop or pause and a restart may start again: its current {@link ChildProcess}, and whether
 * it is down or paused on purpose, so that watching it does not take a fault for a failure.
 */
public final class ProcessSlot {
  private static final Duration EXIT_WAIT = Duration.ofSeconds(30);

  private final String name;
  private volatile ChildProcess process;
  private volatile boolean faulted;
  private volatile int starts = 1;

  public ProcessSlot(String name, ChildProcess process) {
    this.name = name;
    this.process = process;
  }

  /** Its name in the run, e.g. {@code taskmanager-1} or {@code broker-2}. */
  public String name() {
    return name;
  }

  /** The process now in this slot. */
  public ChildProcess process() {
    return process;
  }

  /** How many times it was started: 1, plus one per restart. */
  public int starts() {
    return starts;
  }

  /** Whether it runs, or is down or paused by a fault (which is not a failure of the run). */
  public boolean aliveOrFaulted() {
    return faulted || process.isAlive();
  }

  /** SIGKILL of the process and every process it spawned (a crash of the whole unit). */
  public synchronized void kill() throws InterruptedException {
    faulted = true;
    ChildProcess p = process;
    List<ProcessHandle> tree = tree(p);
    tree.forEach(ProcessHandle::destroyForcibly);
    p.waitFor(EXIT_WAIT);
  }

  /** SIGTERM of the process: it stops in order, as it would on a scale-in. */
  public synchronized void terminate() {
    faulted = true;
    ProcessHandle.of(process.pid()).ifPresent(ProcessHandle::destroy);
  }

  /** SIGSTOP of the process and what it spawned: hung, with its sockets open. */
  public synchronized void pause() throws IOException, InterruptedException {
    faulted = true;
    signal("-STOP", tree(process));
  }

  /** SIGCONT after {@link #pause}. */
  public synchronized void resume() throws IOException, InterruptedException {
    signal("-CONT", tree(process));
    faulted = false;
  }

  /** Whether a fault has it down or paused now. */
  public boolean faulted() {
    return faulted;
  }

  /**
   * Starts the process again once the old one has exited (killed if it has not within 30 s);
   * returns the new one, watched again from now on.
   */
  public synchronized ChildProcess startAgain() throws IOException, InterruptedException {
    ChildProcess old = process;
    if (!old.waitFor(EXIT_WAIT)) {
      tree(old).forEach(ProcessHandle::destroyForcibly);
      old.waitFor(EXIT_WAIT);
    }
    // what the old one spawned and left behind goes with it (a restarted worker starts its own)
    ProcessHandle.of(old.pid()).ifPresent(h -> h.descendants().forEach(ProcessHandle::destroy));
    process = old.startAgain();
    starts++;
    faulted = false;
    return process;
  }

  /** Resumes it if a pause has it stopped (the run is ending). */
  public synchronized void resumeIfPaused() {
    if (faulted && process.isAlive()) {
      try {
        signal("-CONT", tree(process));
      } catch (IOException | InterruptedException e) {
        tree(process).forEach(ProcessHandle::destroyForcibly);
      }
    }
  }

  /** The process and its descendants, the process first. */
  private static List<ProcessHandle> tree(ChildProcess p) {
    List<ProcessHandle> out = new ArrayList<>();
    ProcessHandle.of(p.pid())
        .ifPresent(
            h -> {
              out.add(h);
              h.descendants().forEach(out::add);
            });
    return out;
  }

  private static void signal(String signal, List<ProcessHandle> processes)
      throws IOException, InterruptedException {
    if (processes.isEmpty()) {
      return;
    }
    List<String> cmd = new ArrayList<>(List.of("kill", signal));
    processes.forEach(h -> cmd.add(Long.toString(h.pid())));
    Process kill = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    if (kill.waitFor() != 0) {
      throw new IOException(
          String.join(" ", cmd) + " failed: " + new String(kill.getInputStream().readAllBytes()));
    }
  }
}
