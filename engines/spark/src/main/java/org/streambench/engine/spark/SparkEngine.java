package org.streambench.engine.spark;

import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkStatusTracker;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.DataStreamWriter;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryListener;
import org.apache.spark.util.ShutdownHookManager;
import org.streambench.api.Deployment;
import org.streambench.api.EngineCatalogue;
import org.streambench.api.EngineLauncher;
import org.streambench.api.Guarantee;
import org.streambench.api.JobSpec;
import org.streambench.api.StreamEngine;
import scala.runtime.BoxedUnit;

/**
 * Runs a workload as one Spark Structured Streaming query on a local master ({@code
 * local[parallelism]}) inside this process, or, in the cluster deployment, as the driver (client
 * mode) of an application on a standalone cluster ({@link SparkCluster}): the query starts once an
 * executor runs on every Worker; on the user's own standalone cluster ({@code --spark-master}),
 * once its executors have a core per task, the engine jar shipped to them as {@code spark.jars}.
 * The run's {@code spark.*} settings go verbatim into the session's configuration; the trigger
 * comes from {@code trigger.mode} / {@code trigger.interval} ({@link Triggers}); the query's
 * checkpoint (offset and commit logs, state store) lives under the run directory.
 */
public final class SparkEngine implements StreamEngine {
  private static final Duration READY_TIMEOUT = Duration.ofMinutes(2);
  private static final long STOP_TIMEOUT_MS = 15_000;

  /** Builds and starts a workload's query. */
  @FunctionalInterface
  interface QueryBuilder {
    StreamingQuery start(SparkSession spark, JobSpec spec) throws TimeoutException;
  }

  /** Every workload this engine runs, with the guarantee it offers. */
  static final EngineCatalogue<QueryBuilder> CATALOGUE =
      new EngineCatalogue<QueryBuilder>("the Spark engine", Guarantee.AT_LEAST_ONCE)
          .add("identity", IdentityQuery::start)
          .add("sleep", SleepQuery::start)
          .add("grep", GrepQuery::start)
          .add("grouping", GroupingQuery::start)
          .add("statemachine", StateMachineQuery::start)
          .add("wordcount", WordCountQuery::start)
          .add("ysb", YsbQuery::start)
          .add("join", JoinQuery::start)
          .add("uricount", UriCountQuery::start)
          .add("nexmark-q0", NexmarkSql::q0)
          .add("nexmark-q1", NexmarkSql::q1)
          .add("nexmark-q2", NexmarkSql::q2)
          .add("nexmark-q3", NexmarkSql::q3)
          .add("nexmark-q4", NexmarkSql::q4)
          .add("nexmark-q5", NexmarkSql::q5)
          .add("nexmark-q7", NexmarkSql::q7)
          .add("nexmark-q8", NexmarkSql::q8)
          .add("nexmark-q11", NexmarkSql::q11)
          .add("nexmark-q14", NexmarkSql::q14)
          .noInJobBecause(
              "Spark's generator sources (rate, memory) cannot replay the api.workload generators");

  /** Workloads whose query is map-like, the only ones continuous processing can run. */
  static final Set<String> CONTINUOUS_WORKLOADS = Set.of("identity", "grep");

  public static void main(String[] args) {
    EngineLauncher.launch(new SparkEngine(), args);
  }

  @Override
  public String name() {
    return "spark";
  }

  @Override
  public Map<String, String> versions() {
    return StreamEngine.versionsFrom(SparkEngine.class, "/streambench-spark-versions.properties");
  }

  @Override
  public void run(JobSpec spec, Runnable ready) throws Exception {
    QueryBuilder builder = builder(spec);
    SparkSession spark = session(spec);
    if (spec.deployment().yarn()) {
      // the application's containers' logs are found by it
      Files.writeString(
          spec.runDir().resolve(Deployment.YARN_APPLICATION_FILE),
          spark.sparkContext().applicationId() + "\n");
    }
    if (spec.deployment().cluster() || spec.deployment().yarn()) {
      awaitExecutors(spark, spec);
    } else if (spec.deployment().external()) {
      awaitCores(spark, spec);
    }
    if (SparkSettings.logProgress(spec)) {
      spark.streams().addListener(new ProgressLog());
    }
    spark.streams().addListener(new BatchCommits(spec.runDir()));
    StreamingQuery query = builder.start(spark, spec);
    // before Spark's own hook stops the SparkContext under the running query
    ShutdownHookManager.addShutdownHook(
        ShutdownHookManager.SPARK_CONTEXT_SHUTDOWN_PRIORITY() + 1,
        () -> {
          stop(query);
          return BoxedUnit.UNIT;
        });
    awaitFirstTrigger(query, spec);
    ready.run();
    query.awaitTermination(); // throws StreamingQueryException if the query failed
  }

  /**
   * The query builder for the spec; what this engine cannot run, its catalogue's refusals and
   * continuous processing of a query that is not map-like, fails here, before Spark starts.
   */
  static QueryBuilder builder(JobSpec spec) {
    QueryBuilder builder = CATALOGUE.builder(spec);
    if (Triggers.continuous(spec) && !CONTINUOUS_WORKLOADS.contains(spec.workload())) {
      throw new UnsupportedOperationException(
          "Spark's continuous processing runs map-like queries only (projections and filters,"
              + " no aggregation, state or shuffle), so it offers "
              + String.join(", ", new java.util.TreeSet<>(CONTINUOUS_WORKLOADS))
              + ", not "
              + spec.workload()
              + "; use a processing-time trigger");
    }
    return builder;
  }

