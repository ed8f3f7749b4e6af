package org.streambench.harness.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.streambench.api.Deployment;
import org.streambench.api.EngineProcess;
import org.streambench.api.EpochMicros;
import org.streambench.api.JobSpec;
import org.streambench.harness.engine.ClusterRole;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.fault.LinkMechanism;
import org.streambench.harness.hadoop.Hadoop;
import org.streambench.harness.net.NetworkNamespaces;
import org.streambench.harness.process.ChildProcess;
import org.streambench.harness.process.CpuPlacement;
import org.streambench.harness.process.GcLog;
import org.streambench.harness.process.ProcessSampler;
import org.streambench.harness.process.ProcessSlot;

/**
 * The engine's processes in one run, started from the engine's jar with the run's spec: one process
 * for a local deployment; for a cluster, the engine's {@link ClusterRole}s in order, a per-worker
 * role once per worker. Each is watched and sampled on its own ({@code engine/<process>}, and the
 * JVMs it spawns as {@code engine/<process>/<main class>}) and all together, each from its start,
 * as the role {@code engine}; the engine is ready when every process has written its ready file. On
 * the user's own cluster only the engine's client role runs here, sampled on its own: the engine's
 * CPU is not ours to see. On YARN the client runs here and the engine's master and workers in the
 * containers YARN starts for it, sampled as {@code engine/yarn/<main class>} ({@link
 * YarnContainers}). A fault may kill, stop or pause a worker or the master ({@link #workers},
 * {@link #master}); a process started again is sampled as {@code engine/<process>-restart<n>}. With
 * {@code --link-mechanism namespaces} each runs in a network namespace of its own, deleted once it
 * stopped. Stopped at the end.
 */
final class EngineProcesses {
  private static final Duration READY_TIMEOUT = Duration.ofMinutes(3);
  private static final long STOP_GRACE_MS = 15_000;

  /** How long a YARN application's containers may take to go once it was killed. */
  private static final Duration CONTAINERS_GONE = Duration.ofSeconds(30);

  private final EngineDescriptor engine;
  private final RunLayout layout;
  private final Deployment deployment;
  private final CpuPlacement cpus;
  private final List<ProcessSlot> processes = new CopyOnWriteArrayList<>();
  private final Map<ProcessSlot, EngineProcess> namedOf = new ConcurrentHashMap<>();
  private final Map<ProcessSlot, ClusterRole> roleOf = new ConcurrentHashMap<>();
  private final NetworkNamespaces namespaces;
  private final String hadoopClasspath;
  private final Map<String, String> hadoopEnvironment;

  /** The run's YARN containers, on the Hadoop the harness started; null otherwise. */
  private final YarnContainers yarn;

  private final long nodeManagerPid;
  private long readyMicros;
  private Double startSeconds;

  /**
   * @param hadoop the run's Hadoop, whose client classpath the engine's processes get if the engine
   *     asks for it ({@link EngineDescriptor#hadoopClasspath}); null for none
   */
  EngineProcesses(EngineDescriptor engine, RunLayout layout, RunRequest request, Hadoop hadoop) {
    this.engine = engine;
    this.layout = layout;
    this.hadoopClasspath =
        hadoop == null
            ? ""
            : switch (engine.hadoopClasspath()) {
              case NONE -> "";
              case CONF -> hadoop.confDir().toString();
              case JARS -> hadoop.classpath();
            };
    this.hadoopEnvironment =
        hadoop == null ? Map.of() : Map.of("HADOOP_CONF_DIR", hadoop.confDir().toString());
    ChildProcess nodeManager = hadoop == null ? null : hadoop.daemons().get("nodemanager");
    this.yarn =
        request.deployment().yarn() && nodeManager != null
            ? new YarnContainers(nodeManager.pid(), layout.runId(), layout.runDir())
            : null;
    this.nodeManagerPid = nodeManager == null ? -1 : nodeManager.pid();
    this.deployment = request.deployment();
    this.cpus = request.cpus();
    this.namespaces =
        request.faults().mechanism() == LinkMechanism.NAMESPACES ? new NetworkNamespaces() : null;
  }

