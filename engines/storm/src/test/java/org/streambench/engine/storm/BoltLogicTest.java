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
  void typedSettings() {
    assertEquals(5L, StormSettings.typed("5"));
    assertEquals(false, StormSettings.typed("false"));
    assertEquals(1.5, StormSettings.typed("1.5"));
    assertEquals("100ms", StormSettings.typed("100ms"));
  }
}
