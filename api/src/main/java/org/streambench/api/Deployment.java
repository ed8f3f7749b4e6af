package org.streambench.api;

import java.util.Locale;

/**
 * Where an engine runs. {@code local}: in one process (a MiniCluster, a LocalCluster, {@code
 * local[N]}, threads of one instance). {@code cluster}: as the engine's real cluster of processes
 * on this machine, {@code workers} worker processes with {@code slotsPerWorker} task slots (or
 * stream threads, or executor cores) each. {@code yarn}: on the YARN of the run's Hadoop, the
 * engine's master and {@code workers} workers of {@code slotsPerWorker} slots as YARN containers
 * its client asks for. {@code external}: on the user's own running cluster at {@code address} (a
 * Flink REST URL, a Spark master URL, a Storm Nimbus); only the engine's client runs here, and how
 * many workers and slots that cluster has is its own affair.
 *
 * @param kind local, cluster, yarn or external
 * @param workers worker processes (1 for local and external)
 * @param slotsPerWorker task slots of each worker (for local and external, the parallelism)
 * @param address the external cluster's address, null for the others
 */
public record Deployment(Kind kind, int workers, int slotsPerWorker, String address) {
  /**
   * The file in the run directory in which an engine's client on YARN names its application, so
   * that the harness finds the application's containers' logs.
   */
  public static final String YARN_APPLICATION_FILE = "yarn-application";

  /** How the engine is deployed. */
  public enum Kind {
    LOCAL,
    CLUSTER,
    YARN,
    EXTERNAL;

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
    if ((kind == Kind.EXTERNAL) != (address != null)) {
      throw new IllegalArgumentException("an external deployment, and only it, has an address");
    }
    if (workers < 1 || slotsPerWorker < 1) {
      throw new IllegalArgumentException(
          "workers and slots per worker must be at least 1, were "
              + workers
              + ", "
              + slotsPerWorker);
    }
  }

  /** A local deployment or a cluster on this machine. */
  public Deployment(Kind kind, int workers, int slotsPerWorker) {
    this(kind, workers, slotsPerWorker, null);
  }

  /** The user's own cluster at {@code address}, running the job's {@code parallelism} tasks. */
  public static Deployment external(String address, int parallelism) {
    return new Deployment(Kind.EXTERNAL, 1, parallelism, address);
  }

  /** One process running all {@code parallelism} tasks. */
  public static Deployment local(int parallelism) {
    return new Deployment(Kind.LOCAL, 1, parallelism);
  }

  /** Whether the engine runs as its own cluster of processes on this machine. */
  public boolean cluster() {
    return kind == Kind.CLUSTER;
  }

  /** Whether the engine runs as containers on YARN. */
  public boolean yarn() {
    return kind == Kind.YARN;
  }

  /** Whether the engine runs on the user's own cluster. */
  public boolean external() {
    return kind == Kind.EXTERNAL;
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
