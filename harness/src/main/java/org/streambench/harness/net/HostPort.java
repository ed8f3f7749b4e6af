package org.streambench.harness.net;

import java.net.InetSocketAddress;
import org.streambench.harness.UsageException;

/**
 * A {@code HOST:PORT} given on the command line ({@code [v6]:PORT} too, its host without the
 * brackets), or a one-line usage error naming the option it came from.
 */
public record HostPort(String host, int port) {
  /**
   * @param option the option the text came from, to name in the error ({@code --redis})
   * @throws UsageException when the text is not HOST:PORT with a port in 0..65535
   */
  public static HostPort parse(String option, String text) {
    String trimmed = text.trim();
    int colon = trimmed.lastIndexOf(':');
    if (colon <= 0 || colon == trimmed.length() - 1) {
      throw notHostPort(option, text);
    }
    int port;
    try {
      port = Integer.parseInt(trimmed.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw notHostPort(option, text);
    }
    if (port < 0 || port > 65_535) {
      throw new UsageException(option + ": port " + port + " is not in 0..65535");
    }
    String host = trimmed.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    if (host.isEmpty() || host.contains("[") || host.contains("]")) {
      throw notHostPort(option, text);
    }
    return new HostPort(host, port);
  }

  /** The socket address, its host resolved now. */
  public InetSocketAddress socketAddress() {
    return new InetSocketAddress(host, port);
  }

  private static UsageException notHostPort(String option, String text) {
    return new UsageException(option + ": '" + text + "' is not HOST:PORT");
  }
}
