package org.streambench.harness.profile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import org.streambench.harness.UsageException;

/**
 * async-profiler's native library, taken from its Maven jar (which ships one per platform) and
 * written once under the data directory, where every JVM of a run can load it.
 */
final class ProfilerLibrary {
  static final String VERSION = "2.9";

  private ProfilerLibrary() {}

  /** The library for this machine under {@code dataDir}, written there if it is not yet. */
  static Path extract(Path dataDir) throws IOException {
    String resource = platform() + "/libasyncProfiler.so";
    Path lib = dataDir.resolve("tools/async-profiler-" + VERSION).resolve(resource);
    if (Files.isRegularFile(lib)) {
      return lib;
    }
    Files.createDirectories(lib.getParent());
    Path tmp = Files.createTempFile(lib.getParent(), "lib", ".tmp");
    try (InputStream in = ProfilerLibrary.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IOException(resource + " is missing from the async-profiler jar");
      }
      Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
      Files.move(tmp, lib, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(tmp);
    }
    return lib;
  }

  /** The jar's directory for this OS and CPU; a usage error where async-profiler has none. */
  static String platform() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    if (os.contains("linux") && (arch.equals("amd64") || arch.equals("x86_64"))) {
      return "linux-x64";
    }
    if (os.contains("linux") && arch.equals("aarch64")) {
      return "linux-arm64";
    }
    throw new UsageException(
        "--cpu-profile needs Linux on x64 or arm64 (async-profiler), not " + os + " " + arch);
  }
}
