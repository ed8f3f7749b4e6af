package org.streambench.harness.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
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
  private static final Set<String> SKIPPED_DIRS = Set.of("target", ".git", "runs");
  // an engine's sources for one line of its versions (src/flink2, src/streams40, src/storm26,
  // src/yarn and src/no-yarn, ...)
  private static final Pattern LINE_SOURCES =
      Pattern.compile("/src/(flink2|streams4[0-9]*|storm2[0-9]|yarn|no-yarn)/");

  private PublishGuard() {}

  /** Refuses, in one line, a tree or build that a published page could not cite. */
  static void requireCitable(Home home, Path dir) {
    if (!isPublished(home, dir)) {
      return;
    }
    List<String> blocking = Provenance.uncommitted(home);
    if (blocking == null) {
      throw new UsageException(
          "--publish needs a git checkout, to cite the commit that ran: " + home.root());
    }
    if (!blocking.isEmpty()) {
      throw new UsageException(
          String.format(
              "--publish needs a committed tree, but %d file(s) have uncommitted changes (%s%s):"
                  + " commit them, or publish from a clean clone",
              blocking.size(), blocking.get(0), blocking.size() > 1 ? ", ..." : ""));
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
    Path results = home.root().resolve(Provenance.RESULTS_DIR).toAbsolutePath().normalize();
    return dir.toAbsolutePath().normalize().startsWith(results);
  }

  /**
   * A pom or main source file newer than the harness jar (the launcher's own staleness rule), or
   * empty; empty too where no harness jar was built (the tests' classpath). The walk skips build
   * outputs, git's store and run directories, and stops at the first stale file.
   */
  static Optional<Path> staleSource(Home home) {
    Path jar = home.root().resolve("harness/target/streambench-harness.jar");
    if (!Files.isRegularFile(jar)) {
      return Optional.empty();
    }
    try {
      FileTime built = Files.getLastModifiedTime(jar);
      Path[] stale = {null};
      Files.walkFileTree(
          home.root(),
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
              // the checkout's own name does not count, only the directories inside it
              return !dir.equals(home.root())
                      && SKIPPED_DIRS.contains(String.valueOf(dir.getFileName()))
                  ? FileVisitResult.SKIP_SUBTREE
                  : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
              boolean source =
                  file.getFileName().toString().equals("pom.xml")
                      || file.toString().contains("/src/main/")
                      || LINE_SOURCES.matcher(file.toString()).find();
              if (source && attrs.lastModifiedTime().compareTo(built) > 0) {
                stale[0] = file;
                return FileVisitResult.TERMINATE;
              }
              return FileVisitResult.CONTINUE;
            }
          });
      return Optional.ofNullable(stale[0]);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
