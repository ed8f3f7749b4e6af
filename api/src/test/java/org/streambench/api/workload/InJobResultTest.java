package org.streambench.api.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InJobResultTest {
  @TempDir Path runDir;

  @Test
  void grepWritesItsMatches() throws IOException {
    new InJobResult(100, 9, 5, 8).grep(9, 450).write(runDir);
    assertEquals(
        List.of(
            "end.micros=8",
            "matched=9",
            "matched.seq.sum=450",
            "outputs=9",
            "records=100",
            "start.micros=5"),
        Files.readAllLines(runDir.resolve(InJobResult.FILE)));
    assertFalse(Files.exists(runDir.resolve(InJobResult.FILE + ".tmp")));
  }

  @Test
  void groupingWritesTheFinalAggregatePerKey() {
    Map<String, String> keys = new TreeMap<>(Map.of("k1", "2,7", "k0", "1,3"));
    Map<String, String> lines = new InJobResult(3, 3, 5, 8).grouping(keys).lines();
    assertEquals("2", lines.get("keys"));
    assertEquals("2,7", lines.get("key.k1"));
    assertEquals("1,3", lines.get("key.k0"));
    assertEquals(7, lines.size());
    assertEquals("0", new InJobResult(0, 0, 5, 5).grouping(Map.of()).lines().get("keys"));
  }
}
