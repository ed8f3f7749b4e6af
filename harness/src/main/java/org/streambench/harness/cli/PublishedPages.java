package org.streambench.harness.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;
import org.streambench.harness.report.ResultsIndex;
import org.streambench.harness.report.ResultsPage;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.StoredSuite;
import org.streambench.harness.suite.SuiteSpec;

/**
 * The results pages in one directory ({@code docs/results} of a checkout): each written from the
 * stored suite kept beside it ({@code <page>/suite.json}), checked against it, and the index
 * ({@code README.md}) generated from them. A page is what the current tool writes from its suite
 * and the suite file as it is now, word for word: a figure edited by hand, a suite file changed
 * since, or a page written by an older tool shows as a difference.
 */
final class PublishedPages {
  static final String INDEX = "README.md";

  private final Home home;
  private final Path dir;

  PublishedPages(Home home, Path dir) {
    this.home = home;
    this.dir = dir;
  }

  /** Keeps {@code suite} beside its page, writes the page and its charts, and the index. */
  Path publish(StoredSuite suite) throws IOException {
    suite.write(dataFile(suite.suite().name()));
    Path page = write(StoredSuite.read(dataFile(suite.suite().name())));
    Files.writeString(dir.resolve(INDEX), index(), StandardCharsets.UTF_8);
    return page;
  }

  /** Writes every page again from its stored suite, and the index; returns the pages written. */
  List<Path> rewrite() throws IOException {
    List<Path> written = new ArrayList<>();
    for (String page : pages()) {
      if (Files.isRegularFile(dataFile(page))) {
        written.add(write(StoredSuite.read(dataFile(page))));
      }
    }
    Files.writeString(dir.resolve(INDEX), index(), StandardCharsets.UTF_8);
    return written;
  }

  /** Where each page differs from what its stored suite gives, one line each; empty if nowhere. */
  List<String> check() throws IOException {
    List<String> problems = new ArrayList<>();
    for (String page : pages()) {
      Path data = dataFile(page);
      if (!Files.isRegularFile(data)) {
        continue;
      }
      StoredSuite suite = StoredSuite.read(data);
      Source source = source(suite);
      String name = page + ".md";
      if (!suite.suite().name().equals(page)) {
        problems.add(name + ": its stored suite is " + suite.suite().name() + "'s");
      } else if (source.regenerate() == null) {
        problems.add(
            name
                + ": its suite file no longer runs what the stored suite ran (changed or gone):"
                + " run the suite again");
      } else {
        String expected = ResultsPage.markdown(source.model(), source.text(), source.regenerate());
        firstDifference(Files.readString(dir.resolve(name)), expected)
            .ifPresent(d -> problems.add(name + ": " + d));
      }
    }
    Path index = dir.resolve(INDEX);
    String actual = Files.isRegularFile(index) ? Files.readString(index) : "";
    firstDifference(actual, index())
        .ifPresent(d -> problems.add(INDEX + " is not the index the pages give: " + d));
    return problems;
  }

  /** The pages without a stored suite beside them, which no check can reach. */
  List<String> uncheckable() throws IOException {
    return pages().stream().filter(p -> !Files.isRegularFile(dataFile(p))).toList();
  }

  private Path write(StoredSuite suite) throws IOException {
    Source source = source(suite);
    return ResultsPage.write(source.model(), source.text(), source.regenerate(), dir);
  }

  /** What a page is written from: its suite, and its suite file as it is now. */
  private record Source(ReportModel model, String text, String regenerate) {}

  private Source source(StoredSuite suite) throws IOException {
    Path file = ResultsPublisher.suiteFile(home, suite.suite().file());
    return new Source(
        ReportModel.ofSuite(suite),
        file == null ? null : Files.readString(file),
        ResultsPublisher.regenerate(file, suite.suite()));
  }

  private String index() throws IOException {
    List<ResultsIndex.Entry> entries = new ArrayList<>();
    for (String page : pages()) {
      entries.add(
          ResultsIndex.Entry.of(
              page,
              Files.readString(dir.resolve(page + ".md")),
              description(page),
              Files.isRegularFile(dataFile(page))));
    }
    return ResultsIndex.markdown(entries);
  }

  /** The description in the page's suite file ({@code suites/<page>.yaml}), null without one. */
  private String description(String page) {
    Path file = home.root().resolve("suites").resolve(page + ".yaml");
    if (!Files.isRegularFile(file)) {
      return null;
    }
    try {
      return SuiteSpec.read(file, false).description();
    } catch (UsageException e) {
      return null;
    }
  }

  private Path dataFile(String page) {
    return dir.resolve(page).resolve(StoredSuite.FILE_NAME);
  }

  /** The pages' names, sorted; the index is not one. */
  private List<String> pages() throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".md") && !n.equals(INDEX))
          .map(n -> n.substring(0, n.length() - ".md".length()))
          .sorted()
          .toList();
    }
  }

  /** The first line where {@code actual} is not {@code expected}, both quoted; empty if none. */
  static java.util.Optional<String> firstDifference(String actual, String expected) {
    if (actual.equals(expected)) {
      return java.util.Optional.empty();
    }
    String[] a = actual.split("\n", -1);
    String[] e = expected.split("\n", -1);
    int i = 0;
    while (i < a.length && i < e.length && a[i].equals(e[i])) {
      i++;
    }
    return java.util.Optional.of(
        String.format(
            "line %d is \"%s\", the stored suite gives \"%s\"",
            i + 1, i < a.length ? shorten(a[i]) : "(end)", i < e.length ? shorten(e[i]) : "(end)"));
  }

  private static String shorten(String line) {
    return line.length() <= 160 ? line : line.substring(0, 157) + "...";
  }
}
