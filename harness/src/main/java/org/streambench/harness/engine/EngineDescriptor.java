package org.streambench.harness.engine;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.streambench.api.Guarantee;
import org.streambench.harness.fault.LinkMechanism;

/**
 * An engine's registration, read from {@code engines/<name>/engine.properties}: how to start its
 * process and what it can run. Its settings live beside it in {@code engines/<name>/conf/}; another
 * version of an engine ({@code version-of}, {@link #load}) has that engine's.
 *
 * <p>Keys: {@code name} (or {@code version-of}, the engine this is another version of), {@code
 * version} (the line of the engine's releases its jar is built on, such as {@code 2.3}), {@code
 * description}, {@code jar}, {@code main}, {@code workloads}, {@code guarantees}, {@code
 * jvm.options} (of the engine's process in a local deployment); optionally {@code jvm.options.all}
 * (JVM options every process of the engine gets after its own, such as the {@code --add-opens} a
 * runtime needs), {@code cluster.env.<VAR>} (environment variables of every process of a cluster
 * deployment, where {@code ${run.dir}} and {@code ${java.home}} stand for the run's directory and
 * the Java the harness runs on); optionally {@code in-job} (workloads with an in-job source) and
 * {@code not-offered.<workload or guarantee>=<why>}, the one line the CLI prints when a run asks
 * for it; {@code cluster.roles} (its processes in a cluster deployment, see {@link ClusterRole}),
 * absent for an engine that runs only in one process; {@code cluster.client-role} (the one role run
 * on this machine when the engine runs on the user's own cluster: its job client), absent for an
 * engine that cannot; {@code fault.master} (the single-process role a {@code --fault ...:master}
 * hits: a JobManager, Nimbus, a Spark master) and {@code fault.not-offered.<master, guarantee or
 * link>=<why>} (faults it refuses), {@code fault.links} (the links between its cluster's processes
 * it lets the link proxy into: {@code worker-master}, read from the run's {@code
 * link.<process>.port} and {@code bind-port} settings, and {@code worker-worker}, from {@code
 * data-port} and {@code data-bind-port}), {@code fault.mechanisms} (how its links to the brokers
 * may be cut: {@code proxy}, the default, and {@code namespaces} where its processes talk to
 * nothing but the brokers), {@code fault.noticed} (a regular expression for the lines of its logs
 * by which it shows it noticed a fault: a lost peer, a timed-out request, a failover); {@code
 * state.dirs} (where in the run directory it keeps state and checkpoints on disk: names or globs
 * such as {@code kafka-streams*}), absent for an engine that keeps none there; {@code
 * hadoop.classpath} ({@code jars}: its processes need Hadoop's configuration and client jars on
 * their classpath, as a Flink distribution needs {@code HADOOP_CLASSPATH}; {@code conf}: they bring
 * Hadoop's client and need its configuration only, as Spark's; absent for one that never uses
 * Hadoop).
 */
