package org.streambench.harness.cli;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.streambench.api.ParentWatchdog;
import org.streambench.harness.Durations;
import org.streambench.harness.UsageException;
import org.streambench.harness.agent.AgentServer;
import org.streambench.harness.agent.AgentToken;
import org.streambench.harness.net.HostPort;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code streambench agent}: generates load for a harness on another machine (docs/agents.md). */
@Command(
    name = "agent",
    mixinStandardHelpOptions = true,
    description = {
      "Serves a harness on another machine: generates its share of a run's load into Kafka,"
          + " answers its clock and reports its machine's CPU and memory, one run at a time."
          + " Stops a load when the harness has been silent for the lease. docs/agents.md.",
      "Example: streambench agent --listen 10.0.0.5:"
          + AgentServer.DEFAULT_PORT
          + " --token-file /etc/streambench/token"
    })
final class AgentCommand implements Callable<Integer> {
  @Option(
      names = "--listen",
      paramLabel = "HOST:PORT",
      description =
          "The one address to listen on (port 0: any free port). Without --token-file only a"
              + " loopback address is allowed. Default: 127.0.0.1:"
              + AgentServer.DEFAULT_PORT
              + ".")
  String listen = "127.0.0.1:" + AgentServer.DEFAULT_PORT;

  @Option(
      names = "--token-file",
      paramLabel = "FILE",
      description =
          "A file whose first line is the token every request must carry (at least 16"
              + " characters; give the harness the same file with --agent-token-file).")
  Path tokenFile;

  @Option(
      names = "--lease",
      paramLabel = "DURATION",
      description = "How long a load goes on after the harness was last heard from. Default: 10s.")
  Duration lease = AgentServer.DEFAULT_LEASE;

  @Option(
      names = "--port-file",
      paramLabel = "FILE",
      description = "Write the port listened on to this file once listening (for port 0).")
  Path portFile;

  @Option(
      names = "--exit-with-stdin",
      description =
          "Exit when standard input closes: for an agent started by another process, which"
              + " then takes the agent with it when it dies.")
  boolean exitWithStdin;

  @Option(
      names = "--check",
      paramLabel = "HOST:PORT[,HOST:PORT...]",
      split = ",",
      description =
          "Do not listen: ask these agents, as a run would (with --token-file's token), for"
              + " their machine, their clock against this one's and their load, one line each."
              + " Exit code 1 if one does not answer.")
  List<String> check = new ArrayList<>();

  @Spec CommandSpec spec;

  /** Test only: the agent's clock reads this far ahead, to check that the harness finds it. */
  @Option(names = "--test-clock-offset-ms", hidden = true)
  long testClockOffsetMillis;

  @Override
  public Integer call() throws Exception {
    if (!check.isEmpty()) {
      return AgentCheck.run(check, tokenFile, spec.commandLine().getOut());
    }
    if (lease.isZero() || lease.isNegative()) {
      throw new UsageException("--lease must be positive, was " + lease);
    }
    AgentToken token = tokenFile == null ? null : AgentToken.read(tokenFile, "--token-file");
    AgentServer server;
    try {
      server =
          AgentServer.start(
              address(listen), token, testClockOffsetMillis * 1_000, lease, System.out);
    } catch (java.net.BindException e) {
      throw new UsageException("--listen: cannot listen on " + listen + ": " + e.getMessage());
    }
    if (exitWithStdin) {
      ParentWatchdog.start("streambench agent");
    }
    InetSocketAddress bound = server.address();
    if (portFile != null) {
      writePort(bound.getPort());
    }
    System.out.println(
        "streambench agent listening on "
            + bound.getAddress().getHostAddress()
            + ":"
            + bound.getPort()
            + (token == null ? " (no token: loopback only)" : " (token required)")
            + ", lease "
            + Durations.format(lease));
    System.out.flush();
    try {
      new CountDownLatch(1).await(); // until Ctrl-C or SIGTERM interrupts this thread (RunGuard)
    } catch (InterruptedException e) {
      System.out.println("streambench agent: stopping");
    } finally {
      server.close();
    }
    return 0;
  }

  private void writePort(int port) throws IOException {
    Path tmp = portFile.resolveSibling(portFile.getFileName() + ".tmp");
    Files.writeString(tmp, Integer.toString(port));
    Files.move(tmp, portFile, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
  }

  /** {@code HOST:PORT}, {@code [v6]:PORT} too. */
  static InetSocketAddress address(String hostPort) {
    return HostPort.parse("--listen", hostPort).socketAddress();
  }
}
