package org.streambench.engine.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streambench.api.workload.KeyDistribution;
import org.streambench.api.workload.Vocabulary;
import org.streambench.api.workload.WordSentences;

class WordCountJobTest {
  @Test
  void emitsOneWindowPerTenOccurrencesOfAWord() throws Exception {
    WordSentences generator = new WordSentences(5, 10, KeyDistribution.of("zipf", 40, 1.0));
    byte[] buf = new byte[generator.maxBytes()];
    List<Line> sentences = new ArrayList<>();
    Map<String, Integer> occurrences = new HashMap<>();
    for (long seq = 0; seq < 600; seq++) {
      int len = generator.encode(seq, 1000 + seq, buf);
      sentences.add(new Line(new String(buf, 0, len, StandardCharsets.US_ASCII), 5000 + seq));
      for (int i = 0; i < generator.words(); i++) {
        occurrences.merge(Vocabulary.word(generator.wordIndex(seq, i)), 1, Integer::sum);
      }
    }

    List<String> out =
        LocalFlink.collect(WordCountJob.count(LocalFlink.env().fromData(sentences), 10));

    Map<String, Integer> windows = new HashMap<>();
    for (String record : out) {
      String[] f = record.split(",");
      assertEquals(6, f.length, record);
      windows.merge(f[0], 1, Integer::sum);
      assertEquals("10", f[1], record);
      long minEvent = Long.parseLong(f[2]);
      long maxEvent = Long.parseLong(f[3]);
      assertTrue(1000 <= minEvent && minEvent <= maxEvent && maxEvent < 1600, record);
      // every word was stamped 4000 µs after its event time
      assertEquals(minEvent + 4000, Long.parseLong(f[4]), record);
      assertEquals(maxEvent + 4000, Long.parseLong(f[5]), record);
    }
    occurrences.forEach(
        (word, n) -> assertEquals(n / 10, windows.getOrDefault(word, 0).intValue(), word));
    assertEquals(occurrences.values().stream().mapToInt(n -> n / 10).sum(), out.size());
  }
}
