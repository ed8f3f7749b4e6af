package org.streambench.engine.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class BoltLogicTest {
  @Test
  void countWindowEmitsEverySizeWordsWithRanges() {
    WordCountTopology.CountWindow window = new WordCountTopology.CountWindow(3);
    assertNull(window.add("w", 30, 300));
    assertNull(window.add("w", 10, 100));
    assertEquals("w,3,10,30,100,300", window.add("w", 20, 200));
    assertNull(window.add("w", 40, 400)); // a new window
  }

  @Test
  void joinSampleReportsMaskBytesAndTimes() {
    JoinTopology.Sample s = new JoinTopology.Sample();
    s.payloads[0] = "abc";
    s.payloads[2] = "de";
    s.firstT = 5;
    s.lastT = 9;
    s.lastIn = 11;
    assertEquals("7,5,5,5,9,11", s.result(7));
  }

  @Test
  void csvFieldsIncludingTheLast() {
    assertEquals("k3", Csv.field("1,2,k3,4", 2));
    assertEquals("4", Csv.field("1,2,k3,4", 3));
    assertEquals("1", Csv.field("1,2,k3,4", 0));
  }

  @Test
  void typedSettings() {
    assertEquals(5L, StormEngine.typed("5"));
    assertEquals(false, StormEngine.typed("false"));
    assertEquals(1.5, StormEngine.typed("1.5"));
    assertEquals("100ms", StormEngine.typed("100ms"));
  }
}
