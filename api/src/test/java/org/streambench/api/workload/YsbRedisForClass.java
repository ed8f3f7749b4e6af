package org.streambench.api.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One {@link YsbTestRedis} for the tests of a class, holding ysb's ad → campaign map; register it
 * with {@code @RegisterExtension static final YsbRedisForClass redis =
 * YsbRedisForClass.loading(JobCases::ysbEvents);} and use {@link #get()} in the tests. Its server
 * and files go when the class's last test has run.
 */
public final class YsbRedisForClass implements BeforeAllCallback, AfterAllCallback {
  private final Supplier<YsbEvents> campaigns;
  private Path dir;
  private YsbTestRedis redis;

  private YsbRedisForClass(Supplier<YsbEvents> campaigns) {
    this.campaigns = campaigns;
  }

  /** A server that loads the campaigns of {@code events} before the class's first test. */
  public static YsbRedisForClass loading(Supplier<YsbEvents> events) {
    return new YsbRedisForClass(events);
  }

  /** The running server (between the class's first and last test). */
  public YsbTestRedis get() {
    return redis;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    dir = Files.createTempDirectory("ysb-redis-");
    redis = YsbTestRedis.start(dir);
    redis.loadCampaigns(campaigns.get());
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    if (redis != null) {
      redis.close();
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
