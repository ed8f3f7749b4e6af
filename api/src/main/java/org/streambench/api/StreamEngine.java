package org.streambench.api;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

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
   * Reads {@link #versions} from a properties file on the engine's class path (each engine's build
   * writes one from its dependency versions).
   */
  static Map<String, String> versionsFrom(Class<?> anchor, String resource) {
    Properties p = new Properties();
    try (InputStream in = anchor.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("the engine's version file " + resource + " is missing");
      }
      p.load(in);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the engine's version file " + resource, e);
    }
    Map<String, String> versions = new TreeMap<>();
    p.stringPropertyNames().forEach(k -> versions.put(k, p.getProperty(k)));
    return versions;
  }

  /**
   * Runs the job described by {@code spec} until the process is stopped. Calls {@code ready.run()}
   * once the job is running and consuming, so the harness can start its clock.
   */
  void run(JobSpec spec, Runnable ready) throws Exception;
}
