package org.streambench.harness.net;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One named link of a {@link LinkProxy}: its connections and the impairments in force on it, each
 * on all of them or on those of some client processes only.
 */
final class Link {
  private static final int CONNECT_TIMEOUT_MS = 10_000;

  final String name;
  private final Set<Connection> open = ConcurrentHashMap.newKeySet();
  private final Object changed = new Object();
  private final Map<Object, Entry> active = new LinkedHashMap<>();
  private volatile boolean closed;

  /**
   * An impairment in force: on the connections of {@code peer} (all if null), with its own
   * bandwidth each way, shared by them.
   */
  private record Entry(Impairment impairment, Peer peer, Pacer out, Pacer back) {
    static Entry of(Impairment i, Peer peer) {
      return new Entry(
          i, peer, new Pacer(i.bytesPerSecond(true)), new Pacer(i.bytesPerSecond(false)));
    }
  }

  Link(String name) {
    this.name = name;
  }

  /**
   * Adds {@code i} on the connections of {@code peer} (every one if null), old and new; the handle
   * that {@link #heal} takes it off with.
   */
  Object impair(Impairment i, Peer peer) {
    Object handle = new Object();
    synchronized (active) {
      active.put(handle, Entry.of(i, peer));
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

  /** Works out what the impairments in force do to each open connection, and wakes the waiting. */
  private void apply() {
    synchronized (this) { // with open(): no connection keeps the effect of impairments gone by
      List<Entry> entries = entries();
      List<Peer.Now> peers = peers(entries);
      for (Connection c : open) {
        c.effect(effect(c, entries, peers));
      }
    }
    synchronized (changed) {
      changed.notifyAll();
    }
    for (Connection c : open) {
      if (c.effect().impairment().drop()) {
        c.abort();
      }
    }
  }

  private List<Entry> entries() {
    synchronized (active) {
      return List.copyOf(active.values());
    }
  }

  /** Each entry's peer as it is now (null: every connection). */
  private static List<Peer.Now> peers(List<Entry> entries) {
    List<Peer.Now> peers = new ArrayList<>();
    for (Entry e : entries) {
      peers.add(e.peer() == null ? null : e.peer().now());
    }
    return peers;
  }

  private static Effect effect(Connection c, List<Entry> entries, List<Peer.Now> peers) {
    Impairment impairment = Impairment.PASS;
    List<Pacer> out = new ArrayList<>();
    List<Pacer> back = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      Peer.Now only = peers.get(i);
      if (only == null || only.on(c)) {
        Entry e = entries.get(i);
        impairment = impairment.and(e.impairment());
        out.add(e.out());
        back.add(e.back());
      }
    }
    return new Effect(impairment, out, back);
  }

  /**
   * Waits until bytes of {@code c} may pass the given way (or the link closes); false if closed.
   */
  boolean awaitPassable(Connection c, boolean outward) throws InterruptedException {
    synchronized (changed) {
      while (!closed && c.effect().impairment().stalls(outward)) {
        changed.wait(100);
      }
    }
    return !closed;
  }

  /**
   * A client connected: it is connected upstream once its link passes both ways (a partitioned link
   * holds it, as a cut network holds a handshake), or reset at once if the link drops it.
   */
  void open(Socket client, InetSocketAddress upstream, String serverName) {
    Thread t =
        new Thread(
            () -> {
              try {
                client.setTcpNoDelay(true);
                Connection c =
                    new Connection(this, client, ClientSockets.inodeOf(client), serverName);
                synchronized (Link.this) {
                  open.add(c);
                  List<Entry> entries = entries();
                  c.effect(effect(c, entries, peers(entries)));
                }
                if (c.effect().impairment().drop()) {
                  c.abort();
                  return;
                }
                if (!awaitPassable(c, true) || !awaitPassable(c, false)) {
                  c.abort();
                  return;
                }
                Socket server = new Socket();
                server.setTcpNoDelay(true);
                server.connect(upstream, CONNECT_TIMEOUT_MS);
                c.start(server);
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

  /** Resets the connections of {@code peer}; how many. */
  int reset(Peer peer) {
    Peer.Now now = peer.now();
    int n = 0;
    for (Connection c : open) {
      if (now.on(c)) {
        c.abort();
        n++;
      }
    }
    return n;
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
