package org.streambench.engine.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.streambench.api.workload.JoinPart;
import org.streambench.api.workload.JoinParts;

class JoinJobTest {
  private static final int PARTS = 300; // 100 samples of 3 parts
  private static final int SAMPLES = 100;

  /**
   * RocksDB, so the merged sample (with missing parts) goes through its state serializer on every
   * update. The source is paced, then ticks on without end: processing-time timers only fire while
   * the job runs, and a join stalled at its start (RocksDB opening on a busy machine) sees the
   * parts and the ticks queued behind them in one burst, so a fixed number of ticks could end the
   * job before the last timer. The job is cancelled once every sample is out.
   */
  @Test
  @Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void emitsEverySampleOnceWithAllItsPartsWhenItsTimerFires() throws Exception {
    DataGeneratorSource<JoinPart> source =
        new DataGeneratorSource<>(
            i -> {
              if (i >= PARTS) {
                return new JoinPart(i, 0, -1, 0, "", 0);
              }
              JoinParts parts =
                  new JoinParts(13, 3, 30, 100); // cheap; keeps the lambda serializable
              byte[] buf = new byte[parts.maxBytes()];
              int len = parts.encode(i, 1000 + i, buf);
              return JoinJob.decode(Arrays.copyOf(buf, len), 2000 + i);
            },
            Long.MAX_VALUE,
            RateLimiterStrategy.perSecond(400),
            TypeInformation.of(JoinPart.class));
    DataStream<JoinPart> parts =
        LocalFlink.env(Map.of("state.backend.type", "rocksdb"))
            .fromSource(source, WatermarkStrategy.noWatermarks(), "parts")
            .setParallelism(1)
            .filter(part -> part.sample() >= 0);

    // parts of a sample arrive within 30 records (75 ms), well inside the 1 s timer; a duplicate
    // among the first hundred outputs shows as a sample emitted twice, one after them is not seen
    List<String> out = LocalFlink.collectFirst(JoinJob.join(parts, 1000), SAMPLES);

    JoinParts generator = new JoinParts(13, 3, 30, 100);
    Map<Long, long[]> expectedT = new HashMap<>();
    for (long seq = 0; seq < PARTS; seq++) {
      long t = 1000 + seq;
      expectedT.merge(
          generator.sample(seq),
          new long[] {t, t},
          (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
    }
    Map<Long, String> joined = new HashMap<>();
    for (String record : out) {
      String[] f = record.split(",");
      assertEquals(6, f.length, record);
      long sample = Long.parseLong(f[0]);
      assertEquals(null, joined.put(sample, record), "emitted twice: " + record);
      long[] t = expectedT.get(sample);
      assertEquals("7,300," + t[0] + "," + t[1], f[1] + "," + f[2] + "," + f[3] + "," + f[4]);
    }
    assertEquals(expectedT.keySet(), joined.keySet());
  }
}
