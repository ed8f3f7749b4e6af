package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.streambench.harness.Home;
import org.streambench.harness.cli.StreambenchCli;
import org.streambench.harness.net.NetworkNamespaces;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;

/** Suites through the CLI on the baseline engine and a real broker: sweep, resume, search. */
class SuiteIT {
  @RegisterExtension static final SharedBroker kafka = SharedBroker.forClass();

  private static int suite(Path data, String... args) {
    String[] base = {
      "suite", "--kafka", kafka.broker.bootstrapServers(), "--data-dir", data.toString()
    };
    return StreambenchCli.commandLine()
        .execute(Stream.concat(Stream.of(base), Stream.of(args)).toArray(String[]::new));
  }

  @Test
  @Timeout(300)
  void sweepsWithRepetitionsThenResumesOnlyUnfinishedPoints(@TempDir Path data) throws Exception {
    Path file = data.resolve("sweep.yaml");
    Files.writeString(
        file,
        """
        engines: [baseline]
        workloads: [identity]
        rates: [1000, 3000]
        repetitions: 2
        warmup-rounds: 1
        warmup: 1s
        duration: 3s
        max-generator-lag: 500ms
        rig-warmup: 0s
        """);
    assertEquals(0, suite(data, file.toString()));
    try (ResultStore store = ResultStore.openSqlite(data.resolve("results.db"))) {
      SuiteRecord s = store.suites().latest();
      assertEquals(SuiteRecord.COMPLETED, s.status());
      assertEquals("sweep", s.name());
      List<PointOutcome> points = store.suites().points(s.suiteId());
      assertEquals(4, points.size());
      Set<String> runIds = new HashSet<>();
      for (PointOutcome p : points) {
        assertEquals("valid", p.status());
        RunResult r = store.find(p.runIds().get(0));
        assertEquals(p.labels().get("rate"), r.config().get("run.rate"));
        runIds.add(r.runId());
        assertTrue(r.timeseries().stream().anyMatch(t -> t.backlog() >= 0), "backlog recorded");
      }
      assertEquals(4, runIds.size());
      assertEquals(4 + 2, store.recent(100).size(), "a warm-up round's runs are in no point");

      // An execution interrupted after its third point: --resume runs the last one only.
      store
          .suites()
          .start(
              new SuiteRecord(
                  "interrupted-sweep",
                  "sweep",
                  file.toString(),
                  Instant.now().toString(),
                  null,
                  SuiteRecord.RUNNING,
                  s.specJson()));
      for (PointOutcome done : points.subList(0, 3)) {
        store.suites().savePoint("interrupted-sweep", done);
      }
    }
    assertEquals(0, suite(data, file.toString(), "--resume"));
    try (ResultStore store = ResultStore.openSqlite(data.resolve("results.db"))) {
      SuiteRecord resumed = store.suites().find("interrupted-sweep");
      assertEquals(SuiteRecord.COMPLETED, resumed.status());
      assertEquals(4, store.suites().points("interrupted-sweep").size());
      assertEquals(
          6 + 2 + 1, store.recent(100).size(), "a warm-up round again, then one run, not four");
    }
    assertEquals(2, suite(data, file.toString(), "--resume"), "nothing left to resume");
  }

  @Test
  @Timeout(300)
  void searchesForTheSustainableRateThenRunsAtAFractionOfIt(@TempDir Path data) throws Exception {
    Path file = data.resolve("search.yaml");
    Files.writeString(
        file,
        """
        rates: [90%]
        engines: [baseline]
        workloads: [identity]
        search: {start: 1000, max: 2000, max-trials: 3}
        warmup: 1s
        duration: 10s
        max-generator-lag: 500ms
        rig-warmup: 0s
        """);
    // 1000 and 2000 records/s are far below the baseline's limit: the search ends at its maximum
    // without a bracket, which the exit code reports as not converged.
    assertEquals(1, suite(data, file.toString()));
    try (ResultStore store = ResultStore.openSqlite(data.resolve("results.db"))) {
      List<PointOutcome> points = store.suites().points(store.suites().latest().suiteId());
      assertEquals(2, points.size());
      PointOutcome p = points.get(0);
      assertEquals(PointOutcome.SEARCH, p.kind());
      assertEquals("inconclusive", p.status());
      assertNotNull(p.search());
      assertEquals(2000, p.search().sustainableRate());
      assertEquals(
          List.of(1000L, 2000L),
          p.search().trials().stream().map(PointOutcome.Trial::rate).toList());
      for (PointOutcome.Trial t : p.search().trials()) {
        assertTrue(t.sustainable(), t.reason());
        assertTrue(t.reason().contains("backlog slope"), t.reason());
        assertNotNull(store.find(t.runId()));
      }
      // then 90 % of the rate it found
      PointOutcome atNinety = points.get(1);
      assertEquals(PointOutcome.RUN, atNinety.kind());
      assertEquals("90%", atNinety.labels().get("rate"));
      assertEquals("valid", atNinety.status());
      Map<String, String> config = store.find(atNinety.runIds().get(0)).config();
      assertEquals("1800", config.get("run.rate"));
      // with the driver threads and warm-up the search ended with
      assertEquals(p.search().driverThreads(), config.get("run.driver-threads"));
      assertEquals(p.search().warmup(), config.get("run.warmup"));
    }
  }

  static Stream<String> shippedSuites() throws Exception {
    try (Stream<Path> files = Files.list(Home.detect().root().resolve("suites"))) {
      return files.map(Path::toString).filter(f -> f.endsWith(".yaml")).sorted().toList().stream();
    }
  }

  @ParameterizedTest
  @MethodSource("shippedSuites")
  void everyShippedSuitePlansInFullAndQuick(String file, @TempDir Path data) throws Exception {
    if (Pattern.compile("(?m)^link-mechanism:\\s*namespaces\\s*$")
        .matcher(Files.readString(Path.of(file)))
        .find()) {
      Optional<String> why = NetworkNamespaces.whyUnavailable();
      assumeTrue(why.isEmpty(), () -> file + " needs network namespaces: " + why.orElseThrow());
    }
    assertEquals(0, suite(data, file, "--dry-run"), file);
    assertEquals(0, suite(data, file, "--dry-run", "--quick"), file);
    assertFalse(Files.exists(data.resolve("results.db")), "a dry run stores nothing");
  }
}
