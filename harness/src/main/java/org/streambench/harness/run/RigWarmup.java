package org.streambench.harness.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Consumer;
import org.streambench.harness.generator.Generator;
import org.streambench.harness.generator.PacingSchedule;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.process.JitCompilers;
import org.streambench.harness.workload.TopicReadBack;

/**
 * A throwaway pass of records through the broker and the driver before anything is measured: a
 * broker just started and a harness JVM that has not yet compiled its generator and collector are
 * slower for their first tens of thousands of records, which otherwise lands in a suite's first
 * point and a single run's figures. The generator writes engine-like output to scratch topics,
 * unpaced (large batches, the pre-fill path) in rounds that the collector reads back, for at least
 * the time asked, then paced (small requests, the fixed-rate path) while the collector reads the
 * records as they arrive (small fetches, as an engine's and the collector's during a run); the
 * topics are deleted after. Nothing is stored.
 *
 * <p>On two cores a broker's JIT compiler keeps compiling through the first minutes of drains, and
 * a suite's first drains ran far slower than its later ones (README, "A warm rig"), so a suite
 * warms for {@link #FOR_A_SUITE}; a single run does one round. Big batches warm what a broker does
 * per byte, but few requests: the code it runs per request (a run's engines send thousands of small
 * produce and fetch requests a second) is warmed by the paced phase, a third as long as the unpaced
 * one and at least {@link #PACED_AT_LEAST}, and on until the JIT compilers of the brokers
 * streambench started and of this JVM have settled ({@link JitCompilers}: under {@link
 * #SETTLED_CORES} over a paced round) or for at most {@link #SETTLE_AT_MOST}: a broker just started
 * compiled for about 46 s on two cores, a third of its CPU in a single run's measured window, had
 * the warm-up been one round.
 */
public final class RigWarmup {
  /** A single run's unpaced warm-up: one round. */
  public static final Duration FOR_A_RUN = Duration.ZERO;

  /** A suite's: rounds for this long, before its first point and after {@code --resume}. */
  public static final Duration FOR_A_SUITE = Duration.ofSeconds(90);

  private static final int PARTITIONS = 2;
  private static final long ROUND_RECORDS = 200_000;
  private static final long PACED_RATE = 20_000;
  private static final Duration PACED_AT_LEAST = Duration.ofSeconds(3);
  private static final Duration PACED_ROUND = Duration.ofSeconds(3);
  static final double SETTLED_CORES = 0.05;
  static final Duration SETTLE_AT_MOST = Duration.ofSeconds(60);
  private static final int RECORD_BYTES = 100;
  private static final Duration READ_BACK = Duration.ofSeconds(60);

  private RigWarmup() {}

  /**
   * Warms {@code kafka} and this JVM's driver: unpaced rounds for at least {@code unpacedFor}, then
   * {@link #pacedFor paced} records read as they arrive; a warm-up that fails is reported and
   * skipped, never fatal (the run's own checks still apply).
   */
  public static void warm(
      KafkaCluster kafka, Path scratch, Duration unpacedFor, Consumer<String> progress) {
    String prefix = "sb-warmup-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
    List<String> topics = new ArrayList<>();
    long t0 = System.nanoTime();
    try {
      try {
        String bootstrap = kafka.bootstrapServers();
        long records = 0;
        do {
          String topic = prefix + "-unpaced-" + topics.size();
          kafka.createTopics(List.of(topic), PARTITIONS);
          topics.add(topic);
          Generator.ofEngineOutput(bootstrap, topic, RECORD_BYTES).runUnpaced(ROUND_RECORDS);
          readBack(bootstrap, topic, ROUND_RECORDS, scratch);
          records += ROUND_RECORDS;
        } while (System.nanoTime() - t0 < unpacedFor.toNanos());
        Paced paced = pacedUntilSettled(kafka, prefix, topics, pacedFor(unpacedFor), scratch);
        progress.accept(
            String.format(
                "warmed the broker and the driver: %,d records through scratch topics in %.1f s;"
                    + " their JIT compilers %s (%.3f cores in the last paced round)",
                records + paced.records(),
                (System.nanoTime() - t0) / 1e9,
                paced.compilerCores() < SETTLED_CORES ? "settled" : "still busy",
                paced.compilerCores()));
      } finally {
        kafka.deleteTopics(topics);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      progress.accept("warm-up skipped: " + e.getMessage());
    }
  }

  /** The paced phase: records sent, and the cores the compilers used in its last round. */
  private record Paced(long records, double compilerCores) {}

  /**
   * Paced rounds into new scratch topics ({@code topics} collects them) for at least {@code
   * atLeast}, then until the compilers have settled or {@link #SETTLE_AT_MOST} has passed.
   */
  private static Paced pacedUntilSettled(
      KafkaCluster kafka, String prefix, List<String> topics, Duration atLeast, Path scratch)
      throws Exception {
    JitCompilers compilers = JitCompilers.of(jvms(kafka));
    long t0 = System.nanoTime();
    long records = 0;
    double compiling;
    do {
      String topic = prefix + "-paced-" + topics.size();
      kafka.createTopics(List.of(topic), PARTITIONS);
      topics.add(topic);
      compilers.coresSinceLast();
      records += pacedConcurrently(kafka.bootstrapServers(), topic, PACED_ROUND, scratch);
      compiling = compilers.coresSinceLast();
    } while (pacesOn(Duration.ofNanos(System.nanoTime() - t0), atLeast, compiling));
    return new Paced(records, compiling);
  }

  /**
   * Whether the paced phase goes on after {@code paced}: until {@code atLeast}, then while the
   * compilers used {@link #SETTLED_CORES} or more in the last round, for at most {@link
   * #SETTLE_AT_MOST}.
   */
  static boolean pacesOn(Duration paced, Duration atLeast, double compilerCores) {
    return paced.compareTo(atLeast) < 0
        || (compilerCores >= SETTLED_CORES && paced.compareTo(SETTLE_AT_MOST) < 0);
  }

  /** The brokers streambench started and this JVM: the JVMs a warm-up waits for. */
  private static List<Long> jvms(KafkaCluster kafka) {
    List<Long> pids = new ArrayList<>();
    kafka.nodes().values().forEach(node -> pids.add(node.process().pid()));
    pids.add(ProcessHandle.current().pid());
    return pids;
  }

  /** A third of the unpaced phase, at least {@link #PACED_AT_LEAST}. */
  static Duration pacedFor(Duration unpacedFor) {
    Duration third = unpacedFor.dividedBy(3);
    return third.compareTo(PACED_AT_LEAST) > 0 ? third : PACED_AT_LEAST;
  }

  /**
   * Paced records into {@code topic} for {@code duration} while the collector reads them as they
   * arrive; returns how many.
   */
  private static long pacedConcurrently(
      String bootstrap, String topic, Duration duration, Path scratch) throws Exception {
    long records = new PacingSchedule(PACED_RATE).recordsIn(duration.toNanos());
    FutureTask<Void> reading =
        new FutureTask<>(
            () -> {
              readBack(bootstrap, topic, records, scratch);
              return null;
            });
    Thread reader = new Thread(reading, "sb-warmup-read-back");
    reader.setDaemon(true);
    reader.start();
    try {
      long sent =
          Generator.ofEngineOutput(bootstrap, topic, RECORD_BYTES)
              .runPaced(PACED_RATE, Duration.ZERO, duration, start -> {})
              .sent();
      reading.get();
      return sent;
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    } finally {
      reading.cancel(true);
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
