package org.streambench.engine.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.streambench.api.workload.GrepLines;

class GrepJobTest {
  /** "^ERROR" matches only if the pattern sees the text after seq,t, as its own input. */
  @ParameterizedTest
  @ValueSource(strings = {"ERROR", "^ERROR"})
  void emitsExactlyTheLinesWhoseTextMatchesWithTheirEntryStamp(String pattern) throws Exception {
    GrepLines generator = new GrepLines(7, 0.1, 8);
    byte[] buf = new byte[generator.maxBytes()];
    List<Line> lines = new ArrayList<>();
    Set<Long> expected = new TreeSet<>();
    for (long seq = 0; seq < 2000; seq++) {
      int len = generator.encode(seq, 1_000_000 + seq, buf);
      lines.add(new Line(new String(buf, 0, len, StandardCharsets.US_ASCII), 5_000_000 + seq));
      if (generator.isError(seq)) {
        expected.add(seq);
      }
    }

    List<String> out =
        LocalFlink.collect(GrepJob.matching(LocalFlink.env().fromData(lines), pattern));

    Set<Long> seqs = new TreeSet<>();
    for (String record : out) {
      long seq = Long.parseLong(record.substring(0, record.indexOf(',')));
      seqs.add(seq);
      Line line = lines.get((int) seq);
      assertEquals(line.value() + "," + line.in(), record);
    }
    assertEquals(expected, seqs);
    assertEquals(expected.size(), out.size());
  }
}
