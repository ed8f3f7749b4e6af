package org.streambench.harness.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.streambench.harness.Home;

/**
 * A JVM the harness started (the broker or an engine): its output goes to a log file and its
 * standard input stays an open pipe, which the child watches so that it exits if the harness dies.
 * Every child is registered with {@link ChildProcesses} until it has stopped.
 */
public final class ChildProcess {
  private final String role;
  private final Process process;
  private final Path log;
  private final List<String> command;
  private final Map<String, String> env;
  private final ClassDataSharing.Archive archive;

  private ChildProcess(
      String role,
      Process process,
      Path log,
      List<String> command,
      Map<String, String> env,
      ClassDataSharing.Archive archive) {
    this.role = role;
    this.process = process;
    this.log = log;
    this.command = List.copyOf(command);
    this.env = Map.copyOf(env);
    this.archive = archive;
  }

  /**
   * Starts {@code command}, output appended to {@code log}. The child must watch its standard input
   * (or be wrapped by something that does) to exit when the harness dies.
   */
  public static ChildProcess start(String role, List<String> command, Path log) throws IOException {
    return start(role, command, Map.of(), log, ClassDataSharing.Archive.NONE);
  }

  /** {@link #start(String, List, Path)} with {@code env} added to the harness's environment. */
  public static ChildProcess start(
      String role, List<String> command, Map<String, String> env, Path log) throws IOException {
    return start(role, command, env, log, ClassDataSharing.Archive.NONE);
  }

  private static ChildProcess start(
      String role,
      List<String> cmd,
      Map<String, String> env,
      Path log,
      ClassDataSharing.Archive archive)
      throws IOException {
    Files.createDirectories(log.getParent());
    Files.writeString(log, "# " + String.join(" ", cmd) + System.lineSeparator());
    return launch(role, cmd, env, log, archive);
  }

  private static ChildProcess launch(
      String role,
      List<String> cmd,
      Map<String, String> env,
      Path log,
      ClassDataSharing.Archive archive)
      throws IOException {
    ProcessBuilder pb =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    pb.environment().putAll(env);
    ChildProcess child = new ChildProcess(role, pb.start(), log, cmd, env, archive);
    ChildProcesses.register(child);
    return child;
  }

  /**
   * A process the harness did not start, to fault as one of its own: a YARN container's JVM. It
   * cannot be started again (YARN starts a new container), and is not killed with the harness's
   * children: its NodeManager stops it.
   */
  public static ChildProcess adopt(String role, ProcessHandle handle, Path log) {
    return new ChildProcess(
        role, new AdoptedProcess(handle), log, List.of(), Map.of(), ClassDataSharing.Archive.NONE);
  }

  /**
   * Starts this process's command again, as a supervisor restarts a process that died; its output
   * goes on in the same log after a line that says so.
   */
  public ChildProcess startAgain() throws IOException {
    if (command.isEmpty()) {
      throw new IllegalStateException(
          role + " was not started by the harness: it cannot restart it");
    }
    Files.writeString(
        log,
        "# streambench: started again: " + String.join(" ", command) + System.lineSeparator(),
        java.nio.file.StandardOpenOption.APPEND);
    return launch(role, command, env, log, archive);
  }

  /**
   * Starts {@code java <jvmOptions> -cp jar mainClass args}, tagged with the run id so that tests
   * and users can find a run's processes ({@code -Dstreambench.run=<id>}), with the class-data
   * sharing archive of its jar and main class ({@link ClassDataSharing}), under {@code launcher}: a
   * command that execs the JVM, so that the process is the JVM itself, e.g. {@code taskset -c 1}
   * ({@link CpuPlacement#launcher}); empty for none.
   */
  public static ChildProcess startJava(
      String role,
      String runTag,
      Path jar,
      String mainClass,
      List<String> jvmOptions,
      List<String> args,
      Map<String, String> env,
      Path log,
      List<String> launcher)
      throws IOException {
    return startJava(role, runTag, jar, "", mainClass, jvmOptions, args, env, log, launcher);
  }

  /**
   * {@link #startJava(String, String, Path, String, List, List, Map, Path, List)} with {@code
   * moreClasspath} after the jar (a Hadoop client's configuration and jars), unless empty; such a
   * process maps no class-data sharing archive, whose classpath is the jar's alone.
   */
  public static ChildProcess startJava(
      String role,
      String runTag,
      Path jar,
      String moreClasspath,
      String mainClass,
      List<String> jvmOptions,
      List<String> args,
      Map<String, String> env,
      Path log,
      List<String> launcher)
      throws IOException {
    ClassDataSharing.Archive archive =
        moreClasspath.isEmpty()
            ? ClassDataSharing.fromEnvironment().forProcess(jar, mainClass)
            : ClassDataSharing.Archive.NONE;
    List<String> cmd = new ArrayList<>(launcher);
    cmd.add(Home.javaBinary().toString());
    cmd.addAll(archive.jvmOptions());
    cmd.addAll(jvmOptions);
    cmd.add("-Dstreambench.run=" + runTag);
    cmd.add("-Dstreambench.role=" + role);
    cmd.add("-cp");
    cmd.add(moreClasspath.isEmpty() ? jar.toString() : jar + ":" + moreClasspath);
    cmd.add(mainClass);
    cmd.addAll(args);
    return start(role, cmd, env, log, archive);
  }

  public String role() {
    return role;
  }

  public long pid() {
    return process.pid();
  }

  public Path log() {
    return log;
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** Exit code, or -1 while running. */
  public int exitCode() {
    return process.isAlive() ? -1 : process.exitValue();
  }

  /**
   * Waits for the process to exit by itself; false if it is still running after {@code timeout}.
   */
  public boolean waitFor(java.time.Duration timeout) throws InterruptedException {
    boolean exited = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    if (exited) {
      ChildProcesses.unregister(this);
    }
    return exited;
  }

  /**
   * Asks the process to stop (SIGTERM), then kills it and its descendants if it lingers; one that
   * records its classes writes its class-data sharing archive first.
   */
  public void stop(long graceMillis) {
    try {
      if (process.isAlive()) {
        archive.writeFrom(process.pid());
      }
      var descendants = process.descendants().toList();
      process.destroy();
      if (!process.waitFor(graceMillis, TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        process.waitFor(5, TimeUnit.SECONDS);
      }
      descendants.forEach(ProcessHandle::destroyForcibly);
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    } finally {
      ChildProcesses.unregister(this);
    }
  }

  /** Kills at once, from a shutdown hook. */
  void kill() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  /** The last {@code lines} lines of the process's log, for failure reports. */
  public String logTail(int lines) {
    try {
      List<String> all = Files.readAllLines(log);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(log unreadable: " + e.getMessage() + ")";
    }
  }
}
