package org.streambench.engine.storm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.storm.hooks.BaseTaskHook;
import org.apache.storm.task.TopologyContext;

/**
 * A task hook of the cluster deployment's topologies ({@code topology.auto.task.hooks}): every task
 * of the topology's own components writes a file named by its task id into the directory the
 * topology config names ({@value #DIR}) when Storm prepares it in its worker JVM, so the job
 * process, which runs no task, sees every task up. (Nimbus's own view of the executors follows
 * their heartbeats, which reach it only about a minute after the tasks start.)
 */
public final class TaskReadiness extends BaseTaskHook {
  /** Topology config: the directory of the tasks' files. */
  static final String DIR = "streambench.tasks.ready.dir";

  @Override
  public void prepare(Map<String, Object> conf, TopologyContext context) {
    Object dir = conf.get(DIR);
    if (dir == null || context.getThisComponentId().startsWith("__")) {
      return;
    }
    try {
      Path d = Path.of(dir.toString());
      Files.createDirectories(d);
      Files.writeString(
          d.resolve(Integer.toString(context.getThisTaskId())), context.getThisComponentId());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
