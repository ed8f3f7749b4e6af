package org.streambench.harness.net;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on 127.0.0.1 for the run's links that faults cut, slow or reset (docs/faults.md):
 * each {@link #listen listener} forwards to one upstream address (a broker's listener) and belongs
 * to a named link ({@code engine-broker}, {@code generator-broker}); an {@link Impairment} set on a
 * link acts on all of its connections, old and new. Plain blocking sockets, four daemon threads per
 * connection (a reader and a writer each way), so that a delay never slows what follows it more
 * than the delay: the links carry a few dozen long-lived Kafka connections.
 *
 * <pre>
 * LinkProxy proxy = new LinkProxy();
 * int port = proxy.listen("engine-broker", new InetSocketAddress("127.0.0.1", brokerPort));
 * ... clients connect to 127.0.0.1:port ...
 * Object cut = proxy.impair("engine-broker", Impairment.stalled(true, true));   // a partition
 * proxy.heal("engine-broker", cut);                                             // healed
 * </pre>
 */
public final class LinkProxy implements Links, AutoCloseable {
  private final Map<String, Link> links = new ConcurrentHashMap<>();
  private final List<ServerSocket> listeners = new CopyOnWriteArrayList<>();
  private volatile boolean closed;

  /**
   * Listens on a free port of 127.0.0.1 and forwards each connection to {@code upstream}, as part
   * of {@code link}; the port.
   */
  public int listen(String link, InetSocketAddress upstream) throws IOException {
    return listen(link, upstream, null);
  }

  /**
   * As {@link #listen(String, InetSocketAddress)}, forwarding to the process {@code server} (its
   * name, which a {@link Peer} matches the connections to it by).
   */
  public int listen(String link, InetSocketAddress upstream, String server) throws IOException {
    Link l = links.computeIfAbsent(link, Link::new);
    ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    listeners.add(socket);
    Thread accept =
        new Thread(
            () -> {
              while (!closed) {
                try {
                  l.open(socket.accept(), upstream, server);
                } catch (IOException e) {
                  if (socket.isClosed()) {
                    return;
                  }
                }
              }
            },
            "link-proxy-" + link + "-accept");
    accept.setDaemon(true);
    accept.start();
    return socket.getLocalPort();
  }

  /** The links it has listeners for. */
  public List<String> links() {
    return List.copyOf(links.keySet());
  }

  /**
   * Adds {@code impairment} to what {@code link} does to its bytes from now on (dropping resets its
   * connections); the handle {@link #heal} takes it off with.
   */
  public Object impair(String link, Impairment impairment) {
    return link(link).impair(impairment, null);
  }

  /**
   * As {@link #impair(String, Impairment)}, on the connections of {@code link} that {@code peer}
   * opened or that were opened to it (every one if null): one worker's links.
   */
  @Override
  public Object impair(String link, Impairment impairment, Peer peer) {
    return link(link).impair(impairment, peer);
  }

  /** Takes the impairment of {@code handle} off {@code link}; any others stay. */
  @Override
  public void heal(String link, Object handle) {
    link(link).heal(handle);
  }

  /** Resets every connection of {@code link} (they may connect again); how many there were. */
  public int reset(String link) {
    return link(link).resetAll();
  }

  /** Resets the connections of {@code link} that {@code peer} opened or that were opened to it. */
  @Override
  public int reset(String link, Peer peer) {
    return peer == null ? reset(link) : link(link).reset(peer);
  }

  /** Whether it carries {@code link}. */
  @Override
  public boolean carries(String link) {
    return links.containsKey(link);
  }

  /** The connections {@code link} carries now. */
  public int connections(String link) {
    return link(link).connections();
  }

  private Link link(String name) {
    Link l = links.get(name);
    if (l == null) {
      throw new IllegalArgumentException("no link " + name + " (links: " + links.keySet() + ")");
    }
    return l;
  }

  @Override
  public void close() {
    closed = true;
    for (ServerSocket s : listeners) {
      try {
        s.close();
      } catch (IOException e) {
        // closing
      }
    }
    links.values().forEach(Link::close);
  }
}
