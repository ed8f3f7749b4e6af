package org.streambench.harness;

/** Bad input from the user: reported as one line, exit code 2, nothing stored. */
public final class UsageException extends RuntimeException {
  public UsageException(String message) {
    super(message);
  }

  /** The first line of an exception's message, to quote it in a one-line error or reason. */
  public static String firstLine(Throwable e) {
    String m = String.valueOf(e.getMessage());
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }
}
