package org.streambench.harness.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.UsageException;

/** A suite file's headline: one comparison or a list, not part of what the suite runs. */
class SuiteSpecHeadlineTest {
  private static final String BODY = "engines: [flink]\nworkloads: [identity]\nrates: [1000]\n";

  @TempDir Path dir;

  private SuiteSpec read(String yaml) throws Exception {
    Path file = dir.resolve("s.yaml");
    Files.writeString(file, yaml);
    return SuiteSpec.read(file, false);
  }

  @Test
  void aHeadlineIsOneComparisonOrAList() throws Exception {
    String one = "headline: {figure: e2e-p99, across: engine}\n" + BODY;
    assertEquals(List.of(new SuiteSpec.Headline("e2e-p99", "engine")), read(one).headline());
    assertEquals(read(one).headline(), SuiteSpec.headlinesIn(one));
    String two =
        "headline:\n  - {figure: sustainable, across: variant}\n"
            + "  - {figure: throughput-in, across: guarantee}\n"
            + BODY;
    assertEquals(2, read(two).headline().size());
    assertEquals(List.of(), read(BODY).headline());
    assertEquals(List.of(), SuiteSpec.headlinesIn(BODY));
  }

  @Test
  void aHeadlineWithoutItsDimensionIsRefusedInOneLine() {
    UsageException e =
        assertThrows(UsageException.class, () -> read("headline: {figure: e2e-p99}\n" + BODY));
    assertTrue(e.getMessage().contains("headline needs both figure and across"), e.getMessage());
  }

  @Test
  void theDescriptionAndHeadlineAreNotPartOfWhatASuiteRuns() throws Exception {
    SuiteSpec ran = read("description: first\n" + BODY);
    assertTrue(
        ran.runsTheSameAs(
            read("description: second\nheadline: {figure: e2e-p99, across: engine}\n" + BODY)));
    assertFalse(ran.runsTheSameAs(read(BODY.replace("1000", "2000"))));
  }
}
