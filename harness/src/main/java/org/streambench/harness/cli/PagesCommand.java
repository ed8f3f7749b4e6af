package org.streambench.harness.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code streambench pages}: the published pages checked against their stored suites. */
@Command(
    name = "pages",
    mixinStandardHelpOptions = true,
    description = {
      "Checks the published results pages: each page must be, word for word, what streambench"
          + " writes from the stored suite kept beside it (<page>/suite.json) and its suite file as"
          + " it is now, and the index README.md what the pages give. A figure edited by hand, a"
          + " suite file changed since its suite ran, or a page written by an older streambench"
          + " shows as a difference, named by page and line. Pages published before pages kept"
          + " their suite are listed as not checkable. Where two pages measured the same"
          + " configuration (same settings, processor and versions) and their figures disagree"
          + " beyond the noise each measured, both pages say so and link each other; the check"
          + " lists those pairs.",
      "Exit 0 when every checkable page and the index agree, 1 when one does not."
    })
final class PagesCommand implements Callable<Integer> {
  @Parameters(
      arity = "0..1",
      paramLabel = "DIR",
      description = "The pages' directory (default: docs/results of this checkout).")
  Path dir;

  @Option(
      names = "--rewrite",
      description =
          "Write every page again from its stored suite (after a change to how pages are written,"
              + " or to a suite file's comment) and the index, instead of checking them.")
  boolean rewrite;

  @Override
  public Integer call() throws Exception {
    Home home = Home.detect();
    Path pagesDir = dir != null ? dir : ResultsPublisher.directory(home, null);
    if (!Files.isDirectory(pagesDir)) {
      throw new UsageException("no such directory: " + pagesDir);
    }
    // the charts are drawn into SVG, never on a screen
    System.setProperty("java.awt.headless", "true");
    PublishedPages pages = new PublishedPages(home, pagesDir);
    if (rewrite) {
      List<Path> written = pages.rewrite();
      System.out.printf(
          "%d page(s) written from their stored suites, and %s%n",
          written.size(), pagesDir.resolve(PublishedPages.INDEX));
      return 0;
    }
    List<String> uncheckable = pages.uncheckable();
    if (!uncheckable.isEmpty()) {
      System.out.println(
          "not checkable (published before pages kept their stored suite; run them again): "
              + String.join(", ", uncheckable));
    }
    PublishedPages.Check check = pages.check();
    List<String> problems = check.differences();
    problems.forEach(p -> System.out.println("DIFFERS: " + p));
    check
        .disagreements()
        .forEach(
            d ->
                System.out.println(
                    "DISAGREE beyond their noise (both pages say so and link each other): " + d));
    System.out.println(
        problems.isEmpty()
            ? "every checkable page is what its stored suite gives, and so is the index"
            : problems.size()
                + " difference(s): run the suite again, or `./streambench pages --rewrite` where"
                + " only the writing changed");
    return problems.isEmpty() ? 0 : 1;
  }
}
