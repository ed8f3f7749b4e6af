package org.streambench.harness.net;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** One named link of a {@link LinkProxy}: its impairment, connections and bandwidth each way. */
final class Link {
  private static final int CONNECT_TIMEOUT_MS = 10_000;

  final String name;
  private final Set<Connection> open = ConcurrentHashMap.newKeySet();
  private final Object changed = new Object();
  private final Pacer out = new Pacer();
  private final Pacer back = new Pacer();
  private final java.util.Map<Object, Impairment> active = new java.util.LinkedHashMap<>();
  private volatile Impairment impairment = Impairment.PASS;
  private volatile boolean closed;

  Link(String name) {
    this.name = name;
  }

  Impairment impairment() {
    return impairment;
  }

  Pacer pacer(boolean outward) {
    return outward ? out : back;
  }

  /** Adds {@code i} to what the link does; the handle that {@link #heal} takes it off with. */
  Object impair(Impairment i) {
    Object handle = new Object();
    synchronized (active) {
      active.put(handle, i);
    }
    apply();
    return handle;
  }

  /** Takes the impairment of {@code handle} off; the others stay. */
  void heal(Object handle) {
    synchronized (active) {
      active.remove(handle);
    }
    apply();
  }

  private void apply() {
    Impairment next = Impairment.PASS;
    synchronized (active) {
      for (Impairment i : active.values()) {
        next = next.and(i);
      }
    }
    impairment = next;
    out.rate(next.bytesPerSecond(true));
    back.rate(next.bytesPerSecond(false));
    synchronized (changed) {
      changed.notifyAll();
    }
    if (next.drop()) {
      resetAll();
    }
  }

  /** Waits until bytes may pass the given way (or the link closes); false if closed. */
  boolean awaitPassable(boolean outward) throws InterruptedException {
    synchronized (changed) {
      while (!closed && impairment.stalls(outward)) {
        changed.wait(100);
      }
    }
    return !closed;
  }

  /**
   * A client connected: it is connected upstream once the link passes both ways (a partitioned link
   * holds it, as a cut network holds a handshake), or reset at once if the link drops.
   */
  void open(Socket client, InetSocketAddress upstream) {
    Thread t =
        new Thread(
            () -> {
              try {
                client.setTcpNoDelay(true);
                if (impairment.drop()) {
                  Connection.abort(client);
                  return;
                }
                if (!awaitPassable(true) || !awaitPassable(false)) {
                  Connection.abort(client);
                  return;
                }
                Socket server = new Socket();
                server.setTcpNoDelay(true);
                server.connect(upstream, CONNECT_TIMEOUT_MS);
                Connection c = new Connection(this, client, server);
                open.add(c);
                c.start();
              } catch (IOException e) {
                Connection.abort(client);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                Connection.abort(client);
              }
            },
            "link-proxy-" + name + "-connect");
    t.setDaemon(true);
    t.start();
  }

  void closed(Connection c) {
    open.remove(c);
  }

  int connections() {
    return open.size();
  }

  int resetAll() {
    int n = 0;
    for (Connection c : open) {
      c.abort();
      n++;
    }
    return n;
  }

  void close() {
    closed = true;
    synchronized (changed) {
      changed.notifyAll();
    }
    resetAll();
  }
}
