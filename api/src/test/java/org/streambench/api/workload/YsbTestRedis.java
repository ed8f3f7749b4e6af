package org.streambench.api.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.streambench.api.PublishedPorts;
import redis.clients.jedis.Jedis;

/**
 * A real {@code redis-server} for the engines' ysb job tests, started as the harness starts a run's
 * Redis: the one on the PATH, else the Linux binary the {@code embedded-redis} jar ships (the test
 * needs that jar on its classpath), on a free port of 127.0.0.1, without persistence, under a
 * {@code sh} that kills it when its standard input closes, so that it never outlives the test JVM.
 * It loads ysb's ad → campaign map as the harness does before a run and checks the window hashes
 * the job wrote as the harness does after one. Its client is the engine's own Jedis, on the test's
 * classpath.
 *
 * <pre>
 * try (YsbTestRedis redis = YsbTestRedis.start(dir)) {
 *   redis.loadCampaigns(JobCases.ysbEvents());
 *   ... run the job with redis.params("sb:run-1:") among its parameters ...
 *   redis.assertWindows("sb:run-1:", JobCases.ysbWindowCounts(), startedMs);
 * }
 * </pre>
 */
public final class YsbTestRedis implements AutoCloseable {
  private static final String BUNDLED = "redis-server-6.2.6-v5-linux-amd64";
  private static final String WATCHDOG =
      "\"$0\" \"$@\" & pid=$!; cat >/dev/null; kill $pid; wait $pid";

  private final Process process;
  private final int port;

  private YsbTestRedis(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  /** Starts a server with its files and log in {@code dir}. */
  public static YsbTestRedis start(Path dir) throws IOException, InterruptedException {
    Files.createDirectories(dir);
    Path binary = binary(dir);
    int port = PublishedPorts.freePort();
    Process p =
        new ProcessBuilder(
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
                dir.toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("redis.log").toFile())
            .start();
    YsbTestRedis redis = new YsbTestRedis(p, port);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (true) {
      try (Jedis j = redis.client()) {
        j.ping();
        return redis;
      } catch (RuntimeException e) {
        if (!p.isAlive() || System.nanoTime() > deadline) {
          redis.close();
          throw new IOException(
              "redis-server did not start: " + Files.readString(dir.resolve("redis.log")), e);
        }
        Thread.sleep(50);
      }
    }
  }

  /** {@code redis-server} from the PATH, else the bundled binary copied into {@code dir}. */
  private static Path binary(Path dir) throws IOException {
    for (String entry : System.getenv().getOrDefault("PATH", "").split(":")) {
      Path candidate = Path.of(entry.isEmpty() ? "." : entry, "redis-server");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    Path target = dir.resolve(BUNDLED);
    try (InputStream in = YsbTestRedis.class.getResourceAsStream("/" + BUNDLED)) {
      if (in == null) {
        throw new IOException("no redis-server on the PATH and no embedded-redis jar");
      }
      Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
    }
    if (!target.toFile().setExecutable(true)) {
      throw new IOException("cannot make " + target + " executable");
    }
    return target;
  }

  public String host() {
    return "127.0.0.1";
  }

  public int port() {
    return port;
  }

  /** A new connection; the caller closes it. */
  public Jedis client() {
    return new Jedis(host(), port);
  }

  /**
   * The job parameters naming this server ({@link YsbRedis#of}), window hashes under {@code
   * prefix}.
   */
  public Map<String, String> params(String prefix) {
    return Map.of(
        "redis.host", host(), "redis.port", Integer.toString(port), "redis.prefix", prefix);
  }

  /** YSB's setup, as the harness makes it: {@code SET <ad_id> <campaign_id>} for every ad. */
  public void loadCampaigns(YsbEvents events) {
    List<String> pairs = new ArrayList<>();
    for (int ad = 0; ad < events.ads(); ad++) {
      pairs.add(events.adId(ad));
      pairs.add(events.campaignId(events.campaignOf(ad)));
    }
    try (Jedis j = client()) {
      j.mset(pairs.toArray(String[]::new));
    }
  }

  /**
   * Checks the window hashes under {@code prefix} as the harness does after a run: one hash {@code
   * <prefix><campaign>:<windowStartMs>} per expected window and no other, its {@code seen_count}
   * the expected count ({@code campaign@windowStartMs} → views), its {@code time_updated} a time
   * from {@code sinceMs} to now.
   */
  public void assertWindows(String prefix, Map<String, Long> expected, long sinceMs) {
    Map<String, Long> counts = new HashMap<>();
    long now = System.currentTimeMillis();
    try (Jedis j = client()) {
      for (String key : j.keys(prefix + "*")) {
        Map<String, String> hash = j.hgetAll(key);
        String window = key.substring(prefix.length());
        int colon = window.lastIndexOf(':');
        String campaignAtStart = window.substring(0, colon) + "@" + window.substring(colon + 1);
        assertTrue(hash.containsKey("seen_count"), key + ": " + hash);
        counts.put(campaignAtStart, Long.parseLong(hash.get("seen_count")));
        long updated = Long.parseLong(hash.getOrDefault("time_updated", "-1"));
        assertTrue(
            updated >= sinceMs && updated <= now,
            key + ": time_updated " + updated + " not in [" + sinceMs + ", " + now + "]");
      }
    }
    assertEquals(expected, counts, "window counts in Redis under " + prefix);
  }

  /** Stops the server (its watchdog kills it as its standard input closes) and waits for it. */
  @Override
  public void close() {
    try {
      process.getOutputStream().close();
      if (process.waitFor(10, TimeUnit.SECONDS)) {
        return;
      }
    } catch (IOException e) {
      // killed below
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }
}
