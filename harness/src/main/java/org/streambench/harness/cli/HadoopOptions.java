package org.streambench.harness.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;
import org.streambench.harness.hadoop.Hadoop;
import org.streambench.harness.process.CpuPlacement;
import picocli.CommandLine.Option;

/**
 * Which Hadoop runs that need one use (checkpoints on HDFS): one streambench starts on 127.0.0.1,
 * or the user's, {@code --hadoop-conf}.
 */
final class HadoopOptions {
  /** What the NodeManager the harness starts offers to containers. */
  private static final int NODE_MEMORY_MB = 8192;

  private static final int NODE_VCORES = 8;

  @Option(
      names = "--hadoop-conf",
      paramLabel = "DIR",
      description =
          "Use the Hadoop this configuration directory (HADOOP_CONF_DIR: core-site.xml, ...)"
              + " describes for --checkpoint-storage hdfs, instead of starting one on 127.0.0.1.")
  Path confDir;

  /** Refuses a configuration directory that is not one, before anything starts. */
  void requireReadable() {
    if (confDir != null && !Files.isRegularFile(confDir.resolve("core-site.xml"))) {
      throw new UsageException("--hadoop-conf " + confDir + " holds no core-site.xml");
    }
  }

  /**
   * Starts (its daemons on the CPUs the placement gives them, its files in the data directory's
   * {@code hadoop-<harness pid>}) or describes the user's Hadoop; the caller closes it.
   *
   * @param forContainers whether some run deploys its engine on YARN
   */
  Hadoop open(Home home, Consumer<String> progress, CpuPlacement cpus, boolean forContainers)
      throws IOException, InterruptedException {
    if (confDir != null) {
      Hadoop hadoop = Hadoop.external(home, confDir.toAbsolutePath());
      progress.accept("Hadoop: " + hadoop.description());
      return hadoop;
    }
    Path dir = home.dataDir().resolve("hadoop-" + ProcessHandle.current().pid());
    progress.accept("starting Hadoop (HDFS and YARN daemons) in " + dir);
    return Hadoop.start(home, dir, cpus, forContainers, NODE_MEMORY_MB, NODE_VCORES, progress);
  }
}
