package org.streambench.broker;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import kafka.Kafka;
import kafka.tools.StorageTool;
import org.apache.kafka.common.Uuid;
import org.streambench.api.ParentWatchdog;

/**
 * Runs one real single-node KRaft Kafka broker from {@code server.properties}: formats the log
 * directory on first start ({@code kafka-storage format --standalone}), then runs {@code
 * kafka.Kafka}. Exits when standard input closes, so it never outlives the harness that started it.
 */
public final class BrokerMain {
  private BrokerMain() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: BrokerMain server.properties");
      System.exit(2);
    }
    String config = args[0];
    formatIfNeeded(config);
    ParentWatchdog.start("broker");
    Kafka.main(new String[] {config});
  }

  private static void formatIfNeeded(String config) throws IOException {
    Properties props = new Properties();
    try (InputStream in = Files.newInputStream(Path.of(config))) {
      props.load(in);
    }
    Path logDir = Path.of(props.getProperty("log.dirs"));
    if (Files.exists(logDir.resolve("meta.properties"))) {
      return;
    }
    String clusterId = Uuid.randomUuid().toString();
    int rc =
        StorageTool.execute(
            new String[] {"format", "-t", clusterId, "-c", config, "--standalone"}, System.out);
    if (rc != 0) {
      System.err.println("streambench: formatting " + logDir + " failed with exit code " + rc);
      System.exit(1);
    }
  }
}
