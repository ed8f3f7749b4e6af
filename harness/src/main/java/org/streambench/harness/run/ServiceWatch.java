package org.streambench.harness.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.streambench.api.EngineLauncher;
import org.streambench.harness.process.ChildProcess;
import org.streambench.harness.process.ProcessSlot;

/**
 * The processes a run depends on (engine, broker, Redis). Every wait of the run calls {@link
 * #check}: the first process found dead fails the run within that wait's poll interval, with its
 * name, how it ended and the last lines of its log.
 */
final class ServiceWatch {
  private static final int TAIL_LINES = 40;

  /** How many of an engine's last log lines are searched for the error that ended it. */
  private static final int CAUSE_LINES = 400;

  private static final String OUT_OF_MEMORY = "java.lang.OutOfMemoryError";

  private record Service(
      String name, BooleanSupplier alive, Supplier<String> ending, Supplier<String> logTail) {}

  private final List<Service> services = new CopyOnWriteArrayList<>();

  /** Watches a process the harness started. */
  void watch(String name, ChildProcess process) {
    services.add(
        new Service(
            name,
            process::isAlive,
            () -> ending(process.exitCode()),
            () -> process.logTail(TAIL_LINES)));
  }

  /**
   * Watches an engine process, which a fault may take down on purpose; its ending is told in its
   * own words where it wrote them to {@code errorFile} ({@link EngineLauncher#errorFile}).
   */
  void watchEngine(String name, ProcessSlot engine, Path errorFile) {
    services.add(
        new Service(
            name,
            engine::aliveOrFaulted,
            () -> engineEnding(engine.process(), errorFile),
            () -> engine.process().logTail(TAIL_LINES)));
  }

  /** Watches a process that a fault may take down on purpose (a Kafka broker). */
  void watch(String name, ProcessSlot slot) {
    services.add(
        new Service(
            name,
            slot::aliveOrFaulted,
            () -> ending(slot.process().exitCode()),
            () -> slot.process().logTail(TAIL_LINES)));
  }

  /** Watches a process by pid (one the harness does not wait for, e.g. redis-server). */
  void watch(String name, long pid, Path log) {
    services.add(
        new Service(
            name,
            () -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
            () -> "exited",
            () -> tail(log)));
  }

  /** Throws if a watched process has died. */
  void check() throws ServiceFailure {
    for (Service s : services) {
      if (!s.alive().getAsBoolean()) {
        throw new ServiceFailure(s.name() + " " + s.ending().get(), s.logTail().get());
      }
    }
  }

  /** How an engine ended, in the engine's own words where it wrote them to {@code error}. */
  static String engineEnding(ChildProcess engine, Path error) {
    int code = engine.exitCode();
    if (code == EngineLauncher.EXIT_UNSUPPORTED) {
      return "refused the job (exit code 2)";
    }
    String ending = ending(code);
    try {
      if (Files.isRegularFile(error)) {
        return ending + ": " + Files.readString(error).strip();
      }
    } catch (java.io.IOException e) {
      // the log tail still has it
    }
    return outOfMemory(engine.logTail(CAUSE_LINES)).map(e -> ending + ": " + e).orElse(ending);
  }

  /**
   * The first {@code OutOfMemoryError} in an engine's log ("java.lang.OutOfMemoryError: Java heap
   * space"): an engine that ran out of memory may have had none left to word its error, and its
   * runtime exits with a code of its own (Flink's 239), which says nothing by itself.
   */
  static Optional<String> outOfMemory(String log) {
    return log.lines()
        .filter(l -> l.contains(OUT_OF_MEMORY))
        .findFirst()
        .map(
            l ->
                l.substring(l.indexOf(OUT_OF_MEMORY)).replaceFirst(" \\[in thread .*", "").strip());
  }

  /** "exited with code 1", or "was killed by signal 9 (SIGKILL)" for 128 + n. */
  static String ending(int exitCode) {
    if (exitCode > 128 && exitCode < 160) {
      int signal = exitCode - 128;
      String name =
          switch (signal) {
            case 9 -> " (SIGKILL)";
            case 15 -> " (SIGTERM)";
            case 6 -> " (SIGABRT)";
            case 11 -> " (SIGSEGV)";
            default -> "";
          };
      return "was killed by signal " + signal + name + ", exit code " + exitCode;
    }
    return "exited unexpectedly with code " + exitCode;
  }

  private static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
    } catch (java.io.IOException | RuntimeException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }
}