  /** The session, configured by {@link SparkSettings#session}. */
  static SparkSession session(JobSpec spec) {
    if (spec.deployment().cluster()) {
      SparkCluster.requireEnvironment();
    }
    SparkSession.Builder builder = SparkSession.builder();
    SparkSettings.session(spec).forEach(builder::config);
    return builder.getOrCreate();
  }

  /**
   * On a cluster: waits until the application has an executor on every Worker (the status tracker
   * lists the driver too), so that the query's tasks are spread over all of them from the first
   * micro-batch on.
   */
  private static void awaitExecutors(SparkSession spark, JobSpec spec) throws Exception {
    int workers = spec.deployment().workers();
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (true) {
      SparkStatusTracker tracker = spark.sparkContext().statusTracker();
      int executors = tracker.getExecutorInfos().length - 1;
      if (executors >= workers) {
        System.err.println("streambench: " + executors + " executors registered");
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            executors
                + " of "
                + workers
                + " executors registered after "
                + READY_TIMEOUT
                + (spec.deployment().yarn()
                    ? " (see yarn-containers/ in the run directory)"
                    : " (see spark-work-worker-<n>/ in the run directory)"));
      }
      Thread.sleep(100);
    }
  }

  /**
   * On the user's own cluster: waits until the application's executors have a core per task of the
   * query ({@code defaultParallelism} is their total cores on a standalone master).
   */
  private static void awaitCores(SparkSession spark, JobSpec spec) throws Exception {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (spark.sparkContext().defaultParallelism() < spec.parallelism()
        || spark.sparkContext().statusTracker().getExecutorInfos().length < 2) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "the Spark master "
                + spec.deployment().address()
                + " gave the application "
                + spark.sparkContext().defaultParallelism()
                + " of "
                + spec.parallelism()
                + " cores after "
                + READY_TIMEOUT
                + " (does it have free cores and memory?)");
      }
      Thread.sleep(100);
    }
  }

  /** Name, output mode, trigger and checkpoint: what every query's writer shares. */
  static <T> DataStreamWriter<T> configure(
      DataStreamWriter<T> writer, JobSpec spec, String outputMode) {
    return writer
        .queryName("streambench_" + spec.workload())
        .outputMode(outputMode)
        .trigger(Triggers.of(spec))
        .option("checkpointLocation", checkpoint(spec));
  }

  /**
   * Waits until the query's first trigger has fetched the Kafka offsets: its source then has
   * resolved the earliest offsets of every partition, so records written from now on are read. A
   * micro-batch query either found data (status {@code isDataAvailable}: the first batch is planned
   * and about to run, as with a pre-filled topic in drain mode) or reported progress for an idle
   * first trigger. A continuous query reports no progress in Spark 4.0; it is ready once its first
   * epoch is in the commit log, i.e. every long-running reader task has started and reported.
   */
  private static void awaitFirstTrigger(StreamingQuery query, JobSpec spec) throws Exception {
    Path firstEpoch = new Path(checkpoint(spec) + "/commits/0");
    FileSystem fs =
        firstEpoch.getFileSystem(query.sparkSession().sparkContext().hadoopConfiguration());
    boolean continuous = Triggers.continuous(spec);
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!query.isActive()) {
        query.awaitTermination(); // throws the query's failure
        throw new IllegalStateException("query ended before it ran");
      }
      if (continuous
          ? fs.exists(firstEpoch)
          : query.lastProgress() != null || query.status().isDataAvailable()) {
        return;
      }
      Thread.sleep(20);
    }
    throw new IllegalStateException(
        "query has not run a trigger after " + READY_TIMEOUT + ": " + query.status());
  }

  /**
   * The query's checkpoint location: the setting {@code checkpoint.uri} where the harness gives one
   * ({@code --checkpoint-storage hdfs}, through the Hadoop client Spark brings), else the run
   * directory's {@code checkpoint}.
   */
  static String checkpoint(JobSpec spec) {
    return spec.setting(
        "checkpoint.uri", spec.runDir().resolve("checkpoint").toAbsolutePath().toUri().toString());
  }

  /** Setting {@code log.progress}: every micro-batch's progress (durations, rows) to the log. */
  static final class ProgressLog extends StreamingQueryListener {
    @Override
    public void onQueryStarted(QueryStartedEvent event) {}

    @Override
    public void onQueryProgress(QueryProgressEvent event) {
      System.err.println("streambench: progress " + event.progress().json());
    }

    @Override
    public void onQueryTerminated(QueryTerminatedEvent event) {}
  }

  /**
   * Stops the query within a bound (the JVM is shutting down); Spark's own shutdown hook, which
   * runs after this one, stops the SparkContext.
   */
  private static void stop(StreamingQuery query) {
    Thread stopper =
        new Thread(
            () -> {
              try {
                query.stop();
              } catch (Exception e) {
                System.err.println("streambench: stopping the query failed: " + e);
              }
            },
            "streambench-spark-stopper");
    stopper.setDaemon(true);
    stopper.start();
    try {
      stopper.join(STOP_TIMEOUT_MS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
