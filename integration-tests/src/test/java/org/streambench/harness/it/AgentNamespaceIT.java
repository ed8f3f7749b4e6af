package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streambench.harness.Home;
import org.streambench.harness.agent.AgentClient;
import org.streambench.harness.agent.AgentStatus;
import org.streambench.harness.agent.AgentToken;
import org.streambench.harness.agent.ClockOffset;
import org.streambench.harness.process.ChildProcess;

/**
 * An agent in a network namespace of its own, reached over a veth pair this test creates and
 * removes: a real network path with its own addresses, not loopback in one stack. Its clock is
 * found within the bound, a request without the token is refused, it does not listen beyond the
 * address it was given, and without a token it refuses that address. Skipped where the machine does
 * not allow namespaces (not root, no iproute2). Kafka stays on 127.0.0.1 in this test's namespace,
 * which the agent cannot reach: loads are tested over loopback (AgentIT).
 */
@Timeout(120)
class AgentNamespaceIT {
  private final String ns = "sb-agent-" + ThreadLocalRandom.current().nextInt(1_000_000);
  private final String hostSide = "sbh" + ThreadLocalRandom.current().nextInt(100_000);
  private final String subnet = "10.213." + ThreadLocalRandom.current().nextInt(1, 250);
  private final List<ChildProcess> agents = new ArrayList<>();
  private Path dir;

  @BeforeEach
  void createNamespace() throws Exception {
    assumeTrue(
        run("ip", "netns", "add", ns) == 0,
        "cannot create a network namespace here (needs root and iproute2): skipped");
    String nsSide = hostSide + "n";
    require(run("ip", "link", "add", hostSide, "type", "veth", "peer", "name", nsSide));
    require(run("ip", "link", "set", nsSide, "netns", ns));
    require(run("ip", "addr", "add", subnet + ".1/30", "dev", hostSide));
    require(run("ip", "link", "set", hostSide, "up"));
    require(run("ip", "netns", "exec", ns, "ip", "addr", "add", subnet + ".2/30", "dev", nsSide));
    require(run("ip", "netns", "exec", ns, "ip", "link", "set", nsSide, "up"));
    require(run("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up"));
    dir = Files.createTempDirectory("streambench-agent-ns-");
  }

  @AfterEach
  void removeNamespace() throws Exception {
    agents.forEach(a -> a.stop(5_000));
    run("ip", "link", "del", hostSide); // takes its peer with it
    run("ip", "netns", "del", ns);
    if (dir != null) {
      SharedBroker.deleteTree(dir);
    }
  }

  @Test
  void anAgentAcrossARealNetworkPathAnswersOnlyWithTheTokenOnlyOnItsAddress() throws Exception {
    Path tokenFile = dir.resolve("token");
    Files.writeString(tokenFile, "namespace-test-token-" + ns + "\n");
    String address = subnet + ".2";
    int port = startAgent("--listen", address + ":0", "--token-file", tokenFile.toString());
    AgentToken token = AgentToken.read(tokenFile, "--token-file");
    AgentClient agent = AgentClient.of(address + ":" + port, token);

    ClockOffset offset = agent.clockOffset(20);
    assertTrue(offset.covers(0), "one machine, one clock: " + offset);
    assertTrue(offset.boundMicros() < 5_000, offset.toString());
    AgentStatus status = agent.status();
    assertTrue(status.cpus() >= 1, status.toString());

    IOException refused =
        assertThrows(IOException.class, () -> AgentClient.of(address + ":" + port, null).status());
    assertTrue(refused.getMessage().contains("(401)"), refused.getMessage());
    assertTrue(
        Files.readString(dir.resolve("agent.log")).contains("refused GET /v1/status from"),
        "the refusal is logged");
    // inside its namespace, its loopback has nothing on that port: it listens on one address
    assertNotEquals(
        0,
        run("ip", "netns", "exec", ns, "bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/" + port),
        "the agent must not listen on its namespace's loopback");
  }

  @Test
  void withoutATokenAnAgentRefusesANetworkAddress() throws Exception {
    List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", ns));
    cmd.addAll(agentCommand("--listen", subnet + ".2:0"));
    Process p =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("refused.log").toFile())
            .start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the agent exits");
    assertEquals(2, p.exitValue(), Files.readString(dir.resolve("refused.log")));
    assertTrue(Files.readString(dir.resolve("refused.log")).contains("needs --token-file"));
  }

  private int startAgent(String... args) throws Exception {
    Path portFile = dir.resolve("port");
    List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", ns));
    cmd.addAll(agentCommand(args));
    cmd.addAll(List.of("--port-file", portFile.toString(), "--exit-with-stdin"));
    ChildProcess agent = ChildProcess.start("agent-ns", cmd, dir.resolve("agent.log"));
    agents.add(agent);
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!Files.exists(portFile)) {
      assertTrue(agent.isAlive(), () -> "the agent died: " + agent.logTail(20));
      assertTrue(System.nanoTime() < deadline, "the agent did not listen in 30 s");
      Thread.sleep(100);
    }
    return Integer.parseInt(Files.readString(portFile).trim());
  }

  /** {@code streambench agent ARGS} from this checkout's harness jar. */
  static List<String> agentCommand(String... args) {
    Home checkout = Home.detect();
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Home.javaBinary().toString(),
                "-Dstreambench.home=" + checkout.root(),
                "-jar",
                checkout.root().resolve("harness/target/streambench-harness.jar").toString(),
                "agent"));
    cmd.addAll(List.of(args));
    return cmd;
  }

  private static void require(int exitCode) {
    assertEquals(0, exitCode, "setting up the namespace failed");
  }

  private static int run(String... cmd) throws Exception {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
    return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
  }
}
