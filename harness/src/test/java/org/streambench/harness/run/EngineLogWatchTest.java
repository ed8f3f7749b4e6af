package org.streambench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.api.EpochMicros;
import org.streambench.harness.results.RunResult;

@Timeout(30)
class EngineLogWatchTest {
  @TempDir Path dir;

  private static void append(Path log, String text) throws IOException {
    Files.writeString(
        log, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  @Test
  void theFirstMatchingLineAfterAFaultIsItsNoticeAndEarlierOnesDoNotCount() throws Exception {
    Path jm = dir.resolve("jobmanager.log");
    Path tm = dir.resolve("taskmanager-1.log");
    append(jm, "The heartbeat of TaskManager with id tm-0 timed out. (before the watch)\n");
    Pattern p = Pattern.compile("heartbeat of \\S+ with id \\S+ timed out");
    try (EngineLogWatch watch =
        new EngineLogWatch(p, () -> Map.of("jobmanager", jm, "taskmanager-1", tm))) {
      watch.start();
      long fault = EpochMicros.now();
      append(tm, "an unrelated line\n");
      append(jm, "The heartbeat of TaskManager with id tm-1 ti"); // written in two parts
      Thread.sleep(500);
      assertFalse(watch.noticeOf(fault).seen(), "half a line is not a line yet");
      append(jm, "med out.\n");
      RunResult.Notice n = null;
      for (int i = 0; i < 50 && (n == null || !n.seen()); i++) {
        Thread.sleep(100);
        n = watch.noticeOf(fault);
      }
      RunResult.Notice seen = n;
      assertTrue(seen.seen(), "the line after the fault");
      assertEquals("jobmanager", seen.process());
      assertEquals("The heartbeat of TaskManager with id tm-1 timed out.", seen.line());
      assertTrue(seen.afterSeconds() >= 0.4 && seen.afterSeconds() < 5, () -> "after " + seen);
      assertFalse(watch.noticeOf(EpochMicros.now()).seen(), "nothing after a later fault");
      assertEquals("not seen", RunResult.Notice.cell(watch.noticeOf(EpochMicros.now())));
    }
    assertEquals("-", RunResult.Notice.cell(null));
  }
}
