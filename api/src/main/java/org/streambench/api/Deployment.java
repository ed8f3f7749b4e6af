package org.streambench.api;

import java.util.Locale;

/**
 * Where an engine runs. {@code local}: in one process (a MiniCluster, a LocalCluster, {@code
 * local[N]}, threads of one instance). {@code cluster}: as the engine's real cluster of processes
 * on this machine, {@code workers} worker processes with {@code slotsPerWorker} task slots (or
 * stream threads, or executor cores) each.
 *
 * @param kind local or cluster
 * @param workers worker processes (1 for local)
 * @param slotsPerWorker task slots of each worker (for local, the parallelism)
 */
public record Deployment(Kind kind, int workers, int slotsPerWorker) {
  /** How the engine is deployed. */
  public enum Kind {
    LOCAL,
    CLUSTER;

    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code local} or {@code cluster}; anything else is an IllegalArgumentException. */
    public static Kind parse(String id) {
      for (Kind k : values()) {
        if (k.id().equals(id)) {
          return k;
        }
      }
      throw new IllegalArgumentException("deployment must be local or cluster, was '" + id + "'");
    }
  }

  public Deployment {
    if (workers < 1 || slotsPerWorker < 1) {
      throw new IllegalArgumentException(
          "workers and slots per worker must be at least 1, were "
              + workers
              + ", "
              + slotsPerWorker);
    }
  }

  /** One process running all {@code parallelism} tasks. */
  public static Deployment local(int parallelism) {
    return new Deployment(Kind.LOCAL, 1, parallelism);
  }

  public boolean cluster() {
    return kind == Kind.CLUSTER;
  }

  /**
   * Which of a job's {@code parallelism} tasks worker {@code worker} (1-based) runs, when tasks are
   * dealt out round-robin: task {@code t} runs on worker {@code t % workers + 1}. For a local
   * deployment, every task.
   */
  public int[] tasksOf(int worker, int parallelism) {
    if (worker < 1 || worker > workers) {
      throw new IllegalArgumentException("no worker " + worker + " of " + workers);
    }
    int count = parallelism / workers + (worker <= parallelism % workers ? 1 : 0);
    int[] tasks = new int[count];
    for (int i = 0; i < count; i++) {
      tasks[i] = worker - 1 + i * workers;
    }
    return tasks;
  }
}
