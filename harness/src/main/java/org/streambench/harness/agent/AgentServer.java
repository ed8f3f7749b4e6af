package org.streambench.harness.agent;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.streambench.api.EpochMicros;
import org.streambench.harness.DaemonThreads;
import org.streambench.harness.Durations;
import org.streambench.harness.UsageException;
import org.streambench.harness.process.MachineCpu;

/**
 * {@code streambench agent}: serves a harness on another machine (or in another process) over HTTP,
 * on the one address it is given. Every request must carry the shared token; without one the agent
 * listens on a loopback address only. It runs at most one load at a time and stops it when the
 * harness has not been heard from for the lease (a harness that died or lost the network).
 *
 * <pre>
 * GET    /v1/clock    the agent's clock, epoch µs, as text (ClockOffset's exchanges)
 * GET    /v1/status   AgentStatus: its machine, itself, its load
 * PUT    /v1/load     LoadRequest → LoadStatus; 409 while a load runs, 400 for one it cannot run
 * GET    /v1/load     LoadStatus of the current or last load; 404 before the first
 * DELETE /v1/load     stops the load; its LoadStatus
 * PUT    /v1/collect  CollectRequest → CollectStatus; 409 while a collection runs
 * GET    /v1/collect  CollectStatus of the current or last collection; 404 before the first
 * PUT    /v1/collect/steady  "FROM TO": the steady window, intended send times in epoch µs
 * GET    /v1/collect/observations  its check's observations so far, base64
 * DELETE /v1/collect  stops the collection; its CollectedPart
 * </pre>
 */
public final class AgentServer implements AutoCloseable {
  /** The port an agent listens on unless told otherwise. */
  public static final int DEFAULT_PORT = 7391;

  /** How long a running load outlives the last word from its harness, unless told otherwise. */
  public static final Duration DEFAULT_LEASE = Duration.ofSeconds(10);

  static {
    // The JDK's server writes a response's headers and body apart; without TCP_NODELAY the body
    // waits for the client's delayed ACK, some 40 ms on a real network path, which would make
    // every clock exchange's round trip, and so its bound, that long. Read once, before the first
    // server starts.
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  static final ObjectMapper JSON =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private final HttpServer http;
  private final ExecutorService handlers;
  private final ScheduledExecutorService watchdog;
  private final AgentToken token;
  private final long injectedMicros;
  private final Duration lease;
  private final PrintStream log;
  private volatile long lastHeardNanos = System.nanoTime();
  private MachineCpu.Reading lastCpu = MachineCpu.read();
  private AgentLoad load;
  private AgentCollect collect;
  private final AtomicBoolean closed = new AtomicBoolean();

  private AgentServer(
      HttpServer http, AgentToken token, long injectedMicros, Duration lease, PrintStream log) {
    this.http = http;
    this.token = token;
    this.injectedMicros = injectedMicros;
    this.lease = lease;
    this.log = log;
    this.handlers = Executors.newFixedThreadPool(2, DaemonThreads.named("agent-http"));
    this.watchdog = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("agent-lease"));
  }

  /**
   * Listens on {@code address}.
   *
   * @param token the shared token, or null: then only a loopback address is allowed
   * @param injectedMicros test only: the agent's clock reads this far ahead of the machine's
   * @throws UsageException without a token on an address that is not loopback
   */
  public static AgentServer start(
      InetSocketAddress address,
      AgentToken token,
      long injectedMicros,
      Duration lease,
      PrintStream log)
      throws IOException {
    if (address.isUnresolved()) {
      throw new UsageException("--listen: cannot resolve " + address.getHostString());
    }
    if (token == null && !address.getAddress().isLoopbackAddress()) {
      throw new UsageException(
          "an agent on "
              + address.getAddress().getHostAddress()
              + " needs --token-file: without a token it listens on a loopback address only");
    }
    AgentServer agent =
        new AgentServer(HttpServer.create(address, 16), token, injectedMicros, lease, log);
    agent.http.createContext("/v1/clock", agent.guarded(agent::clock));
    agent.http.createContext("/v1/status", agent.guarded(agent::status));
    agent.http.createContext("/v1/load", agent.guarded(agent::load));
    agent.http.createContext("/v1/collect", agent.guarded(agent::collect));
    agent.http.createContext("/v1/collect/observations", agent.guarded(agent::observations));
    agent.http.createContext("/v1/collect/steady", agent.guarded(agent::steady));
    agent.http.setExecutor(agent.handlers);
    agent.http.start();
    long period = Math.max(100, lease.toMillis() / 10);
    agent.watchdog.scheduleAtFixedRate(
        agent::stopOrphanedLoad, period, period, TimeUnit.MILLISECONDS);
    return agent;
  }

