package org.streambench.api;

import java.util.Map;

/**
 * The contract every engine module implements. The harness never loads this class: each engine is
 * its own JVM, started with its own jar, whose {@code main} hands an instance to {@link
 * EngineLauncher#launch}.
 *
 * <pre>
 * public static void main(String[] args) {
 *   EngineLauncher.launch(new MyEngine(), args);
 * }
 * </pre>
 */
public interface StreamEngine {

  /** The engine's name on the command line, e.g. {@code flink}. */
  String name();

  /** Versions of the engine and the libraries it runs with, recorded as provenance. */
  Map<String, String> versions();

  /**
   * Runs the job described by {@code spec} until the process is stopped. Calls {@code ready.run()}
   * once the job is running and consuming, so the harness can start its clock.
   */
  void run(JobSpec spec, Runnable ready) throws Exception;
}
