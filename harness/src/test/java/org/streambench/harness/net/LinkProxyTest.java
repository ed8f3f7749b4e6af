package org.streambench.harness.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The proxy between a client and an echo server on loopback, under each impairment. */
@Timeout(60)
class LinkProxyTest {
  private ServerSocket echo;
  private LinkProxy proxy;
  private int port;

  @BeforeEach
  void start() throws IOException {
    echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread t =
        new Thread(
            () -> {
              while (!echo.isClosed()) {
                try {
                  Socket s = echo.accept();
                  Thread e = new Thread(() -> echo(s));
                  e.setDaemon(true);
                  e.start();
                } catch (IOException e) {
                  return;
                }
              }
            });
    t.setDaemon(true);
    t.start();
    proxy = new LinkProxy();
    port = proxy.listen("a-b", new InetSocketAddress("127.0.0.1", echo.getLocalPort()));
  }

  private static void echo(Socket s) {
    try (s) {
      InputStream in = s.getInputStream();
      OutputStream out = s.getOutputStream();
      byte[] buf = new byte[8192];
      int n;
      while ((n = in.read(buf)) > 0) {
        out.write(buf, 0, n);
        out.flush();
      }
    } catch (IOException e) {
      // reset by a test
    }
  }

  @AfterEach
  void stop() throws IOException {
    proxy.close();
    echo.close();
  }

  private Socket client() throws IOException {
    Socket s = new Socket("127.0.0.1", port);
    s.setTcpNoDelay(true);
    s.setSoTimeout(10_000);
    return s;
  }

  private static byte[] roundTrip(Socket s, String text) throws IOException {
    byte[] sent = text.getBytes(StandardCharsets.US_ASCII);
    s.getOutputStream().write(sent);
    s.getOutputStream().flush();
    return s.getInputStream().readNBytes(sent.length);
  }

  private static long roundTripMillis(Socket s) throws IOException {
    long t0 = System.nanoTime();
    roundTrip(s, "ping");
    return (System.nanoTime() - t0) / 1_000_000;
  }

  @Test
  void bytesPassAsTheyCome() throws IOException {
    try (Socket s = client()) {
      assertArrayEquals("hello".getBytes(StandardCharsets.US_ASCII), roundTrip(s, "hello"));
      assertTrue(roundTripMillis(s) < 1000);
      assertEquals(1, proxy.connections("a-b"));
    }
  }

  @Test
  void aStalledLinkHoldsBytesUntilItHealsAndLosesNone() throws Exception {
    try (Socket s = client()) {
      roundTrip(s, "warm");
      Object cut = proxy.impair("a-b", Impairment.stalled(true, true));
      s.getOutputStream().write("held".getBytes(StandardCharsets.US_ASCII));
      s.setSoTimeout(500);
      assertThrows(SocketTimeoutException.class, () -> s.getInputStream().read());
      proxy.heal("a-b", cut);
      s.setSoTimeout(10_000);
      assertArrayEquals(
          "held".getBytes(StandardCharsets.US_ASCII), s.getInputStream().readNBytes(4));
    }
  }

  /**
   * An impairment on some clients' sockets only holds their connections: here the sockets this JVM
   * opened for the first client (its own among them), not those of the second.
   */
  @Test
  void anImpairmentOnSomeClientsHoldsTheirConnectionsOnly() throws Exception {
    List<Long> self = List.of(ProcessHandle.current().pid());
    Set<Long> before = ClientSockets.heldBy(self);
    try (Socket first = client()) {
      roundTrip(first, "warm");
      Set<Long> firsts = new HashSet<>(ClientSockets.heldBy(self));
      firsts.removeAll(before);
      try (Socket second = client()) {
        Object cut =
            proxy.impair("a-b", Impairment.stalled(true, true), new Peer(() -> firsts, null));
        assertArrayEquals("free".getBytes(StandardCharsets.US_ASCII), roundTrip(second, "free"));
        first.getOutputStream().write("held".getBytes(StandardCharsets.US_ASCII));
        first.setSoTimeout(500);
        assertThrows(SocketTimeoutException.class, () -> first.getInputStream().read());
        assertEquals(0, proxy.reset("a-b", new Peer(Set::of, "nobody")));
        proxy.heal("a-b", cut);
        first.setSoTimeout(10_000);
        assertArrayEquals(
            "held".getBytes(StandardCharsets.US_ASCII), first.getInputStream().readNBytes(4));
        assertEquals(1, proxy.reset("a-b", new Peer(() -> firsts, null)));
      }
    }
  }

