package org.streambench.harness.process;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One long-lived process of a run (an engine's worker or master, a Kafka broker) that a fault may
 * kill, stop or pause and a restart may start again: its current {@link ChildProcess}, and whether
 * it is down or paused on purpose, so that watching it does not take a fault for a failure. Once
 * {@link #close}d (the run is stopping it) it is never started again.
 */
public final class ProcessSlot {
  private static final Duration EXIT_WAIT = Duration.ofSeconds(30);

  /** A paused process is resumed this long after its pause even if the harness is gone. */
  private static final Duration RESUME_FALLBACK = Duration.ofSeconds(2);

  private final String name;
  private volatile ChildProcess process;
  private volatile boolean faulted;
  private volatile int starts = 1;
  private List<ProcessHandle> faultedTree = List.of();
  private boolean closed;

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

  /** Whether a fault has it down or paused now. */
  public boolean faulted() {
    return faulted;
  }

  /** SIGKILL of the process and every process it spawned (a crash of the whole unit). */
  public synchronized void kill() throws InterruptedException {
    faulted = true;
    faultedTree = tree(process);
    faultedTree.forEach(ProcessHandle::destroyForcibly);
    process.waitFor(EXIT_WAIT);
  }

  /** SIGTERM of the process: it stops in order, as it would on a scale-in. */
  public synchronized void terminate() {
    faulted = true;
    faultedTree = tree(process);
    ProcessHandle.of(process.pid()).ifPresent(ProcessHandle::destroy);
  }

  /**
   * SIGSTOP of the process and what it spawned (hung, with its sockets open) for {@code length}; a
   * detached shell resumes them shortly after that even if the harness dies meanwhile, since a
   * stopped process cannot see its harness go.
   */
  public synchronized void pause(Duration length) throws IOException, InterruptedException {
    faulted = true;
    faultedTree = tree(process);
    List<String> pids = faultedTree.stream().map(h -> Long.toString(h.pid())).toList();
    long fallback = length.plus(RESUME_FALLBACK).toMillis();
    new ProcessBuilder(
            "sh",
            "-c",
            String.format(
                "sleep %d.%03d; kill -CONT %s 2>/dev/null",
                fallback / 1000, fallback % 1000, String.join(" ", pids)))
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start();
    signal("-STOP", faultedTree);
  }

  /** SIGCONT after {@link #pause}. */
  public synchronized void resume() throws IOException, InterruptedException {
    signal("-CONT", faultedTree);
    faulted = false;
  }

  /**
   * Starts the process again once the old one has exited (killed if it has not within 30 s, with
   * whatever it spawned); returns the new one, or null if the slot is closed.
   */
  public synchronized ChildProcess startAgain() throws IOException, InterruptedException {
    if (closed) {
      return null;
    }
    ChildProcess old = process;
    if (!old.waitFor(EXIT_WAIT)) {
      old.kill();
      old.waitFor(EXIT_WAIT);
    }
    // what the old one spawned and left behind goes with it (a restarted worker starts its own)
    faultedTree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    process = old.startAgain();
    starts++;
    faulted = false;
    return process;
  }

  /**
   * The run is stopping this process: no restart from now on, and a paused one is resumed so that
   * it can stop in order. Waits for a restart in progress to finish.
   */
  public synchronized void close() {
    closed = true;
    if (faulted && process.isAlive()) {
      try {
        signal("-CONT", tree(process));
      } catch (IOException | InterruptedException e) {
        process.kill();
      }
    }
  }

  /** Its process as it is now (started again, if it was) and every process it spawned. */
  public List<ProcessHandle> tree() {
    return tree(process);
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
