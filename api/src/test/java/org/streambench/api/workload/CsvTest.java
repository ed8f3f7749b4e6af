package org.streambench.api.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class CsvTest {
  @Test
  void fieldsIncludingTheFirstAndTheLast() {
    assertEquals("1", Csv.field("1,2,k3,4", 0));
    assertEquals("k3", Csv.field("1,2,k3,4", 2));
    assertEquals("4", Csv.field("1,2,k3,4", 3));
    assertEquals("u1", Csv.field("1,2,u1", 2));
    assertEquals("", Csv.field("1,,3", 1));
  }

  @Test
  void numbersParseInPlace() {
    assertEquals(300L, Csv.longField("1,2,k7,300,9", 3));
    assertEquals(9L, Csv.longField("1,2,k7,300,9", 4));
    assertEquals(2, Csv.intField("1,2,k7,300,9", 1));
  }

  @Test
  void startsAndEnds() {
    assertEquals(4, Csv.start("1,2,k3,4", 2));
    assertEquals(6, Csv.end("1,2,k3,4", 4));
    assertEquals(8, Csv.end("1,2,k3,4", 7));
  }

  @Test
  void aMissingFieldIsAnError() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Csv.field("1,2", 3));
    assertEquals("record has no field 3: 1,2", e.getMessage());
  }
}
