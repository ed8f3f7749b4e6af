package org.streambench.engine.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SleepJobTest {
  @Test
  void holdsEveryRecordAndPassesItOnUnchanged() throws Exception {
    List<String> in =
        IntStream.range(0, 40).mapToObj(i -> i + ",100,200").collect(Collectors.toList());
    long start = System.nanoTime();
    List<String> out = LocalFlink.collect(SleepJob.hold(LocalFlink.env().fromData(in), 25));
    long elapsedMs = (System.nanoTime() - start) / 1_000_000;
    assertEquals(in.stream().sorted().toList(), out.stream().sorted().toList());
    // 40 records × 25 ms over at most 2 subtasks
    assertTrue(elapsedMs >= 500, "took " + elapsedMs + " ms");
  }
}
