package org.streambench.engine.storm;

import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.storm.Config;
import org.apache.storm.daemon.supervisor.StandaloneSupervisor;
import org.apache.storm.daemon.supervisor.Supervisor;
import org.apache.storm.generated.ClusterSummary;
import org.apache.storm.generated.SupervisorSummary;
import org.apache.storm.metric.StormMetricsRegistry;
import org.apache.storm.utils.Utils;
import org.streambench.api.ClusterDaemon;
import org.streambench.api.GcLogOption;
import org.streambench.api.JobSpec;
import org.streambench.api.PublishedPorts;

/**
 * A Supervisor of the cluster deployment (one per worker): Storm's {@code Supervisor}, as {@code
 * storm supervisor} starts it, with one slot ({@code supervisor.slots.ports}) and its thrift port
 * picked here on 127.0.0.1, and a {@code storm.home} of its own laid out from the engine's jar (see
 * {@link StormCluster}). It launches the topology's worker JVM (through Storm's LogWriter JVM) as
 * its child, with {@code worker.childopts} = the setting {@code storm.worker.childopts} (heap) plus
 * the run's tag and this process's pid, which {@link SupervisorWatch} in the worker watches. Ready
 * once Nimbus lists it.
 *
 * <p>Storm's workers outlive a stopped supervisor by design (a restarted supervisor adopts them);
 * here they must not: the worker JVMs are this process's descendants, killed when it stops (a
 * shutdown hook), when the harness goes away (the watchdog) and, if this process is killed
 * outright, by the worker itself ({@link SupervisorWatch}).
 */
public final class StormSupervisor {
  static final String SUPERVISOR_PID = "streambench.supervisor.pid";

  private StormSupervisor() {}

  public static void main(String[] args) {
    ClusterDaemon.run(
        args,
        new StormEngine(),
        (spec, process) -> {
          Path dir = StormCluster.dir(spec, process);
          Path home = stormHome(dir.resolve("home"));
          System.setProperty("storm.home", home.toString());
          Map<String, Object> config =
              StormCluster.config(spec, process, StormCluster.published(spec, "nimbus", "port"));
          config.put("supervisor.slots.ports", List.of(PublishedPorts.freePort()));
          config.put(Config.SUPERVISOR_THRIFT_PORT, PublishedPorts.freePort());
          config.put(Config.WORKER_CHILDOPTS, workerChildOpts(spec, config));
          // the worker is killed this long after it was asked to stop (Storm's default: 3 s)
          config.putIfAbsent("supervisor.worker.shutdown.sleep.secs", 1);
          StormCluster.useConfig(dir, config);
          Runtime.getRuntime()
              .addShutdownHook(new Thread(StormSupervisor::killWorkers, "storm-workers-stop"));
          AtomicReference<Supervisor> supervisor = new AtomicReference<>();
          return new ClusterDaemon.Daemon(
              () -> {
                Supervisor s =
                    new Supervisor(
                        Utils.readStormConfig(),
                        null,
                        new StandaloneSupervisor(),
                        new StormMetricsRegistry());
                s.launchDaemon();
                supervisor.set(s);
              },
              () ->
                  supervisor.get() != null
                      && listed(StormCluster.clusterInfo(config), supervisor.get().getId()),
              true);
        });
  }

  /**
   * The worker's JVM options: the setting's (its heap), this supervisor's GC log option (the worker
   * logs its GC beside it), the run's tag ({@code streambench.run}, which the harness's own
   * processes carry too) and this supervisor's pid for {@link SupervisorWatch}.
   */
  private static String workerChildOpts(JobSpec spec, Map<String, Object> config) {
    Object configured = config.get(Config.WORKER_CHILDOPTS);
    String base =
        configured instanceof List<?> l
            ? String.join(" ", l.stream().map(String::valueOf).toList())
            : configured == null ? "" : configured.toString();
    return (base
            + " "
            + String.join(" ", GcLogOption.ofThisJvm())
            + " -Dstreambench.run="
            + spec.runId()
            + " -D"
            + SUPERVISOR_PID
            + "="
            + ProcessHandle.current().pid())
        .trim();
  }

  /**
   * Lays out the {@code storm.home} that Storm's {@code BasicContainer} builds a worker's command
   * line from: {@code lib-worker/*} (here the engine's shaded jar, which holds Storm's client
   * classes, the topologies and their dependencies), {@code extlib/*} and {@code conf} (empty) on
   * the classpath, and {@code log4j2/worker.xml} as the worker's logging config.
   */
  static Path stormHome(Path home) throws Exception {
    Path jar =
        Path.of(StormEngine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Files.createDirectories(home.resolve("lib-worker"));
    Files.createDirectories(home.resolve("extlib"));
    Files.createDirectories(home.resolve("conf"));
    Files.createDirectories(home.resolve("log4j2"));
    try {
      Files.createSymbolicLink(home.resolve("lib-worker").resolve(jar.getFileName()), jar);
    } catch (FileAlreadyExistsException e) {
      // laid out already
    }
    Files.writeString(home.resolve("log4j2").resolve("worker.xml"), WORKER_LOG4J2, UTF8);
    return home;
  }

  private static final java.nio.charset.Charset UTF8 = StandardCharsets.UTF_8;

  /**
   * The worker's (and its LogWriter's) logging: warnings and errors, and the engine's own info, to
   * {@code worker.log} in the worker's artifacts directory under this supervisor's logs; more with
   * {@code -Dstreambench.worker.log.level=info} in the setting {@code storm.worker.childopts}.
   */
  private static final String WORKER_LOG4J2 =
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <Configuration status="warn">
        <Appenders>
          <File name="file"
              fileName="${sys:workers.artifacts}/${sys:storm.id}/${sys:worker.port}/${sys:logfile.name}">
            <PatternLayout pattern="%d{HH:mm:ss.SSS} %-5p [%t] %c{1} - %m%n"/>
          </File>
        </Appenders>
        <Loggers>
          <Logger name="org.streambench" level="info"/>
          <Logger name="org.apache.storm.shade.org.apache.zookeeper" level="error"/>
          <Root level="${sys:streambench.worker.log.level:-warn}">
            <AppenderRef ref="file"/>
          </Root>
        </Loggers>
      </Configuration>
      """;

  private static boolean listed(ClusterSummary cluster, String id) {
    if (cluster == null || id == null) {
      return false;
    }
    for (SupervisorSummary s : cluster.get_supervisors()) {
      if (id.equals(s.get_supervisor_id())) {
        return true;
      }
    }
    return false;
  }

  /** Kills the worker JVMs (and their LogWriters) this supervisor launched. */
  private static void killWorkers() {
    List<ProcessHandle> workers = ProcessHandle.current().descendants().toList();
    workers.forEach(ProcessHandle::destroyForcibly);
    for (ProcessHandle w : workers) {
      try {
        w.onExit().get(5, TimeUnit.SECONDS);
      } catch (Exception e) {
        // gone or going; nothing more to do
      }
    }
  }
}
