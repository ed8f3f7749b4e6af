package org.streambench.harness.hadoop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.streambench.api.PublishedPorts;

/**
 * The configuration directory of the Hadoop the harness starts ({@code HADOOP_CONF_DIR}): every
 * daemon's address on 127.0.0.1 at a port chosen free, its data under {@code dataDir}, one DataNode
 * with replication 1, no permissions, containers' logs in {@code containerLogs} and Hadoop's jars
 * ({@code libDir}) on their classpath, a NodeManager with {@code nodeMemoryMb} and {@code
 * nodeVcores} for containers and no virtual or physical memory checks (a JVM's virtual size is no
 * measure of what it uses, and the engine's own settings size its containers).
 */
final class HadoopConfig {
  /** The ports the daemons listen on. */
  record Ports(
      int nameNodeRpc,
      int nameNodeHttp,
      int dataNode,
      int dataNodeHttp,
      int dataNodeIpc,
      int resourceManager,
      int scheduler,
      int resourceTracker,
      int admin,
      int resourceManagerHttp,
      int nodeManager,
      int localizer,
      int nodeManagerHttp) {
    /** A free port of 127.0.0.1 for each. */
    static Ports free() throws IOException {
      int[] p = new int[13];
      for (int i = 0; i < p.length; i++) {
        p[i] = PublishedPorts.freePort();
      }
      return new Ports(
          p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11], p[12]);
    }
  }

  /**
   * The directories a NameNode and DataNode serve as their web applications (see {@link #write}).
   */
  private static final String[] WEB_APPS = {
    "hdfs",
    "datanode",
    "secondary",
    "static",
    "cluster",
    "node",
    "proxy",
    "yarn",
    "ui2",
    "jobhistory"
  };

  private HadoopConfig() {}

  /**
   * Writes {@code core-site.xml}, {@code hdfs-site.xml}, {@code yarn-site.xml}, {@code
   * capacity-scheduler.xml} and {@code log4j.properties} into {@code confDir}. Hadoop's daemons
   * look up their web applications as {@code webapps/<name>} on the classpath, which its
   * distribution has in {@code share/hadoop/*}, not in its Maven jars: empty ones in {@code
   * confDir} serve (the web UIs stay empty; their REST and JMX endpoints answer).
   */
  static void write(
      Path confDir,
      Path dataDir,
      Path containerLogs,
      Path libDir,
      Ports ports,
      int nodeMemoryMb,
      int nodeVcores)
      throws IOException {
    Files.createDirectories(confDir);
    for (String app : WEB_APPS) {
      Files.createDirectories(confDir.resolve("webapps").resolve(app));
    }
    Map<String, String> core = new LinkedHashMap<>();
    core.put("fs.defaultFS", "hdfs://127.0.0.1:" + ports.nameNodeRpc());
    core.put("hadoop.tmp.dir", dataDir.resolve("tmp").toString());
    xml(confDir.resolve("core-site.xml"), core);

    Map<String, String> hdfs = new LinkedHashMap<>();
    hdfs.put("dfs.replication", "1");
    hdfs.put("dfs.permissions.enabled", "false");
    hdfs.put("dfs.namenode.name.dir", dataDir.resolve("namenode").toString());
    hdfs.put("dfs.datanode.data.dir", dataDir.resolve("datanode").toString());
    hdfs.put("dfs.namenode.rpc-address", "127.0.0.1:" + ports.nameNodeRpc());
    hdfs.put("dfs.namenode.http-address", "127.0.0.1:" + ports.nameNodeHttp());
    hdfs.put("dfs.namenode.secondary.http-address", "127.0.0.1:0");
    hdfs.put("dfs.datanode.address", "127.0.0.1:" + ports.dataNode());
    hdfs.put("dfs.datanode.http.address", "127.0.0.1:" + ports.dataNodeHttp());
    hdfs.put("dfs.datanode.ipc.address", "127.0.0.1:" + ports.dataNodeIpc());
    hdfs.put("dfs.datanode.hostname", "127.0.0.1");
    hdfs.put("dfs.namenode.safemode.extension", "0");
    // one DataNode: a pipeline cannot replace a failed node with another, so do not try
    hdfs.put("dfs.client.block.write.replace-datanode-on-failure.enable", "false");
    xml(confDir.resolve("hdfs-site.xml"), hdfs);

    Map<String, String> yarn = new LinkedHashMap<>();
    yarn.put("yarn.resourcemanager.hostname", "127.0.0.1");
    yarn.put("yarn.resourcemanager.address", "127.0.0.1:" + ports.resourceManager());
    yarn.put("yarn.resourcemanager.scheduler.address", "127.0.0.1:" + ports.scheduler());
    yarn.put(
        "yarn.resourcemanager.resource-tracker.address", "127.0.0.1:" + ports.resourceTracker());
    yarn.put("yarn.resourcemanager.admin.address", "127.0.0.1:" + ports.admin());
    yarn.put("yarn.resourcemanager.webapp.address", "127.0.0.1:" + ports.resourceManagerHttp());
    yarn.put("yarn.nodemanager.hostname", "127.0.0.1");
    yarn.put("yarn.nodemanager.address", "127.0.0.1:" + ports.nodeManager());
    yarn.put("yarn.nodemanager.localizer.address", "127.0.0.1:" + ports.localizer());
    yarn.put("yarn.nodemanager.webapp.address", "127.0.0.1:" + ports.nodeManagerHttp());
    yarn.put("yarn.nodemanager.local-dirs", dataDir.resolve("nodemanager-local").toString());
    // the containers' logs outlive the session's data, as the daemons' own logs do
    yarn.put("yarn.nodemanager.log-dirs", containerLogs.toString());
    // a container's classpath: this configuration, then Hadoop's jars (as share/hadoop's)
    yarn.put("yarn.application.classpath", confDir + "," + libDir + "/*");
    yarn.put("yarn.nodemanager.resource.memory-mb", Integer.toString(nodeMemoryMb));
    yarn.put("yarn.nodemanager.resource.cpu-vcores", Integer.toString(nodeVcores));
    yarn.put("yarn.nodemanager.vmem-check-enabled", "false");
    yarn.put("yarn.nodemanager.pmem-check-enabled", "false");
    // the run directory's disk may be fuller than YARN's default 90 % allows a local directory
    yarn.put("yarn.nodemanager.disk-health-checker.max-disk-utilization-per-disk-percentage", "99");
    yarn.put("yarn.scheduler.minimum-allocation-mb", "128");
    yarn.put("yarn.scheduler.maximum-allocation-mb", Integer.toString(nodeMemoryMb));
    yarn.put("yarn.scheduler.maximum-allocation-vcores", Integer.toString(nodeVcores));
    yarn.put("yarn.resourcemanager.nodemanagers.heartbeat-interval-ms", "250");
    yarn.put("yarn.nodemanager.delete.debug-delay-sec", "0");
    xml(confDir.resolve("yarn-site.xml"), yarn);

    // one queue that may give all of the node to application masters: a run's job is the only one
    Map<String, String> scheduler = new LinkedHashMap<>();
    scheduler.put("yarn.scheduler.capacity.root.queues", "default");
    scheduler.put("yarn.scheduler.capacity.root.default.capacity", "100");
    scheduler.put("yarn.scheduler.capacity.root.default.maximum-capacity", "100");
    scheduler.put("yarn.scheduler.capacity.maximum-am-resource-percent", "1.0");
    xml(confDir.resolve("capacity-scheduler.xml"), scheduler);

    Files.writeString(
        confDir.resolve("log4j.properties"),
        """
        # every Hadoop process logs to standard output, which the harness keeps as its log
        log4j.rootLogger=INFO,console
        log4j.appender.console=org.apache.log4j.ConsoleAppender
        log4j.appender.console.target=System.out
        log4j.appender.console.layout=org.apache.log4j.PatternLayout
        log4j.appender.console.layout.ConversionPattern=%d{ISO8601} %p %c{2}: %m%n
        """);
  }

  private static void xml(Path file, Map<String, String> properties) throws IOException {
    StringBuilder out = new StringBuilder("<?xml version=\"1.0\"?>\n");
    out.append("<!-- written by streambench for the Hadoop it starts -->\n<configuration>\n");
    properties.forEach(
        (k, v) ->
            out.append("  <property><name>")
                .append(k)
                .append("</name><value>")
                .append(v)
                .append("</value></property>\n"));
    Files.writeString(file, out.append("</configuration>\n"));
  }
}
