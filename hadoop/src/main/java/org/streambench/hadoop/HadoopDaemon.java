package org.streambench.hadoop;

import java.util.Arrays;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.yarn.server.nodemanager.NodeManager;
import org.apache.hadoop.yarn.server.resourcemanager.ResourceManager;
import org.streambench.api.ParentWatchdog;

/**
 * Runs one Hadoop daemon through the main class its scripts run ({@code hdfs namenode} is {@code
 * NameNode.main}), its configuration from the directory first on the classpath as {@code
 * HADOOP_CONF_DIR} is; arguments after the daemon's name are the daemon's ({@code namenode -format
 * -force -nonInteractive} formats the name directory and exits). Exits when standard input closes,
 * and stops what it started (a NodeManager's containers) with it, so nothing outlives the harness.
 */
public final class HadoopDaemon {
  private HadoopDaemon() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      System.err.println(
          "usage: HadoopDaemon namenode|datanode|resourcemanager|nodemanager [ARGS]");
      System.exit(2);
    }
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    ParentWatchdog.start(args[0]);
    switch (args[0]) {
      case "namenode" -> NameNode.main(rest);
      case "datanode" -> DataNode.main(rest);
      case "resourcemanager" -> ResourceManager.main(rest);
      case "nodemanager" -> NodeManager.main(rest);
      default -> {
        System.err.println("streambench: no Hadoop daemon named " + args[0]);
        System.exit(2);
      }
    }
  }
}
