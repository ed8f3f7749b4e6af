package org.streambench.harness.cli;

import java.util.function.Consumer;

/** Progress lines on standard error, stamped with the seconds since the command started. */
final class Progress implements Consumer<String> {
  private final long start = System.nanoTime();
  private String prefix = "";

  /** Prefixes later lines with {@code [name]}. */
  void context(String name) {
    prefix = name.isEmpty() ? "" : "[" + name + "] ";
  }

  @Override
  public void accept(String line) {
    System.err.printf("%6.1fs  %s%s%n", (System.nanoTime() - start) / 1e9, prefix, line);
  }
}
