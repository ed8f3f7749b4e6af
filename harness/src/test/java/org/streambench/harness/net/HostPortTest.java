package org.streambench.harness.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.streambench.harness.UsageException;

class HostPortTest {
  @Test
  void namesAndNumbersAreParsed() {
    assertEquals(new HostPort("127.0.0.1", 9092), HostPort.parse("--kafka", "127.0.0.1:9092"));
    assertEquals(new HostPort("broker-1", 0), HostPort.parse("--kafka", " broker-1:0 "));
  }

  @Test
  void anIpv6HostLosesItsBrackets() {
    assertEquals(new HostPort("::1", 6379), HostPort.parse("--redis", "[::1]:6379"));
  }

  @Test
  void anythingElseIsAUsageErrorNamingTheOption() {
    for (String bad :
        new String[] {"nohost", ":9092", "host:", "host:port", "[]:1", "[::1:80", "::1]:80"}) {
      UsageException e =
          assertThrows(UsageException.class, () -> HostPort.parse("--redis", bad), bad);
      assertEquals("--redis: '" + bad + "' is not HOST:PORT", e.getMessage());
    }
    assertEquals(
        "--redis: port 70000 is not in 0..65535",
        assertThrows(UsageException.class, () -> HostPort.parse("--redis", "h:70000"))
            .getMessage());
  }
}
