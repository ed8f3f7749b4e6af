package org.streambench.engine.flink;

import java.nio.file.Path;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.clusterframework.TaskExecutorProcessUtils;
import org.apache.flink.runtime.jobmanager.JobManagerProcessUtils;
import org.apache.flink.runtime.util.config.memory.ProcessMemoryUtils;
import org.streambench.api.EngineProcess;
import org.streambench.api.JobSpec;

/**
 * Prints the JVM memory options of a JobManager or TaskManager process of the cluster deployment,
 * resolved from its Flink configuration by Flink's own code, as Flink's scripts ask {@code
 * BashJavaUtils} before they start a daemon ({@code -Xmx}, {@code -Xms}, {@code
 * -XX:MaxDirectMemorySize}, {@code -XX:MaxMetaspaceSize}). The harness runs it first and starts the
 * daemon with them (the role's {@code jvm.options-from} in {@code engine.properties}).
 */
public final class FlinkProcessMemory {
  private FlinkProcessMemory() {}

  public static void main(String[] args) throws Exception {
    EngineProcess process = EngineProcess.fromArgs(args);
    JobSpec spec = JobSpec.read(Path.of(args[0])).forInstance(process.instance());
    // the ports do not change memory; the JobManager has not published them yet
    Configuration config = FlinkSettings.configuration(spec);
    String options =
        process.instance() == JobSpec.SOLE
            ? JobManagerProcessUtils.generateJvmParametersStr(
                FlinkLine.jobManagerMemory(config), config)
            : ProcessMemoryUtils.generateJvmParametersStr(
                TaskExecutorProcessUtils.processSpecFromConfig(config));
    System.out.println(EngineProcess.JVM_OPTIONS_LINE + options);
  }
}
