package org.streambench.engine.storm;

import java.util.Map;
import java.util.Optional;
import org.apache.storm.hooks.BaseWorkerHook;
import org.apache.storm.task.WorkerUserContext;

/**
 * A worker hook of the cluster deployment's topologies: the worker JVM halts once the supervisor
 * that launched it ({@code -Dstreambench.supervisor.pid}, see {@link StormSupervisor}) is gone. A
 * Storm worker normally outlives its supervisor; here nothing may outlive the run, and a supervisor
 * killed outright (SIGKILL) cannot kill its workers itself.
 */
final class SupervisorWatch extends BaseWorkerHook {
  private static final long serialVersionUID = 1L;

  @Override
  public void start(Map<String, Object> topoConf, WorkerUserContext context) {
    String pid = System.getProperty(StormSupervisor.SUPERVISOR_PID);
    if (pid == null) {
      return;
    }
    Optional<ProcessHandle> supervisor = ProcessHandle.of(Long.parseLong(pid));
    if (supervisor.isEmpty()) {
      Runtime.getRuntime().halt(1);
    }
    Thread watch =
        new Thread(
            () -> {
              supervisor.get().onExit().join();
              System.err.println("streambench: supervisor " + pid + " is gone, worker halts");
              Runtime.getRuntime().halt(1);
            },
            "streambench-supervisor-watch");
    watch.setDaemon(true);
    watch.start();
  }
}
