package org.streambench.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.results.SuiteRecord;
import org.streambench.harness.suite.SuiteSpec;

/** The regenerate command a results page prints: the suite file as stored, or nothing. */
class ResultsPublisherTest {
  @TempDir Path dir;

  private Path file(String yaml) throws IOException {
    Path file = dir.resolve("s.yaml");
    Files.writeString(file, yaml);
    return file;
  }

  private static SuiteRecord stored(SuiteSpec spec) {
    return new SuiteRecord(
        "id", spec.name(), "suites/s.yaml", "t0", "t1", "completed", spec.toJson());
  }

  @Test
  void aSuiteRunAsFiledIsRegeneratedByItsFileAlone() throws IOException {
    Path file = file("engines: [baseline]\nworkloads: [identity]\nrates: [1000]\ncpus: auto\n");
    assertEquals(
        "./streambench suite suites/s.yaml --publish",
        ResultsPublisher.regenerate(file, stored(SuiteSpec.read(file, false))));
  }

  @Test
  void aPlacementTheFileDoesNotNameIsPartOfTheCommand() throws IOException {
    // a file without cpus ran on this machine's default, which another machine may not share
    Path file =
        file("engines: [baseline]\nworkloads: [identity]\nrates: [1000]\nquick: {rates: [500]}\n");
    SuiteSpec ran = SuiteSpec.read(file, false).withCpus("none");
    assertEquals(
        "./streambench suite suites/s.yaml --cpus none --publish",
        ResultsPublisher.regenerate(file, stored(ran)));
    assertEquals(
        "./streambench suite suites/s.yaml --quick --cpus engine=1 --publish",
        ResultsPublisher.regenerate(file, stored(SuiteSpec.read(file, true).withCpus("engine=1"))));
  }

  @Test
  void aChangedFileRegeneratesNothing() throws IOException {
    Path file = file("engines: [baseline]\nworkloads: [identity]\nrates: [1000]\n");
    SuiteSpec ran = SuiteSpec.read(file, false).withCpus("none");
    file("engines: [baseline]\nworkloads: [identity]\nrates: [2000]\n");
    assertNull(ResultsPublisher.regenerate(file, stored(ran)));
  }
}
