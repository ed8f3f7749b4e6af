package org.streambench.harness.cli;

import java.io.IOException;
import java.util.function.Consumer;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;
import org.streambench.harness.fault.FaultSchedule;
import org.streambench.harness.fault.LinkMechanism;
import org.streambench.harness.net.HostPort;
import org.streambench.harness.process.CpuPlacement;
import org.streambench.harness.redis.Redis;
import picocli.CommandLine.Option;

/** Which Redis workloads that need one (ysb) use: one streambench starts, or {@code --redis}. */
final class RedisOptions {
  @Option(
      names = "--redis",
      paramLabel = "HOST:PORT",
      description =
          "Use this Redis for ysb instead of starting one on 127.0.0.1 (redis-server from the"
              + " PATH, else the binary bundled with the embedded-redis jar).")
  String external;

  /**
   * An engine in a network namespace of its own reaches this machine's 127.0.0.1 only: a Redis of
   * {@code --redis} elsewhere is refused with it.
   */
  void requireReachableUnder(FaultSchedule faults) {
    if (external != null
        && faults.mechanism() == LinkMechanism.NAMESPACES
        && !HostPort.parse("--redis", external).host().equals("127.0.0.1")) {
      throw new UsageException(
          "--link-mechanism namespaces reaches 127.0.0.1 only: --redis must be 127.0.0.1:PORT or"
              + " left out (then Redis starts on 127.0.0.1)");
    }
  }

  /**
   * Starts (on the CPUs of the placement's {@code redis} role, its files in the data directory's
   * {@code redis-<harness pid>}) or connects to Redis; the caller closes it.
   */
  Redis open(Home home, Consumer<String> progress, CpuPlacement cpus)
      throws IOException, InterruptedException {
    if (external != null) {
      return Redis.external(external);
    }
    Redis redis =
        Redis.start(home.dataDir().resolve("redis-" + ProcessHandle.current().pid()), cpus);
    progress.accept("Redis ready: " + redis.description());
    return redis;
  }
}
