package org.streambench.harness;

/** Bad input from the user: reported as one line, exit code 2, nothing stored. */
public final class UsageException extends RuntimeException {
  public UsageException(String message) {
    super(message);
  }
}