  /** A peer's connections are also those opened to it, through a listener named after it. */
  @Test
  void anImpairmentOnAServerHoldsTheConnectionsToIt() throws Exception {
    int toB = proxy.listen("a-b", new InetSocketAddress("127.0.0.1", echo.getLocalPort()), "b");
    try (Socket s = client();
        Socket b = new Socket("127.0.0.1", toB)) {
      b.setSoTimeout(10_000);
      roundTrip(b, "warm");
      Object cut = proxy.impair("a-b", Impairment.stalled(true, true), new Peer(Set::of, "b"));
      assertArrayEquals("free".getBytes(StandardCharsets.US_ASCII), roundTrip(s, "free"));
      b.getOutputStream().write("held".getBytes(StandardCharsets.US_ASCII));
      b.setSoTimeout(500);
      assertThrows(SocketTimeoutException.class, () -> b.getInputStream().read());
      proxy.heal("a-b", cut);
      b.setSoTimeout(10_000);
      assertArrayEquals(
          "held".getBytes(StandardCharsets.US_ASCII), b.getInputStream().readNBytes(4));
    }
  }

  @Test
  void aOneWayStallHoldsOnlyThatWay() throws Exception {
    try (Socket s = client()) {
      roundTrip(s, "warm");
      Object cut = proxy.impair("a-b", Impairment.stalled(false, true));
      s.getOutputStream().write("half".getBytes(StandardCharsets.US_ASCII));
      s.setSoTimeout(500);
      // the echo server got it (out passes) but its answer is held on the way back
      assertThrows(SocketTimeoutException.class, () -> s.getInputStream().read());
      proxy.heal("a-b", cut);
      s.setSoTimeout(10_000);
      assertArrayEquals(
          "half".getBytes(StandardCharsets.US_ASCII), s.getInputStream().readNBytes(4));
    }
  }

  @Test
  void aDelayAddsToEveryRoundTripEachWay() throws IOException {
    try (Socket s = client()) {
      roundTrip(s, "warm");
      Object slow = proxy.impair("a-b", Impairment.delayed(100_000, 100_000, 0));
      long rtt = roundTripMillis(s);
      assertTrue(rtt >= 195 && rtt < 2000, "round trip " + rtt + " ms with 100 ms each way");
      Object slower = proxy.impair("a-b", Impairment.delayed(50_000, 0, 0));
      long both = roundTripMillis(s);
      assertTrue(both >= 245 && both < 2000, "round trip " + both + " ms with both delays");
      proxy.heal("a-b", slow);
      proxy.heal("a-b", slower);
      assertTrue(roundTripMillis(s) < 150, "back to the network's own round trip");
    }
  }

  @Test
  void aBandwidthLimitPacesTheBytes() throws IOException {
    try (Socket s = client()) {
      roundTrip(s, "warm");
      proxy.impair("a-b", Impairment.limited(200_000, 200_000));
      byte[] block = new byte[100_000];
      long t0 = System.nanoTime();
      s.getOutputStream().write(block);
      s.getInputStream().readNBytes(block.length);
      double seconds = (System.nanoTime() - t0) / 1e9;
      // 100 kB at 200 kB/s out and again back: about 0.5 s each way, the two ways overlapping
      assertTrue(seconds >= 0.4 && seconds < 5, seconds + " s for 100 kB at 200 kB/s");
    }
  }

  @Test
  void droppingResetsConnectionsAndRefusesNewOnesUntilHealed() throws Exception {
    Socket s = client();
    roundTrip(s, "warm");
    Object dropped = proxy.impair("a-b", Impairment.dropped());
    assertThrows(IOException.class, () -> roundTrip(s, "gone"));
    s.close();
    try (Socket refused = client()) {
      assertThrows(IOException.class, () -> roundTrip(refused, "no"));
    }
    proxy.heal("a-b", dropped);
    try (Socket again = client()) {
      assertArrayEquals("back".getBytes(StandardCharsets.US_ASCII), roundTrip(again, "back"));
    }
  }

  @Test
  void aResetClosesTheOpenConnectionsOnly() throws Exception {
    Socket s = client();
    roundTrip(s, "warm");
    assertEquals(1, proxy.reset("a-b"));
    assertThrows(IOException.class, () -> roundTrip(s, "gone"));
    s.close();
    try (Socket again = client()) {
      assertArrayEquals("next".getBytes(StandardCharsets.US_ASCII), roundTrip(again, "next"));
    }
  }
}