  /** The processes' network namespaces ({@code --link-mechanism namespaces}), or null. */
  NetworkNamespaces namespaces() {
    return namespaces;
  }

  String name() {
    return engine.name();
  }

  /**
   * Starts the engine on the spec file and waits until it is ready, watching it meanwhile; a
   * cluster role by role, each role's processes ready before the next role starts.
   */
  void start(Path specFile, ProcessSampler sampler, ServiceWatch watch, Consumer<String> progress)
      throws IOException, InterruptedException, ServiceFailure {
    long t0 = System.nanoTime();
    if (deployment.kind() == Deployment.Kind.LOCAL) {
      progress.accept("starting engine " + engine.name());
      startProcess(
          EngineProcess.SOLE,
          null,
          engine.mainClass(),
          engine.jvmOptions(),
          specFile,
          sampler,
          watch);
      awaitReady(List.of(EngineProcess.SOLE), watch);
    } else {
      // on the user's cluster or on YARN only the engine's client runs here
      List<ClusterRole> roles =
          deployment.cluster() ? engine.clusterRoles() : List.of(engine.clientRole().orElseThrow());
      for (ClusterRole role : roles) {
        List<EngineProcess> ofRole = processesOf(role);
        progress.accept(
            "starting "
                + engine.name()
                + " "
                + String.join(", ", ofRole.stream().map(EngineProcess::name).toList()));
        for (EngineProcess p : ofRole) {
          List<String> options = new ArrayList<>(engine.jvmOptions(role));
          if (role.jvmOptionsFrom() != null) {
            options.addAll(
                ResolvedJvmOptions.of(
                    engine,
                    layout,
                    role.jvmOptionsFrom(),
                    p,
                    specFile,
                    cpus.launcher(cpuRole(role))));
          }
          startProcess(p, role, engine.mainClass(role), options, specFile, sampler, watch);
        }
        awaitReady(ofRole, watch);
      }
    }
    readyMicros = EpochMicros.now();
    startSeconds = (System.nanoTime() - t0) / 1e9;
    progress.accept(String.format("engine ready after %.1f s", startSeconds));
  }

  private void startProcess(
      EngineProcess named,
      ClusterRole role,
      String mainClass,
      List<String> jvmOptions,
      Path specFile,
      ProcessSampler sampler,
      ServiceWatch watch)
      throws IOException {
    List<String> args = new ArrayList<>(List.of(specFile.toString()));
    args.addAll(named.args());
    List<String> options = new ArrayList<>(jvmOptions);
    options.addAll(GcLog.jvmOptions(layout.runDir()));
    ChildProcess process =
        ChildProcess.startJava(
            "engine",
            layout.runId(),
            engine.jar(),
            hadoopClasspath,
            mainClass,
            options,
            args,
            environment(),
            layout.file(named.logFile()),
            launcher(named, role));
    ProcessSlot slot = new ProcessSlot(named.name(), process);
    processes.add(slot);
    namedOf.put(slot, named);
    if (role != null) {
      roleOf.put(slot, role);
    }
    switch (deployment.kind()) {
      case LOCAL -> sampler.watch("engine", process.pid());
      case CLUSTER -> sampler.watchSpawning("engine/" + named.name(), process.pid(), "engine");
      // the user's cluster does the work: only its client is ours, the engine's CPU is unknown
      case EXTERNAL -> sampler.watch("engine/" + named.name(), process.pid());
      // the client here, the engine's master and workers in the containers YARN starts for it
      case YARN -> {
        sampler.watchSpawning("engine/" + named.name(), process.pid(), "engine");
        // on the user's Hadoop the containers are not ours to see
        if (yarn != null) {
          sampler.watchSpawned("engine/yarn", nodeManagerPid, "engine");
        }
      }
    }
    watch.watchEngine(
        "engine " + engine.name() + (named.equals(EngineProcess.SOLE) ? "" : " " + named.name()),
        slot,
        layout.file(named.errorFile()));
  }

