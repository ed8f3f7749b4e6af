package org.streambench.api;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version of the kafka-clients jar on the classpath, from the {@code
 * kafka/kafka-version.properties} it carries (what Kafka's own {@code AppInfoParser} reads; that
 * class is internal and moved to an {@code internals} package in Kafka 4.4).
 */
public final class KafkaClientsVersion {
  private static final String RESOURCE = "kafka/kafka-version.properties";

  private KafkaClientsVersion() {}

  /** e.g. "4.4.0", or "unknown" when no kafka-clients jar is on the classpath. */
  public static String get() {
    try (InputStream in =
        KafkaClientsVersion.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in == null) {
        return "unknown";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "unknown").trim();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
