package org.streambench.engine.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.streambench.api.workload.AccessLogs;

class UriCountJobTest {
  private static final long BASE = 1_700_000_040_000_000L; // a whole minute, in µs

  @ParameterizedTest
  @ValueSource(strings = {"jackson", "scala"})
  void countsPerUriAndMinuteAndDropsEndMarkers(String parser) throws Exception {
    AccessLogs generator = new AccessLogs(3, 9);
    byte[] buf = new byte[generator.maxBytes()];
    List<String> lines = new ArrayList<>();
    Map<String, Long> expected = new HashMap<>();
    for (long seq = 0; seq < 900; seq++) {
      long t = BASE + seq * 200_000; // 180 s: three windows
      lines.add(ascii(buf, generator.encode(seq, t, buf)));
      expected.merge(
          generator.uri(generator.uriIndex(seq)) + "," + (t / 60_000_000 * 60_000_000),
          1L,
          Long::sum);
    }
    lines.add(ascii(buf, AccessLogs.encodeEndMarker(BASE + 181_000_000, buf)));
    KafkaIo.Parser<UriCountJob.AccessLog> parse = UriCountJob.parser(parser);
    DataStream<UriCountJob.AccessLog> logs =
        LocalFlink.env()
            .fromData(lines)
            .map(line -> parse.parse(line.getBytes(StandardCharsets.US_ASCII), 42))
            .assignTimestampsAndWatermarks(UriCountJob.watermarks(Duration.ofSeconds(1)));

    List<String> out =
        LocalFlink.collect(UriCountJob.count(logs, Duration.ofMinutes(1), Duration.ZERO));

    Map<String, Long> counts = new HashMap<>();
    for (String record : out) {
      String[] f = record.split(",");
      assertEquals(5, f.length, record);
      long windowStart = Long.parseLong(f[1]);
      assertEquals(null, counts.put(f[0] + "," + windowStart, Long.parseLong(f[2])), record);
      long maxEvent = Long.parseLong(f[3]);
      assertTrue(windowStart <= maxEvent && maxEvent < windowStart + 60_000_000, record);
      assertEquals("42", f[4]);
    }
    assertEquals(expected, counts);
  }

  private static String ascii(byte[] buf, int len) {
    return new String(buf, 0, len, StandardCharsets.US_ASCII);
  }
}
