package org.streambench.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.streambench.harness.Home;
import org.streambench.harness.report.Studies;
import org.streambench.harness.suite.SuiteSpec;

/**
 * This repository's {@code docs/results}: every page that keeps its stored suite is what that suite
 * gives, word for word, and the index is what the pages give ({@code ./streambench pages}); every
 * shipped suite states its question and the study it comes from, one that the index lists.
 */
class PublishedResultsTest {
  // the tests run in harness/: the checkout is its parent
  private final Path root = Path.of("..").toAbsolutePath().normalize();

  @Test
  void everyShippedSuiteStatesItsQuestionAndAStudyTheIndexLists() throws Exception {
    Studies studies = Studies.read(root.resolve(Studies.FILE));
    assertNotNull(studies.processor(), Studies.FILE + " names the pages' processor");
    try (Stream<Path> files = Files.list(root.resolve("suites"))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
        SuiteSpec spec = SuiteSpec.read(file, false);
        assertNotNull(spec.question(), file + ": question");
        assertNotNull(studies.byId(spec.study()), file + ": study '" + spec.study() + "'");
      }
    }
  }

  @Test
  void everyPublishedPageIsWhatItsStoredSuiteGives() throws Exception {
    PublishedPages pages =
        new PublishedPages(new Home(root, root.resolve("runs")), root.resolve("docs/results"));
    assertEquals(
        List.of(), pages.check().differences(), "run ./streambench pages to see each difference");
  }
}
