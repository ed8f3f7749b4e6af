package org.streambench.harness.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streambench.api.EpochMicros;
import org.streambench.harness.UsageException;

/** A real agent on a loopback port of this JVM, asked through the harness's client. */
@Timeout(60)
class AgentServerTest {
  private static final AgentToken TOKEN = AgentToken.of("a-token-for-this-test", "test");
  private final ByteArrayOutputStream logged = new ByteArrayOutputStream();
  private AgentServer agent;

  private AgentServer start(AgentToken token, long injectedMicros, Duration lease)
      throws IOException {
    agent =
        AgentServer.start(
            new InetSocketAddress("127.0.0.1", 0),
            token,
            injectedMicros,
            lease,
            new PrintStream(logged, true, StandardCharsets.UTF_8));
    return agent;
  }

  private AgentClient client(AgentToken token) {
    return AgentClient.of("127.0.0.1:" + agent.address().getPort(), token);
  }

  private String log() {
    return logged.toString(StandardCharsets.UTF_8);
  }

  @AfterEach
  void stop() {
    if (agent != null) {
      agent.close();
    }
  }

  @Test
  void withoutATokenAnAgentRefusesAnAddressThatIsNotLoopback() {
    UsageException e =
        assertThrows(
            UsageException.class,
            () ->
                AgentServer.start(
                    new InetSocketAddress("0.0.0.0", 0),
                    null,
                    0,
                    AgentServer.DEFAULT_LEASE,
                    System.out));
    assertTrue(e.getMessage().contains("needs --token-file"), e.getMessage());
  }

  @Test
  void aRequestWithoutTheTokenIsRefusedAndLogged() throws Exception {
    start(TOKEN, 0, AgentServer.DEFAULT_LEASE);
    IOException wrong =
        assertThrows(
            IOException.class,
            () -> client(AgentToken.of("not-the-token-of-this-test", "test")).status());
    assertTrue(wrong.getMessage().contains("(401)"), wrong.getMessage());
    assertThrows(IOException.class, () -> client(null).clockOffset(1));
    assertTrue(log().contains("refused GET /v1/status from 127.0.0.1: wrong token"), log());
    assertTrue(log().contains("refused GET /v1/clock from 127.0.0.1: no token"), log());
    AgentStatus status = client(TOKEN).status();
    assertTrue(status.cpus() >= 1);
    assertEquals(null, status.load());
  }

  @Test
  void theClientFindsAnAgentsClockOffsetWithinItsBound() throws Exception {
    long injected = 50_000;
    start(null, injected, AgentServer.DEFAULT_LEASE);
    ClockOffset offset = client(null).clockOffset(20);
    assertTrue(offset.covers(injected), offset.toString());
    assertTrue(offset.boundMicros() < 5_000, offset.toString());
  }

  @Test
  void aLoadTheAgentCannotRunIsRefusedWithItsReason() throws Exception {
    start(null, 0, AgentServer.DEFAULT_LEASE);
    AgentClient client = client(null);
    IOException none = assertThrows(IOException.class, client::load);
    assertTrue(none.getMessage().contains("(404)"), none.getMessage());
    IOException unknown =
        assertThrows(IOException.class, () -> client.startLoad(request("no-such-workload", 1)));
    assertTrue(unknown.getMessage().contains("unknown workload"), unknown.getMessage());
    IOException tallied =
        assertThrows(IOException.class, () -> client.startLoad(request("ysb", 2)));
    assertTrue(tallied.getMessage().contains("one process must generate it"), tallied.getMessage());
  }

  @Test
  void aLoadWhoseHarnessFallsSilentIsStoppedAfterTheLease() throws Exception {
    start(null, 0, Duration.ofMillis(500));
    AgentClient client = client(null);
    // no broker answers there: the generator waits for metadata, as long as a load lasts
    LoadStatus started = client.startLoad(request("identity", 1));
    assertEquals(LoadStatus.State.RUNNING, started.state());
    IOException busy =
        assertThrows(IOException.class, () -> client.startLoad(request("identity", 1)));
    assertTrue(busy.getMessage().contains("(409)"), busy.getMessage());
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (!log().contains("no word from the harness") && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertTrue(log().contains("stopped the load: no word from the harness"), log());
    assertEquals(LoadStatus.State.STOPPED, client.load().state());
  }

  private static LoadRequest request(String workload, int totalLoops) {
    return new LoadRequest(
        "127.0.0.1:1",
        List.of("input"),
        workload,
        Map.of(),
        1,
        "at-least-once",
        1_000,
        1_000,
        60_000,
        EpochMicros.now() + 1_000_000,
        0,
        0,
        1,
        totalLoops);
  }
}
