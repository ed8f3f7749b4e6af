package org.streambench.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;

class ClassDataSharingTest {
  private static final String MAIN = Hello.class.getName();

  @TempDir Path dir;

  /** The main class of the real JVMs below: runs until its standard input ends. */
  public static final class Hello {
    public static void main(String[] args) throws IOException {
      System.out.println("hello");
      System.in.readAllBytes();
    }
  }

  private ClassDataSharing on() {
    return new ClassDataSharing(true, "test-jvm", Home.javaBinary().resolveSibling("jcmd"));
  }

  @Test
  void aFirstProcessLeavesAMarkALaterOneRecordsItsClassesAndWithAnArchiveOneMapsIt()
      throws IOException {
    Path jar = Files.writeString(dir.resolve("engine.jar"), "a jar");
    ClassDataSharing.Archive first = on().forProcess(jar, MAIN);
    ClassDataSharing.Archive sibling = on().forProcess(jar, MAIN);
    assertFalse(first.writing());
    assertEquals(List.of(), first.jvmOptions());
    first.writeFrom(0);
    assertTrue(Files.exists(first.stoppedMark()), "the mark left as it stopped");
    sibling.writeFrom(0);
    assertFalse(sibling.writing(), "started before the first stopped: a first run's process");

    ClassDataSharing.Archive second = on().forProcess(jar, MAIN);
    assertTrue(second.writing());
    assertTrue(second.jvmOptions().contains("-XX:+RecordDynamicDumpInfo"), second.toString());

    Files.writeString(second.toWrite(), "the archive");
    ClassDataSharing.Archive later = on().forProcess(jar, MAIN);
    assertFalse(later.writing());
    assertEquals("-XX:SharedArchiveFile=" + second.toWrite(), later.jvmOptions().get(0));
  }

  @Test
  void aRebuiltJarGetsANewArchiveAndAnAbandonedWriteIsCleared() throws IOException {
    Path jar = Files.writeString(dir.resolve("engine.jar"), "a jar");
    ClassDataSharing.Archive first = on().forProcess(jar, MAIN);
    first.writeFrom(0);
    Path old = on().forProcess(jar, MAIN).toWrite();
    Files.writeString(old, "the archive");
    Path abandoned = Files.writeString(Path.of(old + ".1.tmp"), "half");
    Files.setLastModifiedTime(
        abandoned, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
    Path writing = Files.writeString(Path.of(old + ".2.tmp"), "half");

    Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() + 60_000));
    ClassDataSharing.Archive rebuilt = on().forProcess(jar, MAIN);
    assertFalse(rebuilt.writing(), "the rebuilt jar's first process");
    assertNotEquals(first.stoppedMark(), rebuilt.stoppedMark());
    assertFalse(Files.exists(old), "the old jar's archive is removed");
    assertFalse(Files.exists(first.stoppedMark()), "and its mark");
    assertFalse(Files.exists(abandoned));
    assertTrue(Files.exists(writing), "a write under way is left alone");
  }

  @Test
  void offWithoutAJarOrWithoutJcmdItAddsNothing() throws IOException {
    Path jar = Files.writeString(dir.resolve("engine.jar"), "a jar");
    Path jcmd = Home.javaBinary().resolveSibling("jcmd");
    assertEquals(
        List.of(), new ClassDataSharing(false, "jvm", jcmd).forProcess(jar, MAIN).jvmOptions());
    assertEquals(List.of(), on().forProcess(dir.resolve("missing.jar"), MAIN).jvmOptions());
    ClassDataSharing noJcmd = new ClassDataSharing(true, "jvm", dir.resolve("jcmd"));
    assertEquals(List.of(), noJcmd.forProcess(jar, MAIN).jvmOptions());
  }

  @Test
  void theSwitchIsOnOrOff() {
    assertTrue(ClassDataSharing.enabled(Map.of()));
    assertTrue(ClassDataSharing.enabled(Map.of(ClassDataSharing.SWITCH, "ON")));
    assertFalse(ClassDataSharing.enabled(Map.of(ClassDataSharing.SWITCH, "off")));
    UsageException e =
        assertThrows(
            UsageException.class,
            () -> ClassDataSharing.enabled(Map.of(ClassDataSharing.SWITCH, "maybe")));
    assertEquals(ClassDataSharing.SWITCH + " must be on or off, not maybe", e.getMessage());
  }

  /** A real JVM writes the archive before it stops, and the next one loads its classes from it. */
  @Test
  void aRealJvmLoadsItsClassesFromTheArchiveItsPredecessorWrote() throws Exception {
    Path jar = jarOf(Hello.class);
    ClassDataSharing.Archive marker = on().forProcess(jar, MAIN);
    runAndStopInOrder(marker, jar);
    assertTrue(Files.exists(marker.stoppedMark()), "the first process only leaves its mark");

    ClassDataSharing.Archive writer = on().forProcess(jar, MAIN);
    runAndStopInOrder(writer, jar);
    assertTrue(Files.size(writer.toWrite()) > 0, "archive written");
    try (var left = Files.list(dir.resolve("class-data"))) {
      assertEquals(
          List.of(writer.toWrite()),
          left.filter(f -> !f.equals(marker.stoppedMark())).toList(),
          "no temporary file left");
    }

    ClassDataSharing.Archive reader = on().forProcess(jar, MAIN);
    assertFalse(reader.writing());
    Process third = java(reader, jar);
    third.getOutputStream().close();
    String out = new String(third.getInputStream().readAllBytes());
    assertEquals(0, third.waitFor(), out);
    assertTrue(out.lines().anyMatch(l -> l.contains(MAIN + " source: shared objects file")), out);
  }

  /** Starts a JVM with {@code archive}'s options and stops it as the harness does, in order. */
  private static void runAndStopInOrder(ClassDataSharing.Archive archive, Path jar)
      throws Exception {
    Process p = java(archive, jar);
    assertEquals("hello", new String(p.getInputStream().readNBytes(5)));
    archive.writeFrom(p.pid());
    p.getOutputStream().close();
    assertEquals(0, p.waitFor());
  }

  private static Process java(ClassDataSharing.Archive archive, Path jar) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(Home.javaBinary().toString()));
    cmd.addAll(archive.jvmOptions());
    if (archive.jvmOptions().stream().anyMatch(o -> o.startsWith("-XX:SharedArchiveFile="))) {
      cmd.add("-Xlog:class+load=info");
    }
    cmd.addAll(List.of("-cp", jar.toString(), MAIN));
    return new ProcessBuilder(cmd).redirectErrorStream(true).start();
  }

  private Path jarOf(Class<?> c) throws IOException {
    Path jar = dir.resolve("hello.jar");
    String entry = c.getName().replace('.', '/') + ".class";
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
        InputStream in = c.getClassLoader().getResourceAsStream(entry)) {
      out.putNextEntry(new JarEntry(entry));
      in.transferTo(out);
    }
    return jar;
  }
}
