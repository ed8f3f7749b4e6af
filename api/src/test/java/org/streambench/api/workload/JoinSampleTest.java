package org.streambench.api.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class JoinSampleTest {
  @Test
  void decodesGeneratedParts() {
    JoinParts parts = new JoinParts(13, 3, 30, 20);
    byte[] buf = new byte[parts.maxBytes()];
    for (long seq = 0; seq < 60; seq++) {
      String line =
          new String(buf, 0, parts.encode(seq, 1000 + seq, buf), StandardCharsets.US_ASCII);
      JoinPart part = JoinPart.parse(line, 7);
      assertEquals(seq, part.seq());
      assertEquals(1000 + seq, part.t());
      assertEquals(parts.sample(seq), part.sample());
      assertEquals(parts.part(seq), part.part());
      assertEquals(20, part.payload().length());
      assertEquals(7, part.in());
      assertEquals(part, JoinPart.parseStamped(line + ",7"), "with the entry stamp appended");
    }
  }

  @Test
  void refusesWhatIsNoJoinRecord() {
    assertThrows(IllegalArgumentException.class, () -> JoinPart.parse("1,2,3", 0));
  }

  @Test
  void mergesPartsIntoMaskBytesAndTimes() {
    JoinSample s = new JoinSample();
    s.add(JoinPart.parse("4,9,7,2,de", 10));
    s.add(JoinPart.parse("3,5,7,0,abc", 11));
    assertEquals(5, s.mask());
    assertEquals(5, s.bytes());
    assertNull(s.getPayloads()[1]);
    assertEquals("7,5,5,5,9,11", s.result(7));
    s.add(JoinPart.parse("5,6,7,1,f", 12));
    assertEquals("7,7,6,5,9,12", s.result(7));
  }

  @Test
  void topicsOfTheStreams() {
    assertEquals(List.of("in-impression", "in-click"), JoinParts.topics("in", 2));
  }
}
