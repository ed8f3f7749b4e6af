package org.streambench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.opentest4j.TestAbortedException;
import org.streambench.harness.UsageException;

/** The contract on a real database server the test class starts and stops itself. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ServerResultStoreContract extends ResultStoreContract {
  private LocalDatabaseServer server;
  private String notInstalled;

  /** Starts the server; aborts (a skip) if it is not installed. */
  abstract LocalDatabaseServer startServer() throws Exception;

  @BeforeAll
  @Timeout(240)
  void startTheServer() throws Exception {
    try {
      server = startServer();
    } catch (TestAbortedException e) {
      // skipped test by test below, so that reports count them as skipped
      notInstalled = e.getMessage();
    }
  }

  @BeforeEach
  void skipIfNotInstalled() {
    Assumptions.assumeTrue(notInstalled == null, notInstalled);
  }

  @AfterAll
  @Timeout(60)
  void stopTheServer() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @Override
  String freshDatabase() throws SQLException {
    return server.createDatabase();
  }

  @Override
  DatabaseCredentials credentials() {
    return server.credentials();
  }

  @Test
  void aRejectedPasswordIsNeverShown() throws Exception {
    String url = server.createDatabase();
    String given = "given-Pa55";
    UsageException e =
        assertThrows(
            UsageException.class,
            () -> ResultStore.open(url, new DatabaseCredentials(LocalDatabaseServer.USER, given)));
    assertTrue(e.getMessage().contains("cannot open the"), e.getMessage());
    assertTrue(e.getMessage().contains(url), e.getMessage());
    assertFalse(e.getMessage().contains(given), e.getMessage());
    assertNull(e.getCause(), "the driver's exception, which may quote it, is not attached");

    String typed = "typed-Pa55";
    String withPassword = url + "?user=" + LocalDatabaseServer.USER + "&password=" + typed;
    e =
        assertThrows(
            UsageException.class, () -> ResultStore.open(withPassword, DatabaseCredentials.NONE));
    assertFalse(e.getMessage().contains(typed), e.getMessage());
    assertTrue(e.getMessage().contains("password=***"), e.getMessage());
  }

  @Test
  void credentialsInTheUrlWinOverTheOthers() throws Exception {
    String url =
        server.createDatabase()
            + "?user="
            + LocalDatabaseServer.USER
            + "&password="
            + server.credentials().password();
    try (ResultStore store = ResultStore.open(url, new DatabaseCredentials("someone", "else"))) {
      assertEquals(List.of(), store.recent(1));
    }
    assertFalse(DatabaseLocation.parse(url).describe().contains(server.credentials().password()));
  }
}
