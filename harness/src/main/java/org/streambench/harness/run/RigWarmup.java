package org.streambench.harness.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.streambench.harness.generator.Generator;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.workload.TopicReadBack;

/**
 * A throwaway pass of records through the broker and the driver before anything is measured: a
 * broker just started and a harness JVM that has not yet compiled its generator and collector are
 * slower for their first tens of thousands of records, which otherwise lands in a suite's first
 * point and a single run's figures. The generator writes engine-like output to a scratch topic,
 * first unpaced (large batches, the pre-fill path), then paced (small requests, the fixed-rate
 * path), and the collector reads it all back; the topic is deleted after. Nothing is stored.
 */
public final class RigWarmup {
  private static final int PARTITIONS = 2;
  private static final long UNPACED_RECORDS = 200_000;
  private static final long PACED_RATE = 20_000;
  private static final Duration PACED = Duration.ofSeconds(3);
  private static final int RECORD_BYTES = 100;
  private static final Duration READ_BACK = Duration.ofSeconds(60);

  private RigWarmup() {}

  /**
   * Warms {@code kafka} and this JVM's driver; a warm-up that fails is reported and skipped, never
   * fatal (the run's own checks still apply).
   */
  public static void warm(KafkaCluster kafka, Path scratch, Consumer<String> progress) {
    String prefix = "sb-warmup-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
    List<String> topics = List.of(prefix + "-unpaced", prefix + "-paced");
    long t0 = System.nanoTime();
    try {
      kafka.createTopics(topics, PARTITIONS);
      try {
        String bootstrap = kafka.bootstrapServers();
        Generator.ofEngineOutput(bootstrap, topics.get(0), RECORD_BYTES)
            .runUnpaced(UNPACED_RECORDS);
        long paced =
            Generator.ofEngineOutput(bootstrap, topics.get(1), RECORD_BYTES)
                .runPaced(PACED_RATE, Duration.ZERO, PACED, start -> {})
                .sent();
        readBack(bootstrap, topics.get(0), UNPACED_RECORDS, scratch);
        readBack(bootstrap, topics.get(1), paced, scratch);
        progress.accept(
            String.format(
                "warmed the broker and the driver: %,d records through scratch topics in %.1f s",
                UNPACED_RECORDS + paced, (System.nanoTime() - t0) / 1e9));
      } finally {
        kafka.deleteTopics(topics);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      progress.accept("warm-up skipped: " + e.getMessage());
    }
  }

  /** The collector reads {@code records} records of {@code topic} from its start. */
  private static void readBack(String bootstrap, String topic, long records, Path scratch)
      throws Exception {
    Files.createDirectories(scratch);
    Path log = scratch.resolve(topic + ".hlog");
    TopicReadBack.read(bootstrap, topic, 1, records, log, READ_BACK);
    Files.deleteIfExists(log);
  }
}
