package org.streambench.harness.agent;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.UsageException;

class AgentTokenTest {
  @TempDir Path dir;

  @Test
  void theFirstLineOfTheFileIsTheTokenAndOnlyItIsAccepted() throws Exception {
    Path file = dir.resolve("token");
    Files.writeString(file, "  correct-horse-battery-staple \nsecond line\n");
    AgentToken token = AgentToken.read(file, "--token-file");
    assertTrue(token.accepts("Bearer correct-horse-battery-staple"));
    assertFalse(token.accepts("Bearer correct-horse-battery-stapl"));
    assertFalse(token.accepts("correct-horse-battery-staple"));
    assertFalse(token.accepts(null));
    assertFalse(token.toString().contains("horse"));
  }

  @Test
  void aShortOrMissingTokenIsAUsageError() throws Exception {
    Path file = dir.resolve("short");
    Files.writeString(file, "secret\n");
    UsageException e =
        assertThrows(UsageException.class, () -> AgentToken.read(file, "--token-file"));
    assertTrue(e.getMessage().contains("at least 16"), e.getMessage());
    assertThrows(
        UsageException.class, () -> AgentToken.read(dir.resolve("absent"), "--token-file"));
  }
}
