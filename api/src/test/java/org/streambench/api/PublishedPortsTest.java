package org.streambench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PublishedPortsTest {
  /** Probing one port after another may hand out one just closed; this JVM never gets it twice. */
  @Test
  void freePortNeverHandsOutAPortTwice() throws Exception {
    Set<Integer> ports = new HashSet<>();
    for (int i = 0; i < 500; i++) {
      ports.add(PublishedPorts.freePort());
    }
    assertEquals(500, ports.size());
  }
}
