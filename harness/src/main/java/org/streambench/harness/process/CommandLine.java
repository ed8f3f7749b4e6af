package org.streambench.harness.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A process's command line as {@code /proc/PID/cmdline} has it: every argument, where {@code
 * ProcessHandle.Info} leaves out the arguments of a command line as long as a YARN container's.
 */
public final class CommandLine {
  private CommandLine() {}

  /** The program and its arguments; empty once the process is gone (or for a kernel thread). */
  public static List<String> of(long pid) {
    try {
      String raw = Files.readString(Path.of("/proc", Long.toString(pid), "cmdline"));
      return raw.isEmpty() ? List.of() : List.of(raw.split("\u0000"));
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }
}
