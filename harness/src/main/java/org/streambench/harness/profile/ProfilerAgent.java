package org.streambench.harness.profile;

import com.sun.tools.attach.VirtualMachine;
import java.nio.file.Path;
import one.profiler.AsyncProfiler;

/**
 * Sends async-profiler commands to a JVM: to another process through the JDK's attach API (as
 * async-profiler's own launcher does), to this one through its Java API.
 */
final class ProfilerAgent {
  private final Path library;

  ProfilerAgent(Path library) {
    this.library = library;
  }

  /**
   * Starts CPU and allocation sampling into a JFR recording, with the CPU event given ({@code cpu}
   * for perf events, {@code itimer} where those are not allowed).
   */
  void start(long pid, String event, Path recording) throws Exception {
    // one CPU sample per 10 ms of CPU time; one allocation sample per MB allocated
    send(pid, "start,event=" + event + ",interval=10ms,alloc=1m,threads,jfr,file=" + recording);
  }

  /** Stops sampling; the recording given at the start is complete after this returns. */
  void stop(long pid) throws Exception {
    send(pid, "stop");
  }

  private void send(long pid, String command) throws Exception {
    if (pid == ProcessHandle.current().pid()) {
      AsyncProfiler.getInstance(library.toString()).execute(command);
      return;
    }
    VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
    try {
      vm.loadAgentPath(library.toString(), command);
    } finally {
      vm.detach();
    }
  }
}
