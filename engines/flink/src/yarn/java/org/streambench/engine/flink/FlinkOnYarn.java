package org.streambench.engine.flink;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.flink.client.deployment.ClusterSpecification;
import org.apache.flink.client.program.ClusterClient;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.yarn.YarnClusterClientFactory;
import org.apache.flink.yarn.YarnClusterDescriptor;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.streambench.api.GcLogOption;
import org.streambench.api.Deployment;
import org.streambench.api.JobSpec;

/**
 * The deployment {@code yarn}: a Flink session cluster on YARN for the run's one job, deployed by
 * this process (the job client) as {@code yarn-session.sh} deploys one. Its JobManager runs in
 * YARN's application master container and asks YARN for the TaskManager containers; the engine jar
 * is its {@code flink-dist} (Flink, the connectors and the workloads' classes, uploaded to HDFS by
 * the client as Flink does), Hadoop's jars come from {@code yarn.application.classpath}. The
 * cluster keeps as many slots as the deployment has ({@code slotmanager.number-of-slots.min}), so
 * its TaskManagers start with it, and every address stays on 127.0.0.1. Killed (the YARN
 * application) when this process ends.
 */
final class FlinkOnYarn {
  private FlinkOnYarn() {}

  /** Deploys the session cluster and returns its REST endpoint's view. */
  static FlinkCluster deploy(JobSpec spec) throws Exception {
    Configuration config = configuration(spec);
    YarnClusterClientFactory factory = new YarnClusterClientFactory();
    YarnClusterDescriptor descriptor = factory.createClusterDescriptor(config);
    ClusterSpecification resources = factory.getClusterSpecification(config);
    ClusterClient<ApplicationId> client =
        descriptor.deploySessionCluster(resources).getClusterClient();
    ApplicationId app = client.getClusterId();
    Files.writeString(spec.runDir().resolve(Deployment.YARN_APPLICATION_FILE), app + "\n");
    System.err.println(
        "streambench: Flink session cluster " + app + " on YARN at " + client.getWebInterfaceURL());
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    descriptor.killCluster(app);
                    System.err.println("streambench: killed YARN application " + app);
                  } catch (Exception e) {
                    System.err.println("streambench: could not kill " + app + ": " + e);
                  } finally {
                    descriptor.close();
                  }
                },
                "kill-yarn-application"));
    return FlinkCluster.at(spec, URI.create(client.getWebInterfaceURL()));
  }

  /**
   * The cluster's configuration: the run's Flink settings, this jar as Flink's distribution, the
   * deployment's TaskManagers and slots, every address on 127.0.0.1, and the run's tag on every
   * container's JVM so that its processes can be told from others.
   */
  static Configuration configuration(JobSpec spec) throws Exception {
    Map<String, String> c = new HashMap<>(FlinkSettings.configuration(spec).toMap());
    String jar =
        Path.of(FlinkOnYarn.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .toString();
    int slots = spec.deployment().slotsPerWorker();
    c.put("execution.target", "yarn-session");
    c.put("yarn.flink-dist-jar", jar);
    c.put("yarn.application.name", "streambench " + spec.workload() + " " + spec.runId());
    c.put("taskmanager.numberOfTaskSlots", Integer.toString(slots));
    c.put("slotmanager.number-of-slots.min", Integer.toString(spec.deployment().workers() * slots));
    c.put("jobmanager.bind-host", "127.0.0.1");
    c.put("rest.bind-address", "127.0.0.1");
    c.put("rest.address", "127.0.0.1");
    c.put("taskmanager.bind-host", "127.0.0.1");
    c.put("taskmanager.host", "127.0.0.1");
    // the containers' JVMs get what this one was given for Java 17 (the opens and exports Flink's
    // own config.yaml sets in env.java.opts.all), its GC log option (each container logs its GC
    // beside the client's) and the run's tag
    String java17 =
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
            .filter(a -> a.startsWith("--add-opens") || a.startsWith("--add-exports"))
            .collect(Collectors.joining(" "));
    String gc = String.join(" ", GcLogOption.ofThisJvm());
    String opts = c.getOrDefault("env.java.opts.all", "");
    c.put(
        "env.java.opts.all",
        String.join(" ", opts, java17, gc, "-Dstreambench.run=" + spec.runId()).trim());
    return Configuration.fromMap(c);
  }
}
