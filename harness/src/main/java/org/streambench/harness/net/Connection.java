package org.streambench.harness.net;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.ArrayDeque;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * One proxied connection: a client socket and its upstream one, and a {@link Direction} each way.
 */
final class Connection {
  private static final int CHUNK = 64 * 1024;
  private static final int MAX_QUEUED = 4 * 1024 * 1024;

  private final Link link;
  private final Socket client;

  /** The inode of the client's own socket ({@link ClientSockets}), 0 if not known. */
  final long clientInode;

  /** The process it is to, as its listener names it, or null. */
  final String serverName;

  private volatile Socket server;
  private volatile Effect effect = Effect.PASS;
  private int done;

  Connection(Link link, Socket client, long clientInode, String serverName) {
    this.link = link;
    this.client = client;
    this.clientInode = clientInode;
    this.serverName = serverName;
  }

  Effect effect() {
    return effect;
  }

  void effect(Effect effect) {
    this.effect = effect;
  }

  /** Relays between the client and {@code server}, its upstream connection, each way. */
  void start(Socket server) throws IOException {
    this.server = server;
    new Direction(true, client.getInputStream(), server.getOutputStream()).start();
    new Direction(false, server.getInputStream(), client.getOutputStream()).start();
  }

  /** Both sockets closed with a reset (RST), as a link that drops does. */
  void abort() {
    abort(client);
    Socket upstream = server;
    if (upstream != null) {
      abort(upstream);
    }
    link.closed(this);
  }

  static void abort(Socket s) {
    try {
      s.setSoLinger(true, 0);
      s.close();
    } catch (IOException e) {
      // already closed
    }
  }

  private synchronized void finished(boolean outward) {
    try {
      (outward ? server : client).shutdownOutput();
    } catch (IOException e) {
      // closed already
    }
    if (++done == 2) {
      try {
        client.close();
        server.close();
      } catch (IOException e) {
        // closed already
      }
      link.closed(this);
    }
  }

  /**
   * Bytes one way: a reader stamps each chunk with the time it may be written (now and the link's
   * delay, never before the chunk ahead of it, so bytes keep their order), and a writer writes it
   * then, once the link passes that way and its bandwidth allows. A full queue stops the reader, as
   * a full TCP window stops a sender.
   */
  private final class Direction {
    private final boolean outward;
    private final InputStream in;
    private final OutputStream out;
    private final ArrayDeque<Chunk> queue = new ArrayDeque<>();
    private int queued;
    private long lastRelease;
    private boolean eof;

    private record Chunk(byte[] bytes, int length, long releaseNanos) {}

    Direction(boolean outward, InputStream in, OutputStream out) {
      this.outward = outward;
      this.in = in;
      this.out = out;
    }

    void start() {
      String way = outward ? "out" : "back";
      daemon(this::read, "link-proxy-" + link.name + "-read-" + way);
      daemon(this::write, "link-proxy-" + link.name + "-write-" + way);
    }

    private void read() {
      try {
        while (true) {
          byte[] buf = new byte[CHUNK];
          int n = in.read(buf);
          if (n < 0) {
            break;
          }
          Impairment now = effect.impairment();
          long release = System.nanoTime() + delayNanos(now.delayMicros(outward), now);
          synchronized (this) {
            while (queued >= MAX_QUEUED) {
              wait();
            }
            lastRelease = Math.max(lastRelease, release);
            queue.add(new Chunk(buf, n, lastRelease));
            queued += n;
            notifyAll();
          }
        }
      } catch (IOException | InterruptedException e) {
        // the connection is gone, or reset
      }
      synchronized (this) {
        eof = true;
        notifyAll();
      }
    }

    private void write() {
      try {
        while (true) {
          Chunk c;
          synchronized (this) {
            while (queue.isEmpty() && !eof) {
              wait();
            }
            if (queue.isEmpty()) {
              break;
            }
            c = queue.peek();
          }
          sleepUntil(c.releaseNanos());
          if (!link.awaitPassable(Connection.this, outward)) {
            break;
          }
          sleepUntil(effect.reserve(outward, c.length()));
          out.write(c.bytes(), 0, c.length());
          out.flush();
          synchronized (this) {
            queue.poll();
            queued -= c.length();
            notifyAll();
          }
        }
        finished(outward);
      } catch (IOException | InterruptedException e) {
        abort();
      }
    }

    private long delayNanos(long delayMicros, Impairment i) {
      long micros = delayMicros;
      if (micros > 0 && i.jitterMicros() > 0) {
        micros += ThreadLocalRandom.current().nextLong(-i.jitterMicros(), i.jitterMicros() + 1);
      }
      return Math.max(0, micros) * 1000;
    }
  }

  private static void sleepUntil(long nanoTime) throws InterruptedException {
    long wait;
    while ((wait = nanoTime - System.nanoTime()) > 0) {
      LockSupport.parkNanos(wait);
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
    }
  }

  private static void daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    t.start();
  }
}
