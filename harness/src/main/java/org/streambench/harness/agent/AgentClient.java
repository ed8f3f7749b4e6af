package org.streambench.harness.agent;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.streambench.api.EpochMicros;
import org.streambench.harness.UsageException;
import org.streambench.harness.collector.CollectedPart;
import org.streambench.harness.net.HostPort;

/**
 * The harness's side of one agent's control channel ({@link AgentServer}): its clock, its status
 * and its load. A request that fails or is refused throws, naming the agent.
 */
public final class AgentClient {
  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  /** A collection's stop waits for its collector (up to 10 s) before it answers. */
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(15);

  /** Exchanges before those that count: the first ones open the connection and compile code. */
  private static final int WARM_EXCHANGES = 5;

  private final String name;
  private final URI base;
  private final AgentToken token;
  private final HttpClient http;

  private AgentClient(String name, URI base, AgentToken token) {
    this.name = name;
    this.base = base;
    this.token = token;
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT)
            .build();
  }

  /**
   * The agent at {@code hostPort} ({@code HOST:PORT}).
   *
   * @param token the shared token, or null for an agent that runs without one
   */
  public static AgentClient of(String hostPort, AgentToken token) {
    return new AgentClient(hostPort, base(hostPort), token);
  }

  /** The base URI of the agent at {@code HOST:PORT}; a usage error for anything else. */
  static URI base(String hostPort) {
    HostPort address = HostPort.parse("--agents", hostPort);
    try {
      return new URI("http", null, address.host(), address.port(), "/v1/", null, null);
    } catch (java.net.URISyntaxException e) {
      throw new UsageException("--agents: '" + hostPort + "' is not HOST:PORT");
    }
  }

  /** HOST:PORT as given. */
  public String name() {
    return name;
  }

  /**
   * Its clock against this JVM's, from {@code exchanges} requests of its clock, the one with the
   * shortest round trip kept.
   */
  public ClockOffset clockOffset(int exchanges) throws IOException {
    for (int i = 0; i < WARM_EXCHANGES; i++) {
      call("GET", "clock", null); // connection open, both sides' code compiled
    }
    List<ClockOffset.Exchange> seen = new ArrayList<>();
    for (int i = 0; i < exchanges; i++) {
      long sent = EpochMicros.now();
      String answer = call("GET", "clock", null);
      long received = EpochMicros.now();
      seen.add(new ClockOffset.Exchange(sent, parseMicros(answer), received));
    }
    return ClockOffset.of(seen);
  }

  private long parseMicros(String answer) throws IOException {
    try {
      return Long.parseLong(answer.trim());
    } catch (NumberFormatException e) {
      throw new IOException("agent " + name + " answered its clock with '" + answer + "'");
    }
  }

  public AgentStatus status() throws IOException {
    return AgentServer.JSON.readValue(call("GET", "status", null), AgentStatus.class);
  }

  /** Starts its share of a generation. */
  public LoadStatus startLoad(LoadRequest request) throws IOException {
    String body = AgentServer.JSON.writeValueAsString(request);
    return AgentServer.JSON.readValue(call("PUT", "load", body), LoadStatus.class);
  }

  /** Its current or last load. */
  public LoadStatus load() throws IOException {
    return AgentServer.JSON.readValue(call("GET", "load", null), LoadStatus.class);
  }

  /** Stops its load. */
  public LoadStatus stopLoad() throws IOException {
    return AgentServer.JSON.readValue(call("DELETE", "load", null), LoadStatus.class);
  }

  /** Starts reading its share of a run's output. */
  public CollectStatus startCollect(CollectRequest request) throws IOException {
    String body = AgentServer.JSON.writeValueAsString(request);
    return AgentServer.JSON.readValue(call("PUT", "collect", body), CollectStatus.class);
  }

  /** Its current or last collection. */
  public CollectStatus collectStatus() throws IOException {
    return AgentServer.JSON.readValue(call("GET", "collect", null), CollectStatus.class);
  }

  /**
   * Tells its collection the steady window: intended send times, epoch µs on the harness's clock.
   */
  public void setSteadyWindow(long fromMicros, long toMicros) throws IOException {
    call("PUT", "collect/steady", fromMicros + " " + toMicros);
  }

  /** What its collection's check has observed so far. */
  public byte[] observations() throws IOException {
    try {
      return java.util.Base64.getDecoder().decode(call("GET", "collect/observations", null).trim());
    } catch (IllegalArgumentException e) {
      throw new IOException("agent " + name + " sent observations that do not decode", e);
    }
  }

  /** Stops its collection and takes what it read. */
  public CollectedPart stopCollect() throws IOException {
    return AgentServer.JSON.readValue(
        call("DELETE", "collect", null, STOP_TIMEOUT), CollectedPart.class);
  }

  private String call(String method, String path, String body) throws IOException {
    return call(method, path, body, TIMEOUT);
  }

  private String call(String method, String path, String body, Duration timeout)
      throws IOException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(base.resolve(path))
            .timeout(timeout)
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (token != null) {
      request.header("Authorization", token.header());
    }
    HttpResponse<String> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while asking agent " + name, e);
    } catch (IOException e) {
      throw new IOException("agent " + name + " does not answer: " + e.getMessage(), e);
    }
    if (response.statusCode() / 100 != 2) {
      throw new IOException(
          "agent "
              + name
              + " refused "
              + method
              + " /v1/"
              + path
              + " ("
              + response.statusCode()
              + "): "
              + response.body().lines().findFirst().orElse(""));
    }
    return response.body();
  }
}
