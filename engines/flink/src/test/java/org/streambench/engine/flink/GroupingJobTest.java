package org.streambench.engine.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.streambench.api.workload.GroupingRecords;
import org.streambench.api.workload.KeyDistribution;

class GroupingJobTest {
  @Test
  void emitsTheRunningCountAndSumOfItsKeyForEveryRecord() throws Exception {
    GroupingRecords generator = new GroupingRecords(3, KeyDistribution.of("zipf", 50, 1.0));
    List<GroupingJob.Event> events = new ArrayList<>();
    Map<String, long[]> expected = new HashMap<>();
    for (long seq = 0; seq < 3000; seq++) {
      String key = GroupingRecords.key(generator.keyIndex(seq));
      int value = generator.value(seq);
      events.add(new GroupingJob.Event(seq, 1000 + seq, key, value, 2000 + seq));
      long[] totals = expected.computeIfAbsent(key, k -> new long[2]);
      totals[0]++;
      totals[1] += value;
    }

    List<String> out = LocalFlink.collect(GroupingJob.aggregate(LocalFlink.env().fromData(events)));

    Set<Long> seqs = new HashSet<>();
    Map<String, long[]> last = new HashMap<>();
    for (String record : out) {
      String[] f = record.split(",");
      assertEquals(6, f.length, record);
      long seq = Long.parseLong(f[0]);
      seqs.add(seq);
      assertEquals(1000 + seq, Long.parseLong(f[1]));
      assertEquals(2000 + seq, Long.parseLong(f[5]));
      long[] totals = {Long.parseLong(f[3]), Long.parseLong(f[4])};
      last.merge(f[2], totals, (a, b) -> a[0] >= b[0] ? a : b);
    }
    assertEquals(events.size(), out.size());
    assertEquals(events.size(), seqs.size());
    assertEquals(expected.keySet(), last.keySet());
    expected.forEach(
        (key, totals) -> {
          assertEquals(totals[0], last.get(key)[0], key);
          assertEquals(totals[1], last.get(key)[1], key);
        });
  }
}
