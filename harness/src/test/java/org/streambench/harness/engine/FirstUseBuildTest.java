package org.streambench.harness.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;

class FirstUseBuildTest {
  @TempDir Path root;
  private EngineRegistry registry;
  private final ByteArrayOutputStream said = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(said, true, StandardCharsets.UTF_8);

  @BeforeEach
  void register() throws IOException {
    write(
        "toy",
        "name=toy",
        "version=2.0",
        "jar=target/toy.jar",
        "main=toy.Main",
        "workloads=identity",
        "guarantees=at-least-once");
    write("toy-1.0", "version-of=toy", "version=1.0", "jar=target/toy-1.0.jar");
    write(
        "toy-1.5",
        "version-of=toy",
        "version=1.5",
        "jar=target/toy-1.5.jar",
        "build.profile=toy-1.5");
    registry = EngineRegistry.scan(root.resolve("engines"));
  }

  @Test
  void onlyAVersionThatNamesAProfileIsBuiltOnFirstUse() {
    assertEquals(Optional.of("toy-1.5"), FirstUseBuild.profileOf(registry.named("toy@1.5")));
    assertEquals(Optional.empty(), FirstUseBuild.profileOf(registry.named("toy@1.0")));
    assertEquals(Optional.empty(), FirstUseBuild.profileOf(registry.named("toy")));
  }

  @Test
  void aJarIsStaleWhenMissingOrOlderThanTheDefaultVersionsJar() throws IOException {
    Path jar = root.resolve("line.jar");
    Path defaultJar = root.resolve("default.jar");
    assertTrue(FirstUseBuild.stale(jar, defaultJar), "missing");
    Files.writeString(jar, "");
    assertFalse(FirstUseBuild.stale(jar, defaultJar), "no default jar to be older than");
    Files.writeString(defaultJar, "");
    Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(60)));
    assertTrue(FirstUseBuild.stale(jar, defaultJar), "older than the default's");
    Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(60)));
    assertFalse(FirstUseBuild.stale(jar, defaultJar), "newer than the default's");
  }

  @Test
  void aFreshJarOrAVersionTheBuildMakesIsLeftAlone() throws IOException {
    EngineDescriptor line = registry.named("toy@1.5");
    Files.createDirectories(line.jar().getParent());
    Files.writeString(line.jar(), "");
    FirstUseBuild.ensure(home(), line, registry.named("toy"), out);
    FirstUseBuild.ensure(home(), registry.named("toy@1.0"), registry.named("toy"), out);
    assertEquals("", said.toString(StandardCharsets.UTF_8));
  }

  /** Maven runs for real here: with no pom in the home it fails at once. */
  @Test
  void aFailedBuildIsOneLineNamingMavensLog() {
    EngineDescriptor line = registry.named("toy@1.5");
    UsageException e =
        assertThrows(
            UsageException.class,
            () -> FirstUseBuild.ensure(home(), line, registry.named("toy"), out));
    Path log = line.dir().resolve("target/first-use-build.log");
    assertTrue(
        e.getMessage().startsWith("building toy@1.5 failed (Maven exit ")
            && e.getMessage().endsWith("its output: " + log + ")")
            && !e.getMessage().contains("\n"),
        e.getMessage());
    assertTrue(Files.isRegularFile(log), "Maven's output is kept");
    assertTrue(
        said.toString(StandardCharsets.UTF_8)
            .startsWith(
                "streambench: building toy@1.5 on first use (Maven builds engines/toy on toy 1.5"),
        said.toString(StandardCharsets.UTF_8));
  }

  private Home home() {
    return new Home(root, root.resolve("runs"));
  }

  private void write(String dir, String... lines) throws IOException {
    Path d = Files.createDirectories(root.resolve("engines").resolve(dir));
    Files.writeString(d.resolve("engine.properties"), String.join("\n", lines));
  }
}