public record EngineDescriptor(
    String name,
    String version,
    String description,
    Path dir,
    Path confDir,
    Path jar,
    String mainClass,
    List<String> workloads,
    List<Guarantee> guarantees,
    List<String> inJobWorkloads,
    Map<String, String> notOffered,
    List<String> jvmOptions,
    List<ClusterRole> clusterRoles,
    Optional<ClusterRole> clientRole,
    Map<String, String> clusterEnv,
    Optional<ClusterRole> masterRole,
    Optional<Pattern> faultNoticed,
    List<String> faultLinks,
    List<LinkMechanism> faultMechanisms,
    List<String> stateDirs,
    HadoopClasspath hadoopClasspath) {
  private static final String MAX_DIRECT = "-XX:MaxDirectMemorySize=";
  private static final String NOT_OFFERED = "not-offered.";
  private static final String CLUSTER_ENV = "cluster.env.";
  private static final String VERSION_OF = "version-of";

  /**
   * The registration in {@code file}; one with {@code version-of=<engine>} is another version of
   * that engine: named {@code <engine>@<version>}, it takes every key it does not set from that
   * engine's file, and that engine's settings ({@code conf/}).
   */
  static EngineDescriptor load(Path file) throws IOException {
    Properties own = read(file);
    Path dir = file.getParent();
    Properties p = own;
    String name;
    Path confDir;
    String base = own.getProperty(VERSION_OF, "").trim();
    if (base.isEmpty()) {
      name = require(p, "name", file);
      confDir = dir.resolve("conf");
    } else {
      Path baseDir = dir.resolveSibling(base);
      p = new Properties();
      p.putAll(read(baseDir.resolve("engine.properties")));
      p.putAll(own);
      name = base + "@" + require(own, "version", file);
      require(own, "jar", file);
      confDir = baseDir.resolve("conf");
    }
    List<String> allOptions = words(p.getProperty("jvm.options.all", ""));
    List<ClusterRole> roles =
        ClusterRole.parse(list(p.getProperty("cluster.roles", "")), p, allOptions);
    Optional<ClusterRole> clientRole = singleProcessRole(roles, p, "cluster.client-role", file);
    Optional<ClusterRole> masterRole = singleProcessRole(roles, p, "fault.master", file);
    return new EngineDescriptor(
        name,
        p.getProperty("version", "").trim(),
        p.getProperty("description", ""),
        dir,
        confDir,
        dir.resolve(require(p, "jar", file)),
        require(p, "main", file),
        list(require(p, "workloads", file)),
        list(require(p, "guarantees", file)).stream().map(Guarantee::parse).toList(),
        list(p.getProperty("in-job", "")),
        notOffered(p),
        concat(p.getProperty("jvm.options", ""), allOptions),
        roles,
        clientRole,
        prefixed(p, CLUSTER_ENV),
        masterRole,
        noticed(p, file),
        list(p.getProperty("fault.links", "")),
        mechanisms(p, file),
        list(p.getProperty("state.dirs", "")),
        HadoopClasspath.parse(p.getProperty("hadoop.classpath", "none").trim(), file));
  }

  /** The properties in {@code file}, as written (no other version's keys merged in). */
  static Properties read(Path file) throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    }
    return p;
  }

  /** The engine this is a version of ({@code flink} for {@code flink@1.20}), or its own name. */
  public String family() {
    return familyOf(name);
  }

  /** The engine {@code name} (as a run names it: {@code flink@1.20}) is a version of. */
  public static String familyOf(String name) {
    int at = name.indexOf('@');
    return at < 0 ? name : name.substring(0, at);
  }

  /** Whether this is the engine's default version: the one its bare name runs. */
  public boolean defaultVersion() {
    return family().equals(name);
  }

  private static List<LinkMechanism> mechanisms(Properties p, Path file) throws IOException {
    List<LinkMechanism> mechanisms = new ArrayList<>();
    for (String id : list(p.getProperty("fault.mechanisms", "proxy"))) {
      mechanisms.add(
          LinkMechanism.byId(id)
              .orElseThrow(
                  () ->
                      new IOException(
                          file + ": fault.mechanisms: '" + id + "' is not proxy or namespaces")));
    }
    return List.copyOf(mechanisms);
  }

  private static Optional<Pattern> noticed(Properties p, Path file) throws IOException {
    String regex = p.getProperty("fault.noticed", "").trim();
    try {
      return regex.isEmpty() ? Optional.empty() : Optional.of(Pattern.compile(regex));
    } catch (PatternSyntaxException e) {
      throw new IOException(
          file + ": fault.noticed is not a regular expression: " + e.getMessage());
    }
  }

  /** The single-process role that {@code key} names, empty if it names none; refused if not one. */
  private static Optional<ClusterRole> singleProcessRole(
      List<ClusterRole> roles, Properties p, String key, Path file) throws IOException {
    String name = p.getProperty(key, "").trim();
    Optional<ClusterRole> role =
        roles.stream().filter(r -> r.name().equals(name) && !r.perWorker()).findFirst();
    if (!name.isEmpty() && role.isEmpty()) {
      throw new IOException(
          file + ": " + key + " " + name + " is not one of its single-process roles");
    }
    return role;
  }

  /**
   * The environment of a cluster process of run directory {@code runDir}: {@code cluster.env.*}
   * with its placeholders filled in.
   */
  public Map<String, String> clusterEnvironment(Path runDir) {
    Map<String, String> env = new TreeMap<>();
    clusterEnv.forEach(
        (k, v) ->
            env.put(
                k,
                v.replace("${run.dir}", runDir.toAbsolutePath().toString())
                    .replace("${java.home}", System.getProperty("java.home"))));
    return env;
  }

  /** Whether the engine can run as a cluster of processes on this machine. */
  public boolean hasCluster() {
    return !clusterRoles.isEmpty();
  }

  /**
   * The role of a cluster deployment that runs once per worker (a TaskManager, a Kafka Streams
   * instance), whose processes are named {@code <role>-1}, {@code <role>-2}, ...
   */
  public ClusterRole workerRole() {
    return clusterRoles.stream()
        .filter(ClusterRole::perWorker)
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("engine " + name + " has no worker role"));
  }

  /** Why the engine does not offer {@code what} (a workload or guarantee), if it says. */
  public Optional<String> whyNotOffered(String what) {
    return Optional.ofNullable(notOffered.get(what));
  }

  /** The main class of {@code role}'s processes. */
  public String mainClass(ClusterRole role) {
    return role.mainClass() == null ? mainClass : role.mainClass();
  }

  /**
   * This engine with the heap of its local process set to {@code size} (e.g. {@code 512m}): its
   * {@code -Xmx} replaced, and its {@code -Xms} where it has one, so that an engine started with
   * its whole heap still is. Its direct memory stays what it was: the JVM's default ceiling for
   * direct buffers is {@code -Xmx}, so without a {@code -XX:MaxDirectMemorySize} of its own a
   * smaller heap would also shrink the memory outside the heap (Flink's network buffers, 64 MB,
   * live there) and a heap sweep would measure both.
   */
  public EngineDescriptor withHeap(String size) {
    List<String> options = new ArrayList<>();
    boolean initial = jvmOptions.stream().anyMatch(o -> o.startsWith("-Xms"));
    options.add("-Xmx" + size);
    if (initial) {
      options.add(0, "-Xms" + size);
    }
    boolean directSet = jvmOptions.stream().anyMatch(o -> o.startsWith(MAX_DIRECT));
    jvmOptions.stream()
        .filter(o -> o.startsWith("-Xmx") && !directSet)
        .findFirst()
        .ifPresent(max -> options.add(MAX_DIRECT + max.substring("-Xmx".length())));
    jvmOptions.stream()
        .filter(o -> !o.startsWith("-Xmx") && !o.startsWith("-Xms"))
        .forEach(options::add);
    return new EngineDescriptor(
        name,
        version,
        description,
        dir,
        confDir,
        jar,
        mainClass,
        workloads,
        guarantees,
        inJobWorkloads,
        notOffered,
        List.copyOf(options),
        clusterRoles,
        clientRole,
        clusterEnv,
        masterRole,
        faultNoticed,
        faultLinks,
        faultMechanisms,
        stateDirs,
        hadoopClasspath);
  }

  /** The JVM options of {@code role}'s processes. */
  public List<String> jvmOptions(ClusterRole role) {
    return role.jvmOptions() == null ? jvmOptions : role.jvmOptions();
  }

  /** The words of {@code options} followed by {@code more}. */
  static List<String> concat(String options, List<String> more) {
    return java.util.stream.Stream.concat(words(options).stream(), more.stream()).toList();
  }

  /**
   * {@code not-offered.<what>}, {@code cluster.not-offered.<what>} under {@code cluster.<what>}
   * (e.g. {@code cluster.in-job}: what the engine refuses on a cluster only) and {@code
   * fault.not-offered.<what>} under {@code fault.<what>} (a fault target, or a guarantee it cannot
   * keep through faults).
   */
  private static Map<String, String> notOffered(Properties p) {
    Map<String, String> reasons = new TreeMap<>(prefixed(p, NOT_OFFERED));
    for (String scope : List.of("cluster.", "fault.")) {
      prefixed(p, scope + NOT_OFFERED).forEach((k, v) -> reasons.put(scope + k, v));
    }
    return java.util.Collections.unmodifiableMap(reasons);
  }

  private static Map<String, String> prefixed(Properties p, String prefix) {
    Map<String, String> out = new TreeMap<>();
    for (String key : p.stringPropertyNames()) {
      if (key.startsWith(prefix)) {
        out.put(key.substring(prefix.length()), p.getProperty(key).trim());
      }
    }
    return java.util.Collections.unmodifiableMap(out);
  }

  static List<String> words(String s) {
    return Arrays.stream(s.trim().split("\\s+")).filter(w -> !w.isEmpty()).toList();
  }

  private static List<String> list(String csv) {
    return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }

  private static String require(Properties p, String key, Path file) {
    String v = p.getProperty(key);
    if (v == null || v.isBlank()) {
      throw new IllegalStateException(file + " lacks '" + key + "'");
    }
    return v.trim();
  }
}
