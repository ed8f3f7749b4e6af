package org.streambench.harness.net;

import java.util.Set;
import java.util.function.Supplier;

/**
 * One process on a proxy's links: the connections it opened (their client sockets are among those
 * it holds, {@link ClientSockets}) and those opened to it (through a listener that forwards to it,
 * named after it). An impairment on a peer acts on just these, though every worker connects to the
 * same proxy port.
 *
 * @param sockets the sockets the process (and every process it spawned) holds now, asked again
 *     whenever a connection opens or the link's impairments change
 * @param name the process's name as its listeners name it ({@link LinkProxy#listen(String,
 *     java.net.InetSocketAddress, String)}), or null if it serves nothing
 */
public record Peer(Supplier<Set<Long>> sockets, String name) {
  /** What to match a link's connections against, now. */
  Now now() {
    return new Now(sockets.get(), name);
  }

  /** A peer's sockets as they are at one moment. */
  record Now(Set<Long> sockets, String name) {
    boolean on(Connection c) {
      return sockets.contains(c.clientInode) || (name != null && name.equals(c.serverName));
    }
  }
}
