package org.streambench.broker;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import kafka.Kafka;
import kafka.tools.StorageTool;
import org.streambench.api.ParentWatchdog;

/**
 * Runs one real KRaft Kafka node (combined broker and controller, controller only, or broker only,
 * as {@code process.roles} says) from {@code server.properties}: formats its log directory on first
 * start with the cluster's id ({@code kafka-storage format}: {@code --standalone} for the one
 * controller, {@code --no-initial-controllers} for a broker that joins it), then runs {@code
 * kafka.Kafka}. Exits when standard input closes, so it never outlives the harness that started it.
 */
public final class BrokerMain {
  private BrokerMain() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: BrokerMain server.properties cluster-id");
      System.exit(2);
    }
    String config = args[0];
    formatIfNeeded(config, args[1]);
    ParentWatchdog.start("broker");
    Kafka.main(new String[] {config});
  }

  private static void formatIfNeeded(String config, String clusterId) throws IOException {
    Properties props = new Properties();
    try (InputStream in = Files.newInputStream(Path.of(config))) {
      props.load(in);
    }
    Path logDir = Path.of(props.getProperty("log.dirs"));
    if (Files.exists(logDir.resolve("meta.properties"))) {
      return;
    }
    boolean controller = props.getProperty("process.roles", "").contains("controller");
    String quorum = controller ? "--standalone" : "--no-initial-controllers";
    int rc =
        StorageTool.execute(
            new String[] {"format", "-t", clusterId, "-c", config, quorum}, System.out);
    if (rc != 0) {
      System.err.println("streambench: formatting " + logDir + " failed with exit code " + rc);
      System.exit(1);
    }
  }
}
