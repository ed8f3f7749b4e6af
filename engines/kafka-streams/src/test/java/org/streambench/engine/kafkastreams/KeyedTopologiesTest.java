package org.streambench.engine.kafkastreams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.streambench.api.workload.GroupingRecords;
import org.streambench.api.workload.KeyDistribution;
import org.streambench.api.workload.StateMachineInput;
import org.streambench.api.workload.WordSentences;

/** grouping, statemachine and wordcount, on both state stores. */
class KeyedTopologiesTest {
  @TempDir Path runDir;

  @ParameterizedTest
  @ValueSource(strings = {"rocksdb", "in-memory"})
  void groupingEmitsTheRunningCountAndSumForEveryRecord(String store) {
    GroupingRecords records = new GroupingRecords(7, KeyDistribution.of("zipf", 20, 1.0));
    byte[] buf = new byte[records.maxBytes()];
    var spec =
        TestRuns.spec(runDir, "grouping", Map.of("keys", "20"), Map.of("state.store", store));
    List<String> out;
    try (TopologyTestDriver driver = TestRuns.driver(spec)) {
      TestInputTopic<String, String> input = TestRuns.input(driver);
      for (long seq = 0; seq < 1000; seq++) {
        input.pipeInput(TestRuns.ascii(buf, records.encode(seq, 5000 + seq, buf)));
      }
      out = TestRuns.output(driver);
    }
    assertEquals(1000, out.size());
    Map<String, long[]> totals = new HashMap<>();
    for (int seq = 0; seq < 1000; seq++) {
      String[] f = TestRuns.withoutOut(out.get(seq)).split(",");
      assertEquals(6, f.length, out.get(seq));
      String key = GroupingRecords.key(records.keyIndex(seq));
      long[] t = totals.computeIfAbsent(key, k -> new long[2]);
      t[0]++;
      t[1] += records.value(seq);
      assertEquals(
          seq + "," + (5000 + seq) + "," + key + "," + t[0] + "," + t[1],
          String.join(",", f[0], f[1], f[2], f[3], f[4]));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"rocksdb", "in-memory"})
  void stateMachineEndsEverySessionWithItsEventsAndAlertsOnInvalidTransitions(String store) {
    StateMachineInput input = new StateMachineInput(3, 10, 3, 4);
    byte[] buf = new byte[input.maxBytes()];
    var spec =
        TestRuns.spec(runDir, "statemachine", Map.of("keys", "10"), Map.of("state.store", store));
    Map<Long, String> expectedEnds = new HashMap<>();
    List<String> out;
    try (TopologyTestDriver driver = TestRuns.driver(spec)) {
      TestInputTopic<String, String> topic = TestRuns.input(driver);
      for (long seq = 0; seq < 2000; seq++) {
        String record = TestRuns.ascii(buf, input.encode(seq, 9000 + seq, buf));
        topic.pipeInput(input.lastKey(), record);
        if (input.lastEvent().equals("logout")) {
          expectedEnds.put(seq, input.lastKey() + ",end," + input.lastSessionEvents());
        }
      }
      out = TestRuns.output(driver);
    }
    int alerts = 0;
    java.util.Set<Long> ends = new java.util.HashSet<>();
    for (String record : out) {
      String[] f = TestRuns.withoutOut(record).split(",");
      assertEquals(6, f.length, record);
      long seq = Long.parseLong(f[0]);
      assertEquals(Long.toString(9000 + seq), f[1]);
      if (f[3].equals("alert")) {
        alerts++;
        // a reordered session's logout ends it early, its last request then comes while OUT
        assertEquals("OUT:request", f[4], record);
      } else {
        assertEquals("end", f[3], record);
        ends.add(seq);
      }
    }
    assertTrue(alerts > 10, "reorder.every=4 makes invalid transitions");
    assertEquals(expectedEnds.keySet(), ends);
  }

  @ParameterizedTest
  @ValueSource(strings = {"rocksdb", "in-memory"})
  void stateMachineWithoutReorderingEndsEverySessionAndNeverAlerts(String store) {
    StateMachineInput input = new StateMachineInput(11, 25, 3, 0);
    byte[] buf = new byte[input.maxBytes()];
    var spec =
        TestRuns.spec(runDir, "statemachine", Map.of("keys", "25"), Map.of("state.store", store));
    Map<Long, String> expectedEnds = new HashMap<>();
    Map<Long, String> ends = new HashMap<>();
    try (TopologyTestDriver driver = TestRuns.driver(spec)) {
      TestInputTopic<String, String> topic = TestRuns.input(driver);
      for (long seq = 0; seq < 3000; seq++) {
        topic.pipeInput(input.lastKey(), TestRuns.ascii(buf, input.encode(seq, 9000 + seq, buf)));
        if (input.lastEvent().equals("logout")) {
          expectedEnds.put(seq, input.lastKey() + ",end," + input.lastSessionEvents());
        }
      }
      for (String record : TestRuns.output(driver)) {
        String[] f = TestRuns.withoutOut(record).split(",");
        assertEquals(null, ends.put(Long.parseLong(f[0]), f[2] + "," + f[3] + "," + f[4]));
      }
    }
    assertTrue(expectedEnds.size() > 300);
    assertEquals(expectedEnds, ends);
  }

  @ParameterizedTest
  @ValueSource(strings = {"rocksdb", "in-memory"})
  void wordCountEmitsAWindowPerTenOccurrencesOfAWord(String store) {
    WordSentences sentences = new WordSentences(2, 10, KeyDistribution.of("uniform", 50, 1.0));
    byte[] buf = new byte[sentences.maxBytes()];
    var spec =
        TestRuns.spec(
            runDir,
            "wordcount",
            Map.of("window.size", "10", "vocabulary", "50"),
            Map.of("state.store", store));
    Map<String, Integer> occurrences = new HashMap<>();
    Map<String, Integer> windows = new HashMap<>();
    try (TopologyTestDriver driver = TestRuns.driver(spec)) {
      TestInputTopic<String, String> topic = TestRuns.input(driver);
      for (long seq = 0; seq < 400; seq++) {
        String json = TestRuns.ascii(buf, sentences.encode(seq, 1_000_000 + seq, buf));
        topic.pipeInput(json);
        for (String word :
            json.substring(json.indexOf("\"sentence\":\"") + 12, json.length() - 2).split(" ")) {
          occurrences.merge(word, 1, Integer::sum);
        }
      }
      for (String record : TestRuns.output(driver)) {
        String[] f = TestRuns.withoutOut(record).split(",");
        assertEquals(6, f.length, record);
        assertEquals("10", f[1], record);
        long minEvent = Long.parseLong(f[2]);
        long maxEvent = Long.parseLong(f[3]);
        assertTrue(1_000_000 <= minEvent && minEvent <= maxEvent && maxEvent < 1_000_400, record);
        assertTrue(Long.parseLong(f[4]) <= Long.parseLong(f[5]), record);
        windows.merge(f[0], 1, Integer::sum);
      }
    }
    Map<String, Integer> expected = new HashMap<>();
    occurrences.forEach(
        (word, n) -> {
          if (n >= 10) {
            expected.put(word, n / 10);
          }
        });
    assertEquals(expected, windows);
  }
}
