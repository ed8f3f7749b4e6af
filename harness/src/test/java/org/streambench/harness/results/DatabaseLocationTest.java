package org.streambench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.streambench.harness.UsageException;

/** What {@code --db} accepts, and that no password is ever shown. */
class DatabaseLocationTest {
  @ParameterizedTest
  @CsvSource({
    "runs/results.db, SQLITE, runs/results.db",
    "/data/r.db, SQLITE, /data/r.db",
    "jdbc:sqlite:/data/r.db, SQLITE, /data/r.db",
    "jdbc:sqlite::memory:, SQLITE, jdbc:sqlite::memory:",
    "jdbc:mariadb://db:3306/bench, MYSQL, jdbc:mariadb://db:3306/bench",
    "jdbc:mysql://db/bench?useSSL=true, MYSQL, jdbc:mysql://db/bench?useSSL=true",
    "jdbc:postgresql://db/bench, POSTGRESQL, jdbc:postgresql://db/bench",
  })
  void filesAndSupportedUrls(String given, Dialect dialect, String described) {
    DatabaseLocation location = DatabaseLocation.parse(given);
    assertEquals(dialect, location.dialect());
    assertEquals(described, location.describe());
    assertEquals(described, location.toString());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "jdbc:oracle:thin:@db:1521:bench",
        "JDBC:POSTGRESQL://db/bench",
        "postgresql://db/bench",
        "mysql://bench:hunter2@db/bench",
        "jdbc:h2:mem:bench?password=hunter2",
        " ",
      })
  void anythingElseIsAUsageErrorShowingNoPassword(String given) {
    UsageException e = assertThrows(UsageException.class, () -> DatabaseLocation.parse(given));
    assertTrue(e.getMessage().contains("expected a file path, jdbc:sqlite:FILE"), e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "jdbc:postgresql://db/bench?user=u&password=hunter2&ssl=true"
            + "| jdbc:postgresql://db/bench?user=u&password=***&ssl=true",
        "jdbc:postgresql://db/bench?PASSWORD=hunter2 | jdbc:postgresql://db/bench?PASSWORD=***",
        "jdbc:postgresql://db/bench?sslpassword=hunter2 | jdbc:postgresql://db/bench?sslpassword=***",
        "jdbc:mariadb://db/bench?password=hunter2;user=u | jdbc:mariadb://db/bench?password=***;user=u",
        "jdbc:mysql://u:hunter2@db:3306/bench | jdbc:mysql://u:***@db:3306/bench",
        "jdbc:mariadb://db/bench?trustStorePassword=hunter2&password=hunter2"
            + "| jdbc:mariadb://db/bench?trustStorePassword=***&password=***",
      })
  void passwordsAreMasked(String given, String described) {
    assertEquals(described, DatabaseLocation.parse(given).describe());
    assertFalse(DatabaseLocation.parse(given).toString().contains("hunter2"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"jdbc:postgresql://127.0.0.1:%d/bench", "jdbc:mariadb://127.0.0.1:%d/b"})
  void aConnectionFailureShowsNeitherPassword(String template) throws Exception {
    int closedPort;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = s.getLocalPort();
    }
    String url = template.formatted(closedPort) + "?password=typed-hunter2";
    UsageException e =
        assertThrows(
            UsageException.class,
            () ->
                DatabaseLocation.parse(url)
                    .connect(new DatabaseCredentials("u", "given-hunter2"))
                    .close());
    assertTrue(e.getMessage().contains("127.0.0.1:" + closedPort), e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
    assertNull(e.getCause());
  }

  @Test
  void aSqliteFileIsShownAsItsPath() {
    assertEquals(
        Path.of("/data/results.db").toString(),
        DatabaseLocation.sqlite(Path.of("/data/results.db")).describe());
  }
}