  /** The address it listens on (its port resolved when it was given as 0). */
  public InetSocketAddress address() {
    return http.getAddress();
  }

  /** Answers only requests that carry the token; each one renews the harness's lease. */
  private HttpHandler guarded(HttpHandler handler) {
    return exchange -> {
      try {
        String auth = exchange.getRequestHeaders().getFirst("Authorization");
        if (token != null && !token.accepts(auth)) {
          log(
              "refused "
                  + exchange.getRequestMethod()
                  + " "
                  + exchange.getRequestURI().getPath()
                  + " from "
                  + exchange.getRemoteAddress().getAddress().getHostAddress()
                  + ": "
                  + (auth == null ? "no token" : "wrong token"));
          respond(exchange, 401, "a valid token is required");
          return;
        }
        lastHeardNanos = System.nanoTime();
        handler.handle(exchange);
      } catch (RuntimeException e) {
        log("failed " + exchange.getRequestURI() + ": " + UsageException.firstLine(e));
        respond(exchange, 500, UsageException.firstLine(e));
      } finally {
        exchange.close();
      }
    };
  }

  private void clock(HttpExchange exchange) throws IOException {
    respond(exchange, 200, Long.toString(EpochMicros.now() + injectedMicros));
  }

  private void status(HttpExchange exchange) throws IOException {
    MachineCpu.Reading now = MachineCpu.read();
    double busy;
    LoadStatus current;
    synchronized (this) {
      busy = AgentStatus.busyCores(lastCpu, now);
      lastCpu = now;
      current = load == null ? null : load.status();
    }
    respondJson(exchange, 200, AgentStatus.now(busy, now, current));
  }

  private void load(HttpExchange exchange) throws IOException {
    switch (exchange.getRequestMethod()) {
      case "PUT" -> startLoad(exchange);
      case "GET" -> {
        AgentLoad current = currentLoad();
        if (current == null) {
          respond(exchange, 404, "no load yet");
        } else {
          respondJson(exchange, 200, current.status());
        }
      }
      case "DELETE" -> {
        AgentLoad current = currentLoad();
        if (current == null) {
          respond(exchange, 404, "no load yet");
        } else {
          current.stop();
          log("stopped the load: the harness asked");
          respondJson(exchange, 200, current.status());
        }
      }
      default -> respond(exchange, 405, "PUT, GET or DELETE");
    }
  }

  private void startLoad(HttpExchange exchange) throws IOException {
    LoadRequest request;
    try {
      request = JSON.readValue(exchange.getRequestBody(), LoadRequest.class);
    } catch (IOException e) {
      respond(exchange, 400, "not a load request: " + UsageException.firstLine(e));
      return;
    }
    synchronized (this) {
      if (load != null && load.running()) {
        respond(exchange, 409, "busy: a load is running");
        return;
      }
      try {
        load = AgentLoad.start(request, injectedMicros);
      } catch (RuntimeException e) {
        respond(exchange, 400, UsageException.firstLine(e));
        return;
      }
    }
    log(
        "load started: "
            + request.workload()
            + ", loops "
            + request.firstLoop()
            + " to "
            + (request.firstLoop() + request.loops() - 1)
            + " of "
            + request.totalLoops()
            + " at "
            + request.rate()
            + " records/s in all");
    respondJson(exchange, 202, currentLoad().status());
  }

  private synchronized AgentLoad currentLoad() {
    return load;
  }

