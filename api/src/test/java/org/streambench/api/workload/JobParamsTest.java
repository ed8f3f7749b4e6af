package org.streambench.api.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streambench.api.Guarantee;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;

/** The parameters engines' functions carry: read from the job spec, and serializable. */
class JobParamsTest {
  private static WorkloadParams params(String workload, Map<String, String> values) {
    return new WorkloadParams(
        new JobSpec(
            "run-1",
            workload,
            "127.0.0.1:9092",
            "in",
            "out",
            Guarantee.AT_LEAST_ONCE,
            1,
            Path.of("run"),
            Map.of(),
            values));
  }

  @SuppressWarnings("unchecked")
  private static <T> T roundTrip(T value) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(value);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (T) in.readObject();
    }
  }

  @Test
  void eventTimeWindowingReadsItsThreeParametersAndAddsTheDelays() throws Exception {
    EventTimeWindowing w =
        EventTimeWindowing.of(
            params(
                "uricount",
                Map.of("window.ms", "10000", "out.of.orderness.ms", "500", "lateness.ms", "250")));
    assertEquals(new EventTimeWindowing(10_000, 500, 250), w);
    assertEquals(750, w.delayMs());
    assertEquals(w, roundTrip(w));
  }

  @Test
  void ysbRedisReadsHostPortAndPrefix() throws Exception {
    YsbRedis redis =
        YsbRedis.of(
            params(
                "ysb",
                Map.of("redis.host", "127.0.0.1", "redis.port", "6380", "redis.prefix", "r1:")));
    assertEquals(new YsbRedis("127.0.0.1", 6380, "r1:"), redis);
    assertEquals(redis, roundTrip(redis));
  }

  @Test
  void aMissingParameterNamesItself() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> EventTimeWindowing.of(params("ysb", Map.of("window.ms", "1000"))));
    assertTrue(e.getMessage().contains("out.of.orderness.ms"), e.getMessage());
  }
}