  /**
   * The environment of the engine's processes: a cluster's ({@code cluster.env.*}) and, where the
   * run uses Hadoop, {@code HADOOP_CONF_DIR}, as a Hadoop user has it.
   */
  private Map<String, String> environment() {
    Map<String, String> env = new LinkedHashMap<>(hadoopEnvironment);
    if (deployment.kind() != Deployment.Kind.LOCAL) {
      env.putAll(engine.clusterEnvironment(layout.runDir()));
    }
    return env;
  }

  /** The process's network namespace, if it has one, then its CPUs. */
  private List<String> launcher(EngineProcess named, ClusterRole role) throws IOException {
    List<String> cmd = new ArrayList<>();
    if (namespaces != null) {
      cmd.addAll(namespaces.launcher(named.name()));
    }
    cmd.addAll(cpus.launcher(cpuRole(role)));
    return cmd;
  }

  /**
   * The placement's role of a process of {@code role} (null: the local engine): a cluster
   * deployment's workers and master may have CPUs of their own, all else takes the engine's.
   */
  private String cpuRole(ClusterRole role) {
    if (role == null || !deployment.cluster()) {
      return "engine";
    }
    if (role.perWorker()) {
      return "worker";
    }
    return engine.masterRole().filter(role::equals).isPresent() ? "master" : "engine";
  }

  /**
   * A watch of the engine's logs for the lines by which it notices faults ({@code fault.noticed}),
   * or null if its {@code engine.properties} names none.
   */
  EngineLogWatch faultNotices() {
    return engine.faultNoticed().map(p -> new EngineLogWatch(p, this::logFiles)).orElse(null);
  }

  /** Each process's log file by its name. */
  private Map<String, Path> logFiles() {
    Map<String, Path> logs = new LinkedHashMap<>();
    for (ProcessSlot slot : processes) {
      logs.put(slot.name(), layout.file(namedOf.get(slot).logFile()));
    }
    return logs;
  }

  /**
   * The processes of the engine's worker role (a cluster deployment), in worker order; on YARN its
   * worker containers running now.
   */
  List<ProcessSlot> workers() {
    if (deployment.yarn()) {
      return yarn == null ? List.of() : yarn.workers();
    }
    return ofRole(engine.workerRole());
  }

  /** Whether worker {@code slot} holds no share now, by its engine's {@code WorkLog}: a spare. */
  boolean spare(ProcessSlot slot) {
    int instance = workers().indexOf(slot) + 1;
    return instance > 0 && WorkerShares.holdsNothing(layout.runDir(), instance);
  }

  /** The process of the engine's master role, if it names one ({@code fault.master}). */
  Optional<ProcessSlot> master() {
    if (deployment.yarn()) {
      return Optional.empty(); // YARN's application master: faults on it are refused
    }
    return engine.masterRole().flatMap(r -> ofRole(r).stream().findFirst());
  }

  private List<ProcessSlot> ofRole(ClusterRole role) {
    return processes.stream().filter(p -> role.equals(roleOf.get(p))).toList();
  }

  /** Starts a faulted process again (its ready file removed first), sampled as a restart. */
  boolean startAgain(ProcessSlot slot, ProcessSampler sampler)
      throws IOException, InterruptedException {
    Files.deleteIfExists(layout.file(namedOf.get(slot).readyFile()));
    ChildProcess again = slot.startAgain();
    if (again == null) {
      return false;
    }
    sampler.watchSpawning(
        "engine/" + slot.name() + "-restart" + (slot.starts() - 1), again.pid(), "engine");
    return true;
  }