  private void collect(HttpExchange exchange) throws IOException {
    switch (exchange.getRequestMethod()) {
      case "PUT" -> startCollect(exchange);
      case "GET" -> {
        AgentCollect current = currentCollect();
        if (current == null) {
          respond(exchange, 404, "no collection yet");
        } else {
          respondJson(exchange, 200, current.status());
        }
      }
      case "DELETE" -> {
        AgentCollect current = currentCollect();
        if (current == null) {
          respond(exchange, 404, "no collection yet");
        } else {
          var part = current.stop(true);
          if (part == null) {
            respond(exchange, 500, "the collection failed: " + current.status().error());
          } else {
            log("collection handed back: " + part.received() + " records read");
            respondJson(exchange, 200, part);
          }
        }
      }
      default -> respond(exchange, 405, "PUT, GET or DELETE");
    }
  }

  private void observations(HttpExchange exchange) throws IOException {
    AgentCollect current = currentCollect();
    if (current == null) {
      respond(exchange, 404, "no collection yet");
    } else {
      respond(exchange, 200, java.util.Base64.getEncoder().encodeToString(current.observations()));
    }
  }

  private void steady(HttpExchange exchange) throws IOException {
    AgentCollect current = currentCollect();
    if (current == null) {
      respond(exchange, 404, "no collection yet");
      return;
    }
    String[] window =
        new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)
            .trim()
            .split("\\s+");
    try {
      current.setSteadyWindow(Long.parseLong(window[0]), Long.parseLong(window[1]));
    } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
      respond(exchange, 400, "not FROM TO in epoch µs");
      return;
    }
    respond(exchange, 200, "");
  }

  private void startCollect(HttpExchange exchange) throws IOException {
    CollectRequest request;
    try {
      request = JSON.readValue(exchange.getRequestBody(), CollectRequest.class);
    } catch (IOException e) {
      respond(exchange, 400, "not a collect request: " + UsageException.firstLine(e));
      return;
    }
    synchronized (this) {
      if (collect != null && collect.running()) {
        respond(exchange, 409, "busy: a collection runs");
        return;
      }
      try {
        collect = AgentCollect.start(request, injectedMicros);
      } catch (Exception e) {
        respond(exchange, 400, UsageException.firstLine(e));
        return;
      }
    }
    log(
        "collection started: "
            + request.outputTopic()
            + ", share "
            + request.share()
            + " of "
            + request.shares()
            + " of its partitions");
    respondJson(exchange, 202, currentCollect().status());
  }

  private synchronized AgentCollect currentCollect() {
    return collect;
  }

  /**
   * Stops a running load and collection whose harness has been silent for longer than the lease.
   */
  private void stopOrphanedLoad() {
    long silentNanos = System.nanoTime() - lastHeardNanos;
    if (silentNanos <= lease.toNanos()) {
      return;
    }
    String why =
        ": no word from the harness for "
            + Durations.format(Duration.ofMillis(TimeUnit.NANOSECONDS.toMillis(silentNanos)))
            + " (lease "
            + Durations.format(lease)
            + ")";
    AgentLoad current = currentLoad();
    if (current != null && current.running()) {
      current.stop();
      log("stopped the load" + why);
    }
    AgentCollect reading = currentCollect();
    if (reading != null && reading.running()) {
      reading.stop(false);
      log("stopped the collection" + why);
    }
  }

  private void respondJson(HttpExchange exchange, int code, Object body) throws IOException {
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    send(exchange, code, JSON.writeValueAsBytes(body));
  }

  private static void respond(HttpExchange exchange, int code, String text) throws IOException {
    exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
    send(exchange, code, text.getBytes(StandardCharsets.UTF_8));
  }

  private static void send(HttpExchange exchange, int code, byte[] body) throws IOException {
    exchange.sendResponseHeaders(code, body.length == 0 ? -1 : body.length);
    if (body.length > 0) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  private void log(String line) {
    synchronized (log) {
      log.println(Instant.now() + " " + line);
      log.flush();
    }
  }

  /** Stops the load, if one runs, and stops listening. */
  @Override
  public void close() {
    if (closed.getAndSet(true)) {
      return;
    }
    watchdog.shutdownNow();
    AgentLoad current = currentLoad();
    if (current != null && current.running()) {
      current.stop();
      log("stopped the load: the agent is stopping");
    }
    AgentCollect reading = currentCollect();
    if (reading != null && reading.running()) {
      reading.stop(false);
      log("stopped the collection: the agent is stopping");
    }
    http.stop(0);
    handlers.shutdownNow();
  }
}
