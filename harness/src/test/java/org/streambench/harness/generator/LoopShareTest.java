package org.streambench.harness.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class LoopShareTest {
  @Test
  void aShareIsARunOfLoopsWithinTheGeneration() {
    assertEquals(new LoopShare(0, 4, 4), LoopShare.all(4));
    assertThrows(IllegalArgumentException.class, () -> new LoopShare(3, 2, 4));
    assertThrows(IllegalArgumentException.class, () -> new LoopShare(0, 0, 4));
    assertThrows(IllegalArgumentException.class, () -> new LoopShare(-1, 1, 4));
  }
}
