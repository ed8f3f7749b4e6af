package org.streambench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.UsageException;

class DatabaseCredentialsTest {
  @TempDir Path dir;

  @Test
  void fromTheEnvironment() {
    assertEquals(
        new DatabaseCredentials("bench", "hunter2"),
        DatabaseCredentials.fromEnvironment(
            Map.of("STREAMBENCH_DB_USER", "bench", "STREAMBENCH_DB_PASSWORD", "hunter2")));
    assertEquals(
        DatabaseCredentials.NONE,
        DatabaseCredentials.fromEnvironment(Map.of("STREAMBENCH_DB_USER", " ")));
  }

  @Test
  void aConfigFileOverridesTheEnvironmentValueByValue() throws Exception {
    Path file = dir.resolve("db.properties");
    Files.writeString(file, "# streambench database\npassword = from-file\n");
    DatabaseCredentials env = new DatabaseCredentials("env-user", "env-password");
    assertEquals(
        new DatabaseCredentials("env-user", "from-file"),
        DatabaseCredentials.fromFile(file).or(env));
  }

  @Test
  void aConfigFileWithAnUnknownKeyOrNoneAtAllIsAUsageError() throws Exception {
    Path file = dir.resolve("db.properties");
    Files.writeString(file, "username=bench\n");
    UsageException e = assertThrows(UsageException.class, () -> DatabaseCredentials.fromFile(file));
    assertTrue(e.getMessage().contains("unknown key 'username'"), e.getMessage());
    e =
        assertThrows(
            UsageException.class, () -> DatabaseCredentials.fromFile(dir.resolve("missing")));
    assertTrue(e.getMessage().contains("missing"), e.getMessage());
  }

  @Test
  void thePasswordIsNotInItsText() {
    String text = new DatabaseCredentials("bench", "hunter2").toString();
    assertTrue(text.contains("bench"), text);
    assertFalse(text.contains("hunter2"), text);
  }
}
