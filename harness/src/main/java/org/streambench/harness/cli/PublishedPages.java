package org.streambench.harness.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;
import org.streambench.harness.report.ResultsIndex;
import org.streambench.harness.report.ResultsPage;
import org.streambench.harness.report.SameConfigurations;
import org.streambench.harness.report.Studies;
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

  /** Keeps {@code suite} beside its page, writes the pages and their charts, and the index. */
  Path publish(StoredSuite suite) throws IOException {
    suite.write(dataFile(suite.suite().name()));
    rewrite();
    return dir.resolve(suite.suite().name() + ".md");
  }

  /**
   * Writes every page again from its stored suite (each page names the configurations other pages
   * measured too, so one suite's new data can change another's page), and the index; returns the
   * pages written.
   */
  List<Path> rewrite() throws IOException {
    List<Path> written = new ArrayList<>();
    Map<String, Source> sources = sources();
    for (Source source : sources.values()) {
      written.add(
          ResultsPage.write(
              source.model(), source.text(), source.regenerate(), source.others(), dir));
    }
    Files.writeString(dir.resolve(INDEX), index(sources), StandardCharsets.UTF_8);
    return written;
  }

  /**
   * What {@code ./streambench pages} reports.
   *
   * @param differences where a page (or the index) differs from what its stored suite gives, one
   *     line each; empty if nowhere
   * @param disagreements where two pages measured the same configuration and disagree beyond their
   *     noise, one line per pair of pages and figure: the pages say so themselves, and link each
   *     other
   */
  record Check(List<String> differences, List<String> disagreements) {}

  /** Every checkable page and the index against what the stored suites give. */
  Check check() throws IOException {
    List<String> problems = new ArrayList<>();
    List<String> disagreements = new ArrayList<>();
    Map<String, Source> sources = sources();
    sources.forEach(
        (page, source) -> {
          String name = page + ".md";
          if (!source.model().suite().name().equals(page)) {
            problems.add(name + ": its stored suite is " + source.model().suite().name() + "'s");
          } else if (source.regenerate() == null) {
            problems.add(
                name
                    + ": its suite file no longer runs what the stored suite ran (changed or"
                    + " gone): run the suite again");
          } else {
            String expected =
                ResultsPage.markdown(
                    source.model(), source.text(), source.regenerate(), source.others());
            firstDifference(read(dir.resolve(name)), expected)
                .ifPresent(d -> problems.add(name + ": " + d));
          }
          source.others().stream()
              .filter(m -> m.disagrees() && page.compareTo(m.otherPage()) < 0)
              .forEach(
                  m ->
                      disagreements.add(
                          String.format(
                              "%s and %s, %s: %s", page, m.otherPage(), m.here(), m.figure())));
        });
    Path index = dir.resolve(INDEX);
    String actual = Files.isRegularFile(index) ? Files.readString(index) : "";
    firstDifference(actual, index(sources))
        .ifPresent(d -> problems.add(INDEX + " is not the index the pages give: " + d));
    return new Check(problems, disagreements);
  }

  /** The pages without a stored suite beside them, which no check can reach. */
  List<String> uncheckable() throws IOException {
    return pages().stream().filter(p -> !Files.isRegularFile(dataFile(p))).toList();
  }

  /**
   * What a page is written from: its suite, its suite file as it is now, and its configurations
   * that other pages measured too.
   */
  private record Source(
      ReportModel model,
      Path file,
      String text,
      String regenerate,
      List<SameConfigurations.Match> others) {}

  /** Every page with a stored suite beside it, by name. */
  private Map<String, Source> sources() throws IOException {
    Map<String, StoredSuite> suites = new TreeMap<>();
    for (String page : stored()) {
      suites.put(page, StoredSuite.read(dataFile(page)));
    }
    Map<String, ReportModel> models = new TreeMap<>();
    suites.forEach((page, suite) -> models.put(page, ReportModel.ofSuite(suite)));
    Map<String, List<SameConfigurations.Match>> matches = SameConfigurations.of(models);
    Map<String, Source> sources = new TreeMap<>();
    for (var e : suites.entrySet()) {
      Path file = ResultsPublisher.suiteFile(home, e.getValue().suite().file());
      sources.put(
          e.getKey(),
          new Source(
              models.get(e.getKey()),
              file,
              file == null ? null : Files.readString(file),
              ResultsPublisher.regenerate(file, e.getValue().suite()),
              matches.getOrDefault(e.getKey(), List.of())));
    }
    return sources;
  }

  private static String read(Path page) {
    try {
      return Files.isRegularFile(page) ? Files.readString(page) : "";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String index(Map<String, Source> sources) throws IOException {
    List<ResultsIndex.Entry> entries = new ArrayList<>();
    List<String> pages = pages();
    for (String page : pages) {
      Source source = sources.get(page);
      entries.add(
          source != null
              ? ResultsIndex.Entry.ofStored(
                  page, source.model(), source.text(), source.others(), ofSuite(source.file()))
              : ResultsIndex.Entry.ofUnchecked(
                  page,
                  Files.readString(dir.resolve(page + ".md")),
                  ofSuite(home.root().resolve("suites").resolve(page + ".yaml"))));
    }
    for (Path file : shippedSuites()) {
      String name = file.getFileName().toString().replaceFirst("\\.yaml$", "");
      if (!pages.contains(name)) {
        entries.add(ResultsIndex.Entry.ofUnpublished(name, ofSuite(file)));
      }
    }
    return ResultsIndex.markdown(entries, Studies.read(home.root().resolve(Studies.FILE)));
  }

  /** The suite files shipped in the checkout's {@code suites/}, sorted. */
  private List<Path> shippedSuites() throws IOException {
    Path suites = home.root().resolve("suites");
    if (!Files.isDirectory(suites)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(suites)) {
      return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
    }
  }

  /** What a suite file says of itself, null without a readable file. */
  private static ResultsIndex.Entry.SuiteFileText ofSuite(Path suiteFile) {
    if (suiteFile == null || !Files.isRegularFile(suiteFile)) {
      return null;
    }
    try {
      SuiteSpec spec = SuiteSpec.read(suiteFile, false);
      return new ResultsIndex.Entry.SuiteFileText(
          spec.description(), spec.study(), spec.question(), "sustainable".equals(spec.mode()));
    } catch (UsageException e) {
      return null;
    }
  }

  private Path dataFile(String page) {
    return dir.resolve(page).resolve(StoredSuite.FILE_NAME);
  }

  /** The names of the stored suites kept here (a page's may not be written yet), sorted. */
  private List<String> stored() throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> dirs = Files.list(dir)) {
      return dirs.filter(d -> Files.isRegularFile(d.resolve(StoredSuite.FILE_NAME)))
          .map(d -> d.getFileName().toString())
          .sorted()
          .toList();
    }
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
  static Optional<String> firstDifference(String actual, String expected) {
    if (actual.equals(expected)) {
      return Optional.empty();
    }
    String[] a = actual.split("\n", -1);
    String[] e = expected.split("\n", -1);
    int i = 0;
    while (i < a.length && i < e.length && a[i].equals(e[i])) {
      i++;
    }
    return Optional.of(
        String.format(
            "line %d is \"%s\", the stored suite gives \"%s\"",
            i + 1, i < a.length ? shorten(a[i]) : "(end)", i < e.length ? shorten(e[i]) : "(end)"));
  }

  private static String shorten(String line) {
    return line.length() <= 160 ? line : line.substring(0, 157) + "...";
  }
}