  /** A role's processes: one, or one per worker named {@code <role>-<n>}. */
  private List<EngineProcess> processesOf(ClusterRole role) {
    if (!role.perWorker()) {
      return List.of(new EngineProcess(role.name(), JobSpec.SOLE));
    }
    List<EngineProcess> out = new ArrayList<>();
    for (int i = 1; i <= deployment.workers(); i++) {
      out.add(new EngineProcess(role.name() + "-" + i, i));
    }
    return out;
  }

  private void awaitReady(List<EngineProcess> starting, ServiceWatch watch)
      throws InterruptedException, ServiceFailure {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    for (EngineProcess p : starting) {
      Path ready = layout.file(p.readyFile());
      while (!Files.exists(ready)) {
        watch.check();
        if (System.nanoTime() > deadline) {
          throw new ServiceFailure(
              "engine " + p.name() + " not ready within " + READY_TIMEOUT.toSeconds() + " s",
              logTail());
        }
        Thread.sleep(50);
      }
    }
  }

  /** The info file of the engine's sole or first process (versions, JVM flags). */
  Path infoFile() {
    EngineProcess first =
        switch (deployment.kind()) {
          case LOCAL -> EngineProcess.SOLE;
          case CLUSTER -> processesOf(engine.clusterRoles().get(0)).get(0);
          case EXTERNAL, YARN -> processesOf(engine.clientRole().orElseThrow()).get(0);
        };
    return layout.file(first.infoFile());
  }

  /** When the engine became ready, in epoch micros. */
  long readyMicros() {
    return readyMicros;
  }

  /** Seconds from the engine's first process's start until it was ready; null until then. */
  Double startSeconds() {
    return startSeconds;
  }

  boolean alive() {
    return !processes.isEmpty() && processes.stream().allMatch(p -> p.process().isAlive());
  }

  /** Waits for every process to exit on its own; whether all did within {@code timeout}. */
  boolean awaitExit(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    for (ProcessSlot slot : processes) {
      if (!slot.process().waitFor(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())))) {
        return false;
      }
    }
    return true;
  }

  boolean exitedCleanly() {
    return processes.stream()
        .map(ProcessSlot::process)
        .allMatch(p -> !p.isAlive() && p.exitCode() == 0);
  }

  /** The last lines of the engine's (first process's) log, or null before it started. */
  String logTail() {
    return processes.isEmpty() ? null : processes.get(0).process().logTail(40);
  }

  /**
   * Stops every process at once, each on its own thread with the grace period, then those of roles
   * that stop last ({@link ClusterRole#stopsLast}); none is started again, a paused one is resumed
   * first. Not a few at a time: a Spark worker could exit while the master still ran, which then
   * started a replacement executor as the run ended.
   */
  void stop() {
    processes.forEach(ProcessSlot::close);
    try {
      try {
        stopAtOnce(processes.stream().filter(p -> !stopsLast(p)).toList());
      } finally {
        // stopped even when waiting for the others was interrupted
        stopAtOnce(processes.stream().filter(this::stopsLast).toList());
      }
      if (yarn != null) {
        // the client killed its application as it stopped; the NodeManager stops its containers
        yarn.awaitGone(CONTAINERS_GONE);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      if (namespaces != null) {
        namespaces.close();
      }
    }
  }

  private boolean stopsLast(ProcessSlot p) {
    ClusterRole role = roleOf.get(p);
    return role != null && role.stopsLast();
  }

  /**
   * Stops {@code slots} at once and waits for them; interrupted, it still waits for them (each stop
   * is bounded by its grace period) and then says so.
   */
  private static void stopAtOnce(List<ProcessSlot> slots) throws InterruptedException {
    List<Thread> stopping = new ArrayList<>();
    for (ProcessSlot p : slots) {
      Thread t = new Thread(() -> p.process().stop(STOP_GRACE_MS), "stop-" + p.name());
      t.start();
      stopping.add(t);
    }
    boolean interrupted = false;
    for (Thread t : stopping) {
      while (t.isAlive()) {
        try {
          t.join();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    }
    if (interrupted) {
      throw new InterruptedException("interrupted while the engine's processes stopped");
    }
  }
}
