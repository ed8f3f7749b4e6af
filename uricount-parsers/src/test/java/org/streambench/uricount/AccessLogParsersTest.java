package org.streambench.uricount;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.streambench.api.workload.AccessLogs;
import org.streambench.uricount.AccessLogParsers.AccessLog;

class AccessLogParsersTest {
  private static final long BASE = 1_700_000_040_000_000L;

  @Test
  void bothParsersReadTheGeneratedUriAndTime() throws Exception {
    AccessLogs generator = new AccessLogs(3, 9);
    byte[] buf = new byte[generator.maxBytes()];
    for (long seq = 0; seq < 200; seq++) {
      byte[] line = Arrays.copyOf(buf, generator.encode(seq, BASE + seq * 777, buf));
      AccessLog expected = new AccessLog(generator.uri(generator.uriIndex(seq)), BASE + seq * 777);
      assertEquals(expected, AccessLogParsers.jackson(line));
      assertEquals(expected, AccessLogParsers.scala(line));
    }
    byte[] end = Arrays.copyOf(buf, AccessLogs.encodeEndMarker(BASE, buf));
    assertEquals(new AccessLog(AccessLogs.END_MARKER_URI, BASE), AccessLogParsers.jackson(end));
    assertEquals(new AccessLog(AccessLogs.END_MARKER_URI, BASE), AccessLogParsers.scala(end));
  }

  @ParameterizedTest
  @ValueSource(strings = {"jackson", "scala"})
  void rejectsWhatIsNotAnAccessLog(String name) {
    AccessLogParsers.Parser parser = AccessLogParsers.named(name);
    for (String bad : new String[] {"[1,2]", "{\"uri\":\"/a\"}", "{\"time\":5}", "not json"}) {
      assertThrows(IOException.class, () -> parser.parse(bad.getBytes(StandardCharsets.UTF_8)));
    }
  }

  @Test
  void namesOnlyTheTwoParsers() {
    assertThrows(IllegalArgumentException.class, () -> AccessLogParsers.named("gson"));
  }
}
