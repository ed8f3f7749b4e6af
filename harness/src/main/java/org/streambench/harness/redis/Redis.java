package org.streambench.harness.redis;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.streambench.api.PublishedPorts;
import org.streambench.harness.UsageException;
import org.streambench.harness.net.HostPort;
import org.streambench.harness.process.ChildProcess;
import org.streambench.harness.process.CpuPlacement;
import redis.clients.jedis.Jedis;

/**
 * The Redis a run uses (ysb): a {@code redis-server} streambench starts on 127.0.0.1 — the one on
 * the PATH, else the Linux binary that the {@code embedded-redis} jar from Maven Central ships — or
 * an external server given as {@code host:port}.
 *
 * <p>The server runs under a {@code sh} that kills it when its standard input closes, so it dies
 * with the harness like every other child.
 */
public final class Redis implements AutoCloseable {
  private static final String BUNDLED = "redis-server-6.2.6-v5-linux-amd64";
  private static final String WATCHDOG = "\"$0\" \"$@\" & pid=$!; cat >/dev/null; kill $pid";

  private final String host;
  private final int port;
  private final ChildProcess process;
  private final String description;

  private Redis(String host, int port, ChildProcess process, String description) {
    this.host = host;
    this.port = port;
    this.process = process;
    this.description = description;
  }

  public static Redis external(String hostPort) {
    HostPort address = HostPort.parse("--redis", hostPort);
    Redis r = new Redis(address.host(), address.port(), null, "external " + hostPort);
    try (Jedis j = r.client()) {
      j.ping();
      return r;
    } catch (RuntimeException e) {
      throw new UsageException("cannot reach Redis at " + hostPort + ": " + e.getMessage());
    }
  }

  /**
   * Starts a server on a free port of 127.0.0.1 with its files and log in {@code dir}; a bundled
   * binary is extracted once into {@code dir}'s parent. Its watchdog shell starts on the CPUs of
   * the placement's {@code redis} role, and the server inherits them.
   */
  public static Redis start(Path dir, CpuPlacement cpus) throws IOException, InterruptedException {
    Files.createDirectories(dir);
    Path binary = binary(dir.toAbsolutePath().getParent());
    int port = PublishedPorts.freePort();
    ChildProcess p =
        ChildProcess.start(
            "redis",
            cpus.command(
                "redis",
                List.of(
                    "/bin/sh",
                    "-c",
                    WATCHDOG,
                    binary.toString(),
                    "--bind",
                    "127.0.0.1",
                    "--port",
                    Integer.toString(port),
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    "--dir",
                    dir.toString())),
            dir.resolve("redis.log"));
    Redis r =
        new Redis(
            "127.0.0.1", port, p, "embedded " + binary.getFileName() + " on 127.0.0.1:" + port);
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (true) {
      try (Jedis j = r.client()) {
        j.ping();
        return r;
      } catch (RuntimeException e) {
        if (!p.isAlive() || System.nanoTime() > deadline) {
          r.close();
          throw new IOException("Redis did not start: " + p.logTail(10), e);
        }
        Thread.sleep(50);
      }
    }
  }

  /** {@code redis-server} from the PATH, else the bundled binary extracted into {@code dir}. */
  private static Path binary(Path dir) throws IOException {
    for (String entry : System.getenv().getOrDefault("PATH", "").split(":")) {
      Path candidate = Path.of(entry.isEmpty() ? "." : entry, "redis-server");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    Path target = dir.resolve(BUNDLED);
    if (Files.isExecutable(target)) {
      return target;
    }
    Path tmp = dir.resolve(BUNDLED + "." + ProcessHandle.current().pid());
    try (InputStream in = Redis.class.getResourceAsStream("/" + BUNDLED)) {
      if (in == null) {
        throw new IOException("no redis-server on the PATH and none bundled");
      }
      Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
    }
    if (!tmp.toFile().setExecutable(true)) {
      throw new IOException("cannot make " + tmp + " executable");
    }
    // atomic, so that concurrent sessions never run a half-written binary
    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return target;
  }

  public String host() {
    return host;
  }

  public int port() {
    return port;
  }

  /** Process id of the server if streambench started it (not of its watchdog shell), else -1. */
  public long pid() {
    if (process == null) {
      return -1;
    }
    return ProcessHandle.of(process.pid()).stream()
        .flatMap(ProcessHandle::children)
        .filter(c -> c.info().command().map(cmd -> cmd.contains("redis-server")).orElse(false))
        .map(ProcessHandle::pid)
        .findFirst()
        .orElse(process.pid());
  }

  /** The log of the redis-server the harness started, or null for an external one. */
  public java.nio.file.Path log() {
    return process == null ? null : process.log();
  }

  public String description() {
    return description;
  }

  /** A new connection; the caller closes it. */
  public Jedis client() {
    return new Jedis(host, port);
  }

  @Override
  public void close() {
    if (process != null) {
      process.stop(5_000);
    }
  }
}
