package org.streambench.harness.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import org.streambench.harness.UsageException;

/**
 * The secret an agent and its harness share, read from a file (its first line, trimmed): every
 * request carries it as {@code Authorization: Bearer <token>}, and the agent compares it in
 * constant time. Never printed.
 */
public final class AgentToken {
  /** Fewer characters than this are refused: a token must not be guessable. */
  static final int MIN_LENGTH = 16;

  private final byte[] secret;

  private AgentToken(String secret) {
    this.secret = secret.getBytes(StandardCharsets.UTF_8);
  }

  /** The token in {@code file}; a usage error when it cannot be read or is too short. */
  public static AgentToken read(Path file, String option) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UsageException(option + ": cannot read " + file + ": " + e.getMessage());
    }
    return of(text.lines().findFirst().orElse("").trim(), option + " " + file);
  }

  /** A token from its text; a usage error (naming {@code source}) when it is too short. */
  static AgentToken of(String text, String source) {
    if (text.length() < MIN_LENGTH) {
      throw new UsageException(
          source + ": the token must be at least " + MIN_LENGTH + " characters on its first line");
    }
    return new AgentToken(text);
  }

  /** The value of the {@code Authorization} header that carries it. */
  String header() {
    return "Bearer " + new String(secret, StandardCharsets.UTF_8);
  }

  /** Whether an {@code Authorization} header carries this token. */
  boolean accepts(String authorization) {
    return authorization != null
        && MessageDigest.isEqual(
            header().getBytes(StandardCharsets.UTF_8),
            authorization.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public String toString() {
    return "AgentToken[hidden]";
  }
}
