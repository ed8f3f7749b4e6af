package org.streambench.api;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The ports a daemon of an engine's cluster picked, published in a properties file in the run
 * directory (e.g. {@code flink-cluster.properties}) for the run's other processes to read: written
 * whole or not at all, so a reader never sees half of it.
 */
public final class PublishedPorts {
  private PublishedPorts() {}

  /** Writes {@code ports} as {@code file} in the run directory, atomically. */
  public static void publish(Path runDir, String file, Map<String, Integer> ports, String by)
      throws IOException {
    Properties p = new Properties();
    ports.forEach((k, v) -> p.setProperty(k, Integer.toString(v)));
    Path tmp = runDir.resolve(file + ".tmp");
    try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      p.store(w, "published by " + by);
    }
    Files.move(tmp, runDir.resolve(file), StandardCopyOption.ATOMIC_MOVE);
  }

  /** Whether {@code file} has been published yet. */
  public static boolean isPublished(Path runDir, String file) {
    return Files.exists(runDir.resolve(file));
  }

  /** The port {@code key} of the published {@code file}. */
  public static int read(Path runDir, String file, String key) throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(runDir.resolve(file), StandardCharsets.UTF_8)) {
      p.load(r);
    }
    String value = p.getProperty(key);
    if (value == null) {
      throw new IOException(file + " has no " + key);
    }
    return Integer.parseInt(value);
  }

  /** Every port {@link #freePort} handed out in this JVM. */
  private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

  /**
   * A port free on 127.0.0.1 right now, and never one this JVM was handed before: a port just
   * probed and closed can come back from the next probe, and a process that asked for two ports one
   * after the other once got the same one twice (the embedded broker's client and controller
   * listeners, which Kafka refuses).
   */
  public static int freePort() throws IOException {
    while (true) {
      try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
        if (HANDED_OUT.add(s.getLocalPort())) {
          return s.getLocalPort();
        }
      }
    }
  }
}
