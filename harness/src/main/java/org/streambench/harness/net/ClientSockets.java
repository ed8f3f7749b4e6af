package org.streambench.harness.net;

import java.io.BufferedReader;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which process holds the client end of a connection the proxy accepted on loopback, from Linux's
 * {@code /proc}: the client's socket is the one of {@code /proc/net/tcp6} (Java's dual-stack
 * sockets) or {@code /proc/net/tcp} whose local port is the accepted socket's remote port and whose
 * remote port is the listener's; a process holds it if one of its open files is {@code
 * socket:[inode]}. This is how a fault cuts one worker's links while the others' pass, though every
 * worker connects to the same proxy port.
 */
public final class ClientSockets {
  private static final List<Path> TABLES =
      List.of(Path.of("/proc/net/tcp6"), Path.of("/proc/net/tcp"));

  private ClientSockets() {}

  /** The inode of the client's socket of {@code accepted}, or 0 if it is not found. */
  static long inodeOf(Socket accepted) {
    int clientPort = accepted.getPort();
    int listenerPort = accepted.getLocalPort();
    for (Path table : TABLES) {
      try (BufferedReader r = Files.newBufferedReader(table)) {
        r.readLine(); // the header
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          String[] f = line.trim().split("\\s+");
          if (f.length > 9 && port(f[1]) == clientPort && port(f[2]) == listenerPort) {
            return Long.parseLong(f[9]);
          }
        }
      } catch (IOException | RuntimeException e) {
        // no such table here, or a line being rewritten: the next table, else not found
      }
    }
    return 0;
  }

  /** The inodes of the sockets that the processes {@code pids} hold open now. */
  public static Set<Long> heldBy(Collection<Long> pids) {
    Set<Long> inodes = new HashSet<>();
    for (long pid : pids) {
      try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/" + pid + "/fd"))) {
        for (Path fd : fds) {
          String target = linkTarget(fd);
          if (target.startsWith("socket:[")) {
            inodes.add(Long.parseLong(target.substring(8, target.length() - 1)));
          }
        }
      } catch (IOException e) {
        // the process has exited
      }
    }
    return inodes;
  }

  private static String linkTarget(Path fd) {
    try {
      return Files.readSymbolicLink(fd).toString();
    } catch (IOException e) {
      return ""; // closed meanwhile
    }
  }

  private static int port(String hexAddress) {
    return Integer.parseInt(hexAddress.substring(hexAddress.indexOf(':') + 1), 16);
  }
}
