package org.streambench.harness.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.streambench.harness.UsageException;

/**
 * The JVM's application class-data sharing (AppCDS) for the processes the harness starts: one
 * archive per jar and main class, in {@code class-data/} beside the jar. Until it exists, a process
 * of that jar and main started after another had been stopped in order records what it loads
 * ({@code -XX:+RecordDynamicDumpInfo}) and the harness has it write the archive ({@code jcmd VM.cds
 * dynamic_dump}) just before it stops the process in order, after the run's measurements; processes
 * started before any had been stopped (a first run's) only leave a mark as they stop. Writing took
 * about 5 s per process on two cores (a Flink cluster run ended 14 s after its output instead of 4
 * s), which a main started in one run only, a one-off run's or a test's, would never win back.
 * Later processes map the archive ({@code -XX:SharedArchiveFile}) instead of loading and verifying
 * those classes from the jar again. An engine is ready 2 to 3 s sooner on two cores (Flink's local
 * MiniCluster after 3.8 to 4.1 s instead of 6.4 s, Spark's local run after 6.9 s instead of 8.8 s);
 * the JIT compiles the same code once a process runs. A process that exits by itself or is killed
 * writes nothing. An archive's name carries the jar's size and time and the JVM's version, so a
 * rebuilt jar or another JVM gets a new one. {@code STREAMBENCH_CLASS_DATA_SHARING=off} starts
 * every process without it.
 */
public final class ClassDataSharing {
  /** The environment variable that turns it off (on by default). */
  public static final String SWITCH = "STREAMBENCH_CLASS_DATA_SHARING";

  /** The dump lists every class it skips as a warning; those would fill the process's log. */
  private static final String QUIET = "-Xlog:cds*=error";

  /** A temporary archive older than this was left by a harness that died while writing it. */
  private static final Duration ABANDONED_AFTER = Duration.ofMinutes(10);

  private static final Duration WRITE_TIMEOUT = Duration.ofSeconds(60);

  private final boolean enabled;
  private final String jvm;
  private final Path jcmd;

  ClassDataSharing(boolean enabled, String jvm, Path jcmd) {
    this.enabled = enabled;
    this.jvm = jvm;
    this.jcmd = jcmd;
  }

  /** As the environment says, for this JVM (the one every child runs on). */
  public static ClassDataSharing fromEnvironment() {
    String home = System.getProperty("java.home");
    return new ClassDataSharing(
        enabled(System.getenv()), home + " " + Runtime.version(), Path.of(home, "bin", "jcmd"));
  }

  static boolean enabled(Map<String, String> env) {
    String value = env.getOrDefault(SWITCH, "on").trim().toLowerCase(Locale.ROOT);
    return switch (value) {
      case "on", "" -> true;
      case "off" -> false;
      default -> throw new UsageException(SWITCH + " must be on or off, not " + value);
    };
  }

  public boolean enabled() {
    return enabled;
  }

  /**
   * The archive of a process of {@code mainClass} from {@code jar}: one to map, one to write before
   * it stops, only the mark to leave as it stops (none was left yet), or none (off, no jar, or a
   * JVM without jcmd).
   */
  public Archive forProcess(Path jar, String mainClass) throws IOException {
    if (!enabled || !Files.isRegularFile(jar) || !Files.isExecutable(jcmd)) {
      return Archive.NONE;
    }
    Path dir = jar.toAbsolutePath().getParent().resolve("class-data");
    String prefix = jar.getFileName() + "-" + mainClass + "-";
    String stamp = stamp(jar);
    Path archive = dir.resolve(prefix + stamp + ".jsa");
    if (Files.isRegularFile(archive)) {
      return new Archive(List.of("-XX:SharedArchiveFile=" + archive, QUIET), null, null, null);
    }
    Files.createDirectories(dir);
    Path stopped = dir.resolve(prefix + stamp + ".stopped");
    try (Stream<Path> files = Files.list(dir)) {
      for (Path old : files.filter(f -> f.getFileName().toString().startsWith(prefix)).toList()) {
        // an archive or mark of a jar since rebuilt, or an archive a harness that died left half
        // written (not this jar's archive, which another process moved in meanwhile)
        boolean current = old.equals(stopped) || old.equals(archive);
        if (!current && (!old.toString().endsWith(".tmp") || abandoned(old))) {
          Files.deleteIfExists(old);
        }
      }
    }
    if (!Files.exists(stopped)) {
      return new Archive(List.of(), null, null, stopped);
    }
    return new Archive(List.of("-XX:+RecordDynamicDumpInfo", QUIET), archive, jcmd, null);
  }

  private String stamp(Path jar) throws IOException {
    String of = Files.size(jar) + " " + Files.getLastModifiedTime(jar).toMillis() + " " + jvm;
    return Integer.toHexString(of.hashCode());
  }

  private static boolean abandoned(Path file) throws IOException {
    return Files.getLastModifiedTime(file)
        .toInstant()
        .isBefore(Instant.now().minus(ABANDONED_AFTER));
  }

  /**
   * A process's JVM options for class-data sharing, and, when it records what it loads, the archive
   * it is to write and the jcmd that makes it write; or, for a process started before any of its
   * jar and main had been stopped, the mark it leaves as it stops.
   */
  public record Archive(List<String> jvmOptions, Path toWrite, Path jcmd, Path stoppedMark) {
    static final Archive NONE = new Archive(List.of(), null, null, null);

    /** Whether the process records what it loads, to write the archive before it stops. */
    public boolean writing() {
      return toWrite != null;
    }

    /**
     * Has the running process {@code pid} write the archive, unless another process of the same jar
     * and main did already, or leaves its mark; a failure only means that a later process writes
     * it.
     */
    public void writeFrom(long pid) {
      if (stoppedMark != null) {
        leaveMark();
      }
      if (!writing() || Files.exists(toWrite)) {
        return;
      }
      Path temporary = toWrite.resolveSibling(toWrite.getFileName() + "." + pid + ".tmp");
      try {
        Process dump =
            new ProcessBuilder(
                    jcmd.toString(),
                    Long.toString(pid),
                    "VM.cds",
                    "dynamic_dump",
                    temporary.toString())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!dump.waitFor(WRITE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
          dump.destroyForcibly();
        } else if (dump.exitValue() == 0
            && Files.isRegularFile(temporary)
            && Files.size(temporary) > 0) {
          Files.move(temporary, toWrite, StandardCopyOption.ATOMIC_MOVE);
        }
      } catch (IOException e) {
        // the process exited meanwhile, or another one moved its archive in first
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        try {
          Files.deleteIfExists(temporary);
        } catch (IOException e) {
          // left for the next process of this jar to clear once it is abandoned
        }
      }
    }

    private void leaveMark() {
      try {
        Files.createFile(stoppedMark);
      } catch (IOException e) {
        // left by another process of this jar and main, or a later one leaves it
      }
    }
  }
}
