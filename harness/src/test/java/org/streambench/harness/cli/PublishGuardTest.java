package org.streambench.harness.cli;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;
import org.streambench.harness.run.Provenance;

/** What --publish refuses, on a real git checkout in a temporary directory. */
class PublishGuardTest {
  @TempDir Path root;
  private Home home;
  private Path results;

  @BeforeEach
  void checkout() throws Exception {
    home = new Home(root, root.resolve("runs"));
    results = root.resolve("docs/results");
    Files.createDirectories(results);
    Files.createDirectories(root.resolve("harness/src/main/java"));
    Files.writeString(root.resolve("harness/src/main/java/A.java"), "class A {}\n");
    Files.writeString(root.resolve(".gitignore"), "runs/\ntarget/\n");
    git("init", "-q");
    git("add", "-A");
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "init");
  }

  private void git(String... args) throws Exception {
    String[] cmd = new String[args.length + 3];
    cmd[0] = "git";
    cmd[1] = "-C";
    cmd[2] = root.toString();
    System.arraycopy(args, 0, cmd, 3, args.length);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertEquals(0, p.waitFor(), out);
  }

  @Test
  void aCleanTreeAndChangedPagesMayPublish() throws IOException {
    assertDoesNotThrow(() -> PublishGuard.requireCitable(home, results));
    Files.writeString(results.resolve("page.md"), "# a page being rewritten\n");
    assertDoesNotThrow(() -> PublishGuard.requireCitable(home, results));
    assertEquals(false, Provenance.tool(home).get("dirty"), "provenance agrees: still clean");
  }

  @Test
  void uncommittedCodeOrSuitesAreRefusedInOneLine() throws IOException {
    Files.writeString(root.resolve("harness/src/main/java/A.java"), "class A { int x; }\n");
    UsageException e =
        assertThrows(UsageException.class, () -> PublishGuard.requireCitable(home, results));
    assertTrue(e.getMessage().contains("harness/src/main/java/A.java"), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"), e.getMessage());
    // a new, untracked suite file counts too
    Files.writeString(root.resolve("harness/src/main/java/A.java"), "class A {}\n");
    Files.createDirectories(root.resolve("suites"));
    Files.writeString(root.resolve("suites/new.yaml"), "engines: [baseline]\n");
    assertThrows(UsageException.class, () -> PublishGuard.requireCitable(home, results));
    assertEquals(true, Provenance.tool(home).get("dirty"), "provenance agrees: dirty");
    // a private draft elsewhere is not checked
    assertDoesNotThrow(() -> PublishGuard.requireCitable(home, root.resolve("draft")));
  }

  @Test
  void jarsOlderThanTheirSourcesAreRefused() throws IOException {
    Path jar = root.resolve("harness/target/streambench-harness.jar");
    Files.createDirectories(jar.getParent());
    Files.writeString(jar, "");
    Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(60)));
    UsageException e =
        assertThrows(UsageException.class, () -> PublishGuard.requireCitable(home, results));
    assertTrue(e.getMessage().contains("A.java is newer than the harness jar"), e.getMessage());
    Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(60)));
    assertDoesNotThrow(() -> PublishGuard.requireCitable(home, results));
  }
}
