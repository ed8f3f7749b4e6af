package org.streambench.harness.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;
import org.streambench.harness.report.model.Provenances;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.run.Provenance;

/**
 * What {@code --publish} refuses before it writes a page under the checkout's {@code docs/results}:
 * a working tree with uncommitted changes other than results pages (the page would cite a commit
 * that did not run), jars older than the sources they were built from (the commit would not be the
 * code that ran), and a stored suite whose runs were made from such a tree. A page written
 * elsewhere ({@code --publish DIR} outside it) is a private draft and is not checked.
 */
final class PublishGuard {
  private static final String RESULTS = "docs/results/";

  private PublishGuard() {}

  /** Refuses, in one line, a tree or build that a published page could not cite. */
  static void requireCitable(Home home, Path dir) {
    if (!isPublished(home, dir)) {
      return;
    }
    List<String> changes = Provenance.uncommitted(home);
    if (changes == null) {
      throw new UsageException(
          "--publish needs a git checkout, to cite the commit that ran: " + home.root());
    }
    List<String> blocking = changes.stream().filter(l -> !path(l).startsWith(RESULTS)).toList();
    if (!blocking.isEmpty()) {
      throw new UsageException(
          String.format(
              "--publish needs a committed tree, but %d file(s) have uncommitted changes (%s%s):"
                  + " commit them, or publish from a clean clone",
              blocking.size(), path(blocking.get(0)), blocking.size() > 1 ? ", ..." : ""));
    }
    staleSource(home)
        .ifPresent(
            src -> {
              throw new UsageException(
                  "--publish needs jars built from the committed sources, but "
                      + home.root().relativize(src)
                      + " is newer than the harness jar: build first (./streambench --version)");
            });
  }

  /** Refuses a stored suite whose runs came from a tree with uncommitted changes. */
  static void requireCleanRuns(Home home, Path dir, List<RunResult> runs) {
    if (!isPublished(home, dir)) {
      return;
    }
    for (RunResult r : runs) {
      if (Provenances.dirty(r)) {
        throw new UsageException(
            "--publish: run "
                + r.runId()
                + " of this suite ran from a tree with uncommitted changes (its provenance says"
                + " dirty); run the suite again from a clean tree to publish it");
      }
    }
  }

  /** Whether {@code dir} is the checkout's published results (or inside them). */
  static boolean isPublished(Home home, Path dir) {
    Path results = home.root().resolve(RESULTS).toAbsolutePath().normalize();
    return dir.toAbsolutePath().normalize().startsWith(results);
  }

  /**
   * The path of a {@code git status --porcelain} line ({@code XY path}, or a rename's target); the
   * status may have lost its leading blank ({@code M path}).
   */
  static String path(String porcelain) {
    String p = porcelain.replaceFirst("^[ MTADRCU?!]{1,2} +", "");
    int arrow = p.indexOf(" -> ");
    return arrow < 0 ? p : p.substring(arrow + 4);
  }

  /**
   * A pom or main source file newer than the harness jar (the launcher's own staleness rule), or
   * empty; empty too where no harness jar was built (the tests' classpath).
   */
  static Optional<Path> staleSource(Home home) {
    Path jar = home.root().resolve("harness/target/streambench-harness.jar");
    if (!Files.isRegularFile(jar)) {
      return Optional.empty();
    }
    try (Stream<Path> files = Files.walk(home.root())) {
      FileTime built = Files.getLastModifiedTime(jar);
      List<Path> sources = new ArrayList<>();
      files
          .filter(p -> !skipped(home, p))
          .filter(p -> p.getFileName().toString().equals("pom.xml") || isMainSource(p))
          .forEach(sources::add);
      for (Path p : sources) {
        if (Files.getLastModifiedTime(p).compareTo(built) > 0) {
          return Optional.of(p);
        }
      }
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static boolean skipped(Home home, Path p) {
    Path rel = home.root().relativize(p);
    for (Path part : rel) {
      String name = part.toString();
      if (name.equals("target") || name.equals(".git") || name.equals("runs")) {
        return true;
      }
    }
    return false;
  }

  private static boolean isMainSource(Path p) {
    return Files.isRegularFile(p) && p.toString().contains("/src/main/");
  }
}
