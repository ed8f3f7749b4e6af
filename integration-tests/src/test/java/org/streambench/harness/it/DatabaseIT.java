package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.cli.StreambenchCli;
import org.streambench.harness.results.DatabaseCredentials;
import org.streambench.harness.results.PostgresServer;
import org.streambench.harness.results.ResultJson;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.RunResult;
import org.streambench.verifier.Verdict;

/** A real run, through the command line, stored in a real PostgreSQL server and read back. */
class DatabaseIT {

  @Test
  @Timeout(240)
  void aRunIsStoredInPostgresql(@TempDir Path data) throws Exception {
    try (PostgresServer postgres = PostgresServer.start()) {
      String url = postgres.createDatabase();
      DatabaseCredentials credentials = postgres.credentials();
      Path config = data.resolve("db.properties");
      Files.writeString(
          config, "user=" + credentials.user() + "\npassword=" + credentials.password() + "\n");

      String output;
      int code;
      PrintStream stdout = System.out;
      ByteArrayOutputStream captured = new ByteArrayOutputStream();
      System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
      try {
        code =
            StreambenchCli.commandLine()
                .execute(
                    "run",
                    "--engine",
                    "baseline",
                    "--workload",
                    "identity",
                    "--rate",
                    "1000",
                    "--warmup",
                    "1s",
                    "--duration",
                    "2s",
                    // about storing, not pacing: a busy machine must not make the run invalid
                    "--max-generator-lag",
                    "5s",
                    "--data-dir",
                    data.toString(),
                    "--db",
                    url,
                    "--db-config",
                    config.toString());
      } finally {
        System.setOut(stdout);
        output = captured.toString(StandardCharsets.UTF_8);
        System.out.print(output);
      }

      assertEquals(0, code, output);
      assertTrue(output.contains("Stored in " + url), output);
      assertFalse(output.contains(credentials.password()), "the password is never printed");
      assertFalse(Files.exists(data.resolve("results.db")), "nothing went to SQLite");
      try (ResultStore store = ResultStore.open(url, credentials)) {
        List<RunResult> runs = store.recent(10);
        assertEquals(1, runs.size());
        RunResult r = runs.get(0);
        assertEquals("baseline", r.engine());
        assertEquals(RunResult.Status.COMPLETED, r.status());
        assertEquals(Verdict.Status.VALID, r.verdict());
        assertEquals(ResultJson.toJson(r), ResultJson.toJson(store.find(r.runId())));
      }
    }
  }
}
