package org.streambench.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.streambench.harness.Home;

/**
 * This repository's {@code docs/results}: every page that keeps its stored suite is what that suite
 * gives, word for word, and the index is what the pages give ({@code ./streambench pages}).
 */
class PublishedResultsTest {
  @Test
  void everyPublishedPageIsWhatItsStoredSuiteGives() throws Exception {
    // the tests run in harness/: the checkout is its parent
    Path root = Path.of("..").toAbsolutePath().normalize();
    PublishedPages pages =
        new PublishedPages(new Home(root, root.resolve("runs")), root.resolve("docs/results"));
    assertEquals(
        List.of(), pages.check().differences(), "run ./streambench pages to see each difference");
  }
}
