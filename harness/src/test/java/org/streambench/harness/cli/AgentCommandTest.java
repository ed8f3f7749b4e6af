package org.streambench.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.agent.AgentServer;
import picocli.CommandLine;

/** {@code streambench agent}'s refusals: one line naming the problem, exit code 2, no listening. */
class AgentCommandTest {
  @TempDir Path dir;

  private static String refusal(String... args) {
    StringWriter err = new StringWriter();
    CommandLine cl = StreambenchCli.commandLine();
    cl.setErr(new PrintWriter(err, true));
    assertEquals(2, cl.execute(args), err.toString());
    assertEquals(1, err.toString().strip().lines().count(), err.toString());
    return err.toString();
  }

  @Test
  void checkAsksEachAgentAsARunWouldAndFailsOnOneThatDoesNotAnswer() throws Exception {
    try (AgentServer agent =
        AgentServer.start(
            new InetSocketAddress("127.0.0.1", 0),
            null,
            0,
            AgentServer.DEFAULT_LEASE,
            new PrintStream(OutputStream.nullOutputStream()))) {
      String address = "127.0.0.1:" + agent.address().getPort();
      StringWriter out = new StringWriter();
      CommandLine cl = StreambenchCli.commandLine();
      cl.setOut(new PrintWriter(out, true));
      assertEquals(0, cl.execute("agent", "--check", address));
      assertTrue(out.toString().startsWith(address + ": "), out.toString());
      assertTrue(out.toString().contains(" ms, no load yet"), out.toString());

      StringWriter dead = new StringWriter();
      CommandLine again = StreambenchCli.commandLine();
      again.setOut(new PrintWriter(dead, true));
      assertEquals(1, again.execute("agent", "--check", address + ",127.0.0.1:1"));
      assertTrue(dead.toString().contains("agent 127.0.0.1:1 does not answer"), dead.toString());
    }
  }

  @Test
  void anAddressBeyondLoopbackNeedsAToken() {
    assertTrue(refusal("agent", "--listen", "0.0.0.0:0").contains("needs --token-file"));
  }

  @Test
  void badAddressesLeasesAndTokensAreRefused() throws Exception {
    assertTrue(refusal("agent", "--listen", "localhost").contains("is not HOST:PORT"));
    assertTrue(refusal("agent", "--listen", "127.0.0.1:70000").contains("not in 0..65535"));
    assertTrue(refusal("agent", "--lease", "0s").contains("--lease must be positive"));
    Path token = dir.resolve("token");
    Files.writeString(token, "short\n");
    assertTrue(
        refusal("agent", "--token-file", token.toString()).contains("at least 16 characters"));
  }
}
