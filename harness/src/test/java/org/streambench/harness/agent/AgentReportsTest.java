package org.streambench.harness.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.streambench.harness.results.GeneratorReport;

class AgentReportsTest {
  private static GeneratorReport part(
      long sent, long errors, long[] perSecond, long end, long lag) {
    return new GeneratorReport(
        sent, errors, 1_000, 0, lag, lag / 2, 0, 0, perSecond, 1_000_000, end, 1.5, 0.5, 100);
  }

  @Test
  void countsAddUpLagsTakeTheLargestAndLatenessComesFromTheMergedHistograms() {
    Histogram a = new Histogram(3);
    Histogram b = new Histogram(3);
    for (int i = 0; i < 99; i++) {
      a.recordValue(100);
    }
    b.recordValue(50_000);
    a.add(b);
    GeneratorReport merged =
        AgentReports.merge(
            List.of(
                part(300, 0, new long[] {100, 200}, 3_000_000, 700),
                part(290, 10, new long[] {100, 150, 50}, 4_000_000, 900)),
            a,
            200,
            1_000_000);
    assertEquals(590, merged.sent());
    assertEquals(10, merged.sendErrors());
    assertArrayEquals(new long[] {200, 350, 50}, merged.sentPerSecond());
    assertEquals(600, merged.attempted());
    assertEquals(900, merged.maxLagMicros());
    assertEquals(450, merged.steadyMaxLagMicros());
    assertEquals(4_000_000, merged.endMicros());
    assertEquals(200.0, merged.achievedRate(), 1e-9); // 600 handed over 3 s
    assertEquals(3.0, merged.threadCpuSeconds(), 1e-9);
    assertEquals(1.0, merged.networkThreadCpuSeconds(), 1e-9);
    assertEquals(100.0, merged.allocatedBytesPerRecord(), 1e-9);
    assertEquals(100, merged.latenessP50Micros(), 1);
    assertEquals(100, merged.latenessP99Micros(), 1);
    assertEquals(200, merged.targetRate());
  }
}
