package org.streambench.api;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Everything an engine is told about the job it must run, written by the harness as a properties
 * file in the run directory and passed to the engine process as its only argument.
 *
 * @param runId the run's id; engines use it to name consumer groups and transactional ids
 * @param workload the workload name (see {@code shared/reference/workloads.md})
 * @param bootstrapServers Kafka bootstrap servers
 * @param inputTopic topic the generator writes to
 * @param outputTopic topic the collector reads from
 * @param guarantee the delivery guarantee asked for
 * @param parallelism the job's parallelism (threads, tasks or executors, as the engine maps it)
 * @param runDir directory where the engine writes its info and readiness files
 * @param settings the engine's resolved settings (from its named config files and overrides)
 * @param params workload parameters
 * @param deployment one process or a cluster of processes
 * @param instance which of a cluster's engine instances this process is (1-based), or {@link #SOLE}
 *     for the engine's only process (local) or its job client (a cluster's submitter)
 */
public record JobSpec(
    String runId,
    String workload,
    String bootstrapServers,
    String inputTopic,
    String outputTopic,
    Guarantee guarantee,
    int parallelism,
    Path runDir,
    Map<String, String> settings,
    Map<String, String> params,
    Deployment deployment,
    int instance) {

  /** {@link #instance} of a process that is the engine's only one, or a cluster's job client. */
  public static final int SOLE = 0;

  private static final String SETTING = "setting.";
  private static final String PARAM = "param.";

  public JobSpec {
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(workload, "workload");
    Objects.requireNonNull(bootstrapServers, "bootstrapServers");
    Objects.requireNonNull(guarantee, "guarantee");
    if (parallelism < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1, was " + parallelism);
    }
    Objects.requireNonNull(deployment, "deployment");
    if (instance < SOLE || instance > deployment.workers()) {
      throw new IllegalArgumentException(
          "instance " + instance + " of " + deployment.workers() + " workers");
    }
    settings = Map.copyOf(new TreeMap<>(settings));
    params = Map.copyOf(new TreeMap<>(params));
  }

  /** A spec for one local process. */
  public JobSpec(
      String runId,
      String workload,
      String bootstrapServers,
      String inputTopic,
      String outputTopic,
      Guarantee guarantee,
      int parallelism,
      Path runDir,
      Map<String, String> settings,
      Map<String, String> params) {
    this(
        runId,
        workload,
        bootstrapServers,
        inputTopic,
        outputTopic,
        guarantee,
        parallelism,
        runDir,
        settings,
        params,
        Deployment.local(parallelism),
        SOLE);
  }

  /** The same spec as seen by instance {@code n} (1-based) of a cluster. */
  public JobSpec forInstance(int n) {
    return new JobSpec(
        runId,
        workload,
        bootstrapServers,
        inputTopic,
        outputTopic,
        guarantee,
        parallelism,
        runDir,
        settings,
        params,
        deployment,
        n);
  }

  /**
   * A suffix for names this process must not share with a cluster's other instances (state
   * directories, client ids): empty for the sole process, {@code -N} for instance N.
   */
  public String instanceSuffix() {
    return instance == SOLE ? "" : "-" + instance;
  }

  /** The tasks (of {@link #parallelism}) this process runs: all for the sole process. */
  public int[] tasks() {
    return instance == SOLE
        ? Deployment.local(parallelism).tasksOf(1, parallelism)
        : deployment.tasksOf(instance, parallelism);
  }

  /** A setting, or {@code fallback} if the config files do not name it. */
  public String setting(String key, String fallback) {
    return settings.getOrDefault(key, fallback);
  }

  /** A setting that the engine's config files must define. */
  public String requiredSetting(String key) {
    String value = settings.get(key);
    if (value == null) {
      throw new IllegalArgumentException("engine setting '" + key + "' is not set");
    }
    return value;
  }

  /** Settings whose key starts with {@code prefix}, with the prefix removed. */
  public Map<String, String> settingsWithPrefix(String prefix) {
    Map<String, String> out = new TreeMap<>();
    settings.forEach(
        (k, v) -> {
          if (k.startsWith(prefix)) {
            out.put(k.substring(prefix.length()), v);
          }
        });
    return out;
  }

  public Properties toProperties() {
    Properties p = new Properties();
    p.setProperty("run.id", runId);
    p.setProperty("workload", workload);
    p.setProperty("bootstrap.servers", bootstrapServers);
    p.setProperty("input.topic", inputTopic);
    p.setProperty("output.topic", outputTopic);
    p.setProperty("guarantee", guarantee.id());
    p.setProperty("parallelism", Integer.toString(parallelism));
    p.setProperty("run.dir", runDir.toString());
    p.setProperty("deployment", deployment.kind().id());
    p.setProperty("deployment.workers", Integer.toString(deployment.workers()));
    p.setProperty("deployment.slots-per-worker", Integer.toString(deployment.slotsPerWorker()));
    if (deployment.address() != null) {
      p.setProperty("deployment.address", deployment.address());
    }
    settings.forEach((k, v) -> p.setProperty(SETTING + k, v));
    params.forEach((k, v) -> p.setProperty(PARAM + k, v));
    return p;
  }

  public static JobSpec fromProperties(Properties p) {
    Map<String, String> settings = new TreeMap<>();
    Map<String, String> params = new TreeMap<>();
    for (String key : p.stringPropertyNames()) {
      if (key.startsWith(SETTING)) {
        settings.put(key.substring(SETTING.length()), p.getProperty(key));
      } else if (key.startsWith(PARAM)) {
        params.put(key.substring(PARAM.length()), p.getProperty(key));
      }
    }
    int parallelism = Integer.parseInt(required(p, "parallelism"));
    Deployment deployment =
        p.getProperty("deployment") == null
            ? Deployment.local(parallelism)
            : new Deployment(
                Deployment.Kind.parse(p.getProperty("deployment")),
                Integer.parseInt(required(p, "deployment.workers")),
                Integer.parseInt(required(p, "deployment.slots-per-worker")),
                p.getProperty("deployment.address"));
    return new JobSpec(
        required(p, "run.id"),
        required(p, "workload"),
        required(p, "bootstrap.servers"),
        required(p, "input.topic"),
        required(p, "output.topic"),
        Guarantee.parse(required(p, "guarantee")),
        parallelism,
        Path.of(required(p, "run.dir")),
        settings,
        params,
        deployment,
        SOLE);
  }

  public void write(Path file) throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      toProperties().store(w, "streambench job spec");
    }
  }

  public static JobSpec read(Path file) throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    }
    return fromProperties(p);
  }

  private static String required(Properties p, String key) {
    String value = p.getProperty(key);
    if (value == null) {
      throw new IllegalArgumentException("job spec lacks '" + key + "'");
    }
    return value;
  }
}
