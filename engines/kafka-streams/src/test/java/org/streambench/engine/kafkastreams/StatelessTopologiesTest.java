package org.streambench.engine.kafkastreams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.api.IdentityRecords;
import org.streambench.api.workload.GrepLines;

/** identity, sleep and grep. */
class StatelessTopologiesTest {
  @TempDir Path runDir;

  @Test
  void identityPassesEveryRecordWithItsStamps() {
    List<String> in = new ArrayList<>();
    byte[] buf = new byte[200];
    for (long seq = 0; seq < 100; seq++) {
      in.add(TestRuns.ascii(buf, IdentityRecords.encodeInput(seq, 1000 + seq, 40, buf)));
    }
    List<String> out =
        run(TestRuns.spec(runDir, "identity", Map.of("record.size", "40"), Map.of()), in);
    assertPassedThrough(in, out);
  }

  @Test
  void sleepHoldsEveryRecord() {
    List<String> in = List.of("0,1000", "1,1001", "2,1002", "3,1003", "4,1004");
    List<String> out = run(TestRuns.spec(runDir, "sleep", Map.of("sleep.ms", "20"), Map.of()), in);
    assertPassedThrough(in, out);
    for (String record : out) {
      String[] f = record.split(",");
      long engineMicros = Long.parseLong(f[3]) - Long.parseLong(f[2]);
      assertTrue(engineMicros >= 20_000, record);
    }
  }

  @Test
  void grepKeepsExactlyTheMatchingLinesUnchanged() {
    GrepLines lines = new GrepLines(5, 0.2, 8);
    byte[] buf = new byte[lines.maxBytes()];
    List<String> in = new ArrayList<>();
    List<String> matching = new ArrayList<>();
    for (long seq = 0; seq < 500; seq++) {
      String line = TestRuns.ascii(buf, lines.encode(seq, 1000 + seq, buf));
      in.add(line);
      if (lines.isError(seq)) {
        matching.add(line);
      }
    }
    assertTrue(matching.size() > 50);
    List<String> out = run(TestRuns.spec(runDir, "grep", Map.of("pattern", "ERROR"), Map.of()), in);
    assertPassedThrough(matching, out);
    // the regex sees only the text: "^" anchors at its start, digits of seq and t never match
    List<String> anchored =
        run(TestRuns.spec(runDir.resolve("2"), "grep", Map.of("pattern", "^ERROR "), Map.of()), in);
    assertPassedThrough(matching, anchored);
    assertEquals(
        List.of(),
        run(TestRuns.spec(runDir.resolve("3"), "grep", Map.of("pattern", "^1"), Map.of()), in));
  }

  private static List<String> run(org.streambench.api.JobSpec spec, List<String> in) {
    try (TopologyTestDriver driver = TestRuns.driver(spec)) {
      TestInputTopic<String, String> input = TestRuns.input(driver);
      in.forEach(input::pipeInput);
      return TestRuns.output(driver);
    }
  }

  /** {@code out} is {@code in} in order, each with an entry and an exit stamp. */
  private static void assertPassedThrough(List<String> in, List<String> out) {
    assertEquals(in.size(), out.size());
    for (int i = 0; i < in.size(); i++) {
      String stamped = TestRuns.withoutOut(out.get(i));
      int comma = stamped.lastIndexOf(',');
      assertEquals(in.get(i), stamped.substring(0, comma));
      long entry = Long.parseLong(stamped.substring(comma + 1));
      long exit = Long.parseLong(out.get(i).substring(out.get(i).lastIndexOf(',') + 1));
      assertTrue(entry <= exit, out.get(i));
    }
  }
}
