package org.streambench.engine.baseline;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.streambench.api.EngineCatalogue;
import org.streambench.api.EngineLauncher;
import org.streambench.api.Guarantee;
import org.streambench.api.JobSpec;
import org.streambench.api.KafkaClientsVersion;
import org.streambench.api.StreamEngine;

/**
 * The baseline engine: no framework, just {@code parallelism} Kafka consumer → producer loops. It
 * shows what the broker and clients alone cost, so every engine's overhead can be read against it.
 * As a cluster, each instance process runs its share of the loops ({@link JobSpec#tasks()}), one
 * standby loop if it has none (a spare), all members of one consumer group that hands the
 * partitions out; the instances are ready together, once the group is ({@link GroupReadiness}).
 */
public final class BaselineEngine implements StreamEngine {
  /** Every workload this engine runs, with the guarantees it offers (one commit mode each). */
  static final EngineCatalogue<Transform> CATALOGUE =
      new EngineCatalogue<Transform>("the baseline engine", Guarantee.values())
          .add("identity", Transform.IDENTITY)
          .noInJobBecause("it is a Kafka consumer and producer, nothing else");

  public static void main(String[] args) {
    EngineLauncher.launch(new BaselineEngine(), args);
  }

  @Override
  public String name() {
    return "baseline";
  }

  @Override
  public Map<String, String> versions() {
    return Map.of("kafka-clients", KafkaClientsVersion.get());
  }

  @Override
  public void run(JobSpec spec, Runnable ready) throws Exception {
    Transform transform = CATALOGUE.builder(spec);
    CommitMode mode = CommitMode.parse(spec.requiredSetting("commit.mode"));
    boolean grouped = spec.instance() != JobSpec.SOLE;
    GroupShare group = grouped ? new GroupShare(spec) : null;
    int[] tasks = spec.tasks();
    if (grouped && tasks.length == 0) {
      // a spare: one loop that holds nothing until the group gives it a dead instance's share
      tasks = new int[] {spec.parallelism() + spec.instance() - 1};
    }
    CountDownLatch assigned = new CountDownLatch(tasks.length);
    List<TransformLoop> loops = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    for (int i : tasks) {
      TransformLoop loop = new TransformLoop(spec, transform, mode, i, assigned, group);
      loops.add(loop);
      Thread t = new Thread(loop, "transform-" + i);
      threads.add(t);
      t.start();
    }
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  loops.forEach(TransformLoop::stop);
                  for (Thread t : threads) {
                    try {
                      t.join(5_000);
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                  }
                }));
    assigned.await();
    if (grouped) {
      GroupReadiness.await(spec, () -> loops.forEach(TransformLoop::rethrowUnchecked));
    }
    ready.run();
    for (Thread t : threads) {
      t.join();
    }
    for (TransformLoop loop : loops) {
      loop.rethrowFailure();
    }
  }
}
