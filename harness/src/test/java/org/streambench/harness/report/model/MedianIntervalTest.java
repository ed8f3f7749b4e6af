package org.streambench.harness.report.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The median's confidence interval from order statistics: its pair, coverage and meaning. */
class MedianIntervalTest {
  @Test
  void fewerThanSixValuesGiveMinToMaxWithCoverageOneMinusTwoToTheOneMinusN() {
    for (int n = 2; n <= 5; n++) {
      assertEquals(1, MedianInterval.rank(n), "n=" + n);
      assertEquals(1 - Math.pow(2, 1 - n), MedianInterval.coverage(n, 1), 1e-12, "n=" + n);
    }
    assertEquals(0.5, MedianInterval.coverage(2, 1), 1e-12);
    assertEquals(0.9375, MedianInterval.coverage(5, 1), 1e-12);
  }

  @Test
  void theLargestPairCoveringNinetyFivePercentIsTaken() {
    // 6 to 8 values: min–max still (the 2nd pair covers 78.1 %, 87.5 %, 93.0 %)
    assertEquals(1, MedianInterval.rank(6));
    assertEquals(1, MedianInterval.rank(8));
    assertEquals(1 - 2 * 9 / 256.0, MedianInterval.coverage(8, 2), 1e-12);
    // 9 and 10 values: the 2nd smallest to the 2nd largest
    assertEquals(2, MedianInterval.rank(9));
    assertEquals(1 - 2 * 10 / 512.0, MedianInterval.coverage(9, 2), 1e-12);
    assertEquals(2, MedianInterval.rank(10));
    assertEquals(1 - 2 * 11 / 1024.0, MedianInterval.coverage(10, 2), 1e-12);
    // many values: the rank grows and the coverage stays just above 95 %
    for (int n = 6; n <= 400; n++) {
      int k = MedianInterval.rank(n);
      assertTrue(MedianInterval.coverage(n, k) >= 0.95, "n=" + n);
      assertTrue(2 * (k + 1) > n + 1 || MedianInterval.coverage(n, k + 1) < 0.95, "n=" + n);
    }
  }

  @Test
  void theIntervalIsTheOrderStatisticsOfTheValues() {
    MedianInterval three = Spread.of(List.of(7.0, 5.0, 6.0)).interval();
    assertEquals(new MedianInterval(3, 1, 5, 7, 0.75), three);
    assertEquals("min–max", three.orderStatistics());
    assertEquals("75%", three.coverageText());
    List<Double> ten = new ArrayList<>();
    for (int i = 10; i >= 1; i--) {
      ten.add((double) i);
    }
    MedianInterval i = Spread.of(ten).interval();
    assertEquals(2, i.low());
    assertEquals(9, i.high());
    assertEquals("2nd–9th of 10", i.orderStatistics());
    assertEquals("97.9%", i.coverageText());
    MedianInterval one = Spread.of(List.of(4.0)).interval();
    assertFalse(one.known(), "one value has no interval");
    assertEquals(0, one.coverage());
    assertFalse(Spread.of(List.of()).interval().known());
  }

  @Test
  void itCoversTheTrueMedianAsOftenAsItSays() {
    Random random = new Random(39);
    for (int n : new int[] {3, 5, 9, 20}) {
      int covered = 0;
      int trials = 20_000;
      for (int t = 0; t < trials; t++) {
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          values.add(Math.exp(random.nextGaussian())); // skewed; true median 1
        }
        MedianInterval ci = Spread.of(values).interval();
        covered += ci.low() <= 1 && 1 <= ci.high() ? 1 : 0;
      }
      double expected = MedianInterval.coverage(n, MedianInterval.rank(n));
      assertEquals(expected, covered / (double) trials, 0.01, "n=" + n);
    }
  }

  @Test
  void docsTableMatchesTheCode() throws IOException {
    Path root = Path.of(System.getProperty("streambench.home", ".."));
    String doc = Files.readString(root.resolve("docs/reports.md"));
    Pattern row = Pattern.compile("(?m)^\\| (\\d+) \\| ([^|]+) \\| ([\\d.]+%) \\|$");
    Matcher m = row.matcher(doc);
    int rows = 0;
    while (m.find()) {
      int n = Integer.parseInt(m.group(1));
      MedianInterval i = Spread.of(values(n)).interval();
      assertEquals(i.orderStatistics(), m.group(2).strip(), "n=" + n);
      assertEquals(i.coverageText(), m.group(3), "n=" + n);
      rows++;
    }
    assertEquals(9, rows, "docs/reports.md lists n = 2..10");
  }

  private static List<Double> values(int n) {
    List<Double> v = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      v.add((double) i);
    }
    return v;
  }
}
