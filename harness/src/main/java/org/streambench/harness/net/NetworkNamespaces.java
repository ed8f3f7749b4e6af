package org.streambench.harness.net;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A network namespace per engine process (docs/faults.md, "Faults on links"): each joined to this
 * namespace by a veth pair, through which it reaches this namespace's 127.0.0.1 (the brokers,
 * Redis) and nothing else. A partition of the {@code engine-broker} link takes the pair's end in
 * this namespace down: every connection of the process stalls as on a pulled cable, and resumes
 * when the end comes back up. Needs Linux, iproute2's {@code ip} and root (CAP_NET_ADMIN,
 * CAP_SYS_ADMIN).
 *
 * <p>Every listener stays on 127.0.0.1: inside the namespace, 127.0.0.1 is routed over the pair
 * (its own loopback routes removed) and both ends accept loopback addresses on it ({@code
 * route_localnet}, and {@code accept_local} for the replies), so the engine connects to the
 * brokers' own addresses and nothing listens on the pair's link-local addresses (169.254.x.y/30).
 *
 * <p>Named {@code streambench-<harness pid>-<n>}, their host ends {@code sb<pid>h<n>}: {@link
 * #removeStale} deletes those of harnesses no longer running.
 */
public final class NetworkNamespaces implements Links, AutoCloseable {
  /** The link a namespace's pair carries: everything its process sends to this machine. */
  public static final String LINK = "engine-broker";

  private static final String PREFIX = "streambench-";
  private static final Pattern NAME = Pattern.compile("streambench-(\\d+)-(\\d+)");
  private static final Pattern ADDRESS = Pattern.compile("inet 169\\.254\\.(\\d+)\\.(\\d+)/");
  private static final long PID = ProcessHandle.current().pid();
  private static final long TIMEOUT_S = 20;

  /** Numbers of this JVM's namespaces, for every instance: a run's are never an earlier run's. */
  private static final AtomicInteger NUMBERS = new AtomicInteger();

  /** This JVM's namespaces in use; the others named by its pid are stale. */
  private static final Set<String> LIVE = ConcurrentHashMap.newKeySet();

  private static Optional<String> availability;

  /** One process's namespace and the host end of its pair. */
  private record Namespace(String name, String hostEnd) {}

  private final Map<String, Namespace> byProcess = new LinkedHashMap<>();
  private final Map<Object, List<Namespace>> cut = new LinkedHashMap<>();

  /**
   * Why namespaces cannot be used here, or empty if they can: one is made, a connection from inside
   * it to this namespace's 127.0.0.1 tried, and it is deleted again (once per JVM).
   */
  public static synchronized Optional<String> whyUnavailable() {
    if (availability == null) {
      if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
        availability = Optional.of("network namespaces are Linux's");
      } else {
        try {
          remove(make());
          availability = Optional.empty();
        } catch (IOException e) {
          availability = Optional.of(e.getMessage());
        }
      }
    }
    return availability;
  }

  /**
   * The command prefix that starts a process in {@code process}'s namespace ({@code ip netns exec},
   * which execs it: the process keeps its pid), made on first use; the same one when the process is
   * started again.
   */
  public synchronized List<String> launcher(String process) throws IOException {
    Namespace ns = byProcess.get(process);
    if (ns == null) {
      ns = make();
      byProcess.put(process, ns);
    }
    return List.of("ip", "netns", "exec", ns.name());
  }

  /**
   * A namespace and its pair, checked by a connection from inside it to 127.0.0.1; on failure
   * nothing is left. One at a time in this JVM, and under a file lock across harnesses: two must
   * not pick the same subnet.
   */
  private static synchronized Namespace make() throws IOException {
    removeStale();
    int n = NUMBERS.incrementAndGet();
    Namespace ns = new Namespace(PREFIX + PID + "-" + n, "sb" + PID + "h" + n);
    LIVE.add(ns.name());
    try (FileChannel lock =
        FileChannel.open(lockFile(), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      lock.lock(); // held until the channel closes
      int[] subnet = freeSubnet();
      String host = "169.254." + subnet[0] + "." + (subnet[1] + 1);
      String inside = "169.254." + subnet[0] + "." + (subnet[1] + 2);
      try {
        ip("netns", "add", ns.name());
      } catch (IOException e) {
        throw new IOException(
            e.getMessage() + " (a network namespace needs root: CAP_NET_ADMIN and CAP_SYS_ADMIN)",
            e);
      }
      ip("link", "add", ns.hostEnd(), "type", "veth", "peer", "name", "veth0", "netns", ns.name());
      ip("addr", "add", host + "/30", "dev", ns.hostEnd());
      Files.writeString(Path.of("/proc/sys/net/ipv4/conf", ns.hostEnd(), "route_localnet"), "1");
      ip("link", "set", ns.hostEnd(), "up");
      inNamespace(ns, "addr", "add", inside + "/30", "dev", "veth0");
      inNamespace(ns, "link", "set", "veth0", "up");
      inNamespace(ns, "link", "set", "lo", "up");
      run(
          "ip",
          "netns",
          "exec",
          ns.name(),
          "sh",
          "-c",
          "echo 1 > /proc/sys/net/ipv4/conf/veth0/route_localnet"
              + " && echo 1 > /proc/sys/net/ipv4/conf/veth0/accept_local");
      inNamespace(ns, "route", "del", "table", "local", "local", "127.0.0.1", "dev", "lo");
      inNamespace(ns, "route", "del", "table", "local", "local", "127.0.0.0/8", "dev", "lo");
      inNamespace(ns, "route", "add", "127.0.0.1/32", "via", host, "dev", "veth0", "src", inside);
      requireReachesLoopback(ns);
    } catch (IOException e) {
      remove(ns);
      throw new IOException("network namespace " + ns.name() + ": " + e.getMessage(), e);
    }
    return ns;
  }

  /**
   * A TCP connection from inside {@code ns} to a listener on this namespace's 127.0.0.1 (bash's
   * {@code /dev/tcp}; the kernel completes the handshake, nothing need accept it).
   */
  private static void requireReachesLoopback(Namespace ns) throws IOException {
    try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      try {
        run(
            "ip",
            "netns",
            "exec",
            ns.name(),
            "timeout",
            "5",
            "bash",
            "-c",
            "exec 3<>/dev/tcp/127.0.0.1/" + listener.getLocalPort());
      } catch (IOException e) {
        throw new IOException(
            "a process in it cannot reach 127.0.0.1 over its veth pair (a firewall rule that drops"
                + " 127.0.0.0/8 from other addresses?): "
                + e.getMessage(),
            e);
      }
    }
  }

  /**
   * {@code /run}'s lock file where it may be written (shared by containers), else the temp dir's.
   */
  private static Path lockFile() {
    Path run = Path.of("/run");
    Path dir = Files.isWritable(run) ? run : Path.of(System.getProperty("java.io.tmpdir"));
    return dir.resolve("streambench-netns.lock");
  }

  /** A /30 of 169.254.100.0 to 169.254.199.255 that no interface of this namespace has. */
  private static int[] freeSubnet() throws IOException {
    Set<String> used = new HashSet<>();
    Matcher m = ADDRESS.matcher(run("ip", "-o", "-4", "addr", "show"));
    while (m.find()) {
      used.add(m.group(1) + "." + (Integer.parseInt(m.group(2)) & ~3));
    }
    for (int third = 100; third < 200; third++) {
      for (int fourth = 0; fourth < 256; fourth += 4) {
        if (!used.contains(third + "." + fourth)) {
          return new int[] {third, fourth};
        }
      }
    }
    throw new IOException("no free /30 left in 169.254.100.0 to 169.254.199.255");
  }

  /** Whether a namespace's device can make {@code impairment}: only a cut both ways. */
  public static boolean makes(Impairment impairment) {
    return impairment.equals(Impairment.stalled(true, true));
  }

  @Override
  public boolean carries(String link) {
    return LINK.equals(link);
  }

  /**
   * Takes the link of {@code peer}'s namespace down (every namespace's if null): a partition both
   * ways, the only impairment a device can make (the rest is the proxy's; refused before a run).
   */
  @Override
  public synchronized Object impair(String link, Impairment impairment, Peer peer) {
    if (!makes(impairment)) {
      throw new IllegalStateException("a namespace's link only goes down whole: " + impairment);
    }
    List<Namespace> targets =
        peer == null ? List.copyOf(byProcess.values()) : List.of(namespaceOf(peer.name()));
    Object handle = new Object();
    cut.put(handle, targets);
    try {
      for (Namespace ns : targets) {
        set(ns, "down");
      }
    } catch (RuntimeException e) {
      heal(link, handle); // none left down that no handle holds
      throw e;
    }
    return handle;
  }

  @Override
  public synchronized void heal(String link, Object handle) {
    List<Namespace> targets = cut.remove(handle);
    if (targets == null) {
      return;
    }
    for (Namespace ns : targets) {
      // another partition still holding it keeps it down
      if (cut.values().stream().noneMatch(l -> l.contains(ns))) {
        set(ns, "up");
      }
    }
  }

  @Override
  public int reset(String link, Peer peer) {
    throw new IllegalStateException("a namespace's link cannot reset connections (the proxy can)");
  }

  private Namespace namespaceOf(String process) {
    Namespace ns = byProcess.get(process);
    if (ns == null) {
      throw new IllegalArgumentException(
          "no network namespace for " + process + " (namespaces: " + byProcess.keySet() + ")");
    }
    return ns;
  }

  private static void set(Namespace ns, String state) {
    try {
      ip("link", "set", ns.hostEnd(), state);
    } catch (IOException e) {
      throw new IllegalStateException("ip link set " + ns.hostEnd() + " " + state + ": " + e);
    }
  }

  /** Deletes every namespace (after the processes in them stopped). */
  @Override
  public synchronized void close() {
    byProcess.values().forEach(NetworkNamespaces::remove);
    byProcess.clear();
    cut.clear();
  }

  /**
   * Deletes the namespaces (and host ends) of harnesses no longer running, left by one killed
   * before it cleaned up, and this JVM's no longer in use.
   */
  private static void removeStale() {
    String list;
    try {
      list = run("ip", "netns", "list");
    } catch (IOException e) {
      return;
    }
    for (String line : list.split("\n")) {
      Matcher m = NAME.matcher(line.trim().split("\\s+")[0]);
      if (!m.matches()) {
        continue;
      }
      long owner = Long.parseLong(m.group(1));
      if (owner == PID ? !LIVE.contains(m.group(0)) : ProcessHandle.of(owner).isEmpty()) {
        remove(new Namespace(m.group(0), "sb" + m.group(1) + "h" + m.group(2)));
      }
    }
  }

  private static void remove(Namespace ns) {
    LIVE.remove(ns.name());
    for (String[] cmd :
        new String[][] {{"link", "del", ns.hostEnd()}, {"netns", "del", ns.name()}}) {
      try {
        ip(cmd);
      } catch (IOException e) {
        // already gone (the pair goes with the namespace)
      }
    }
  }

  private static void inNamespace(Namespace ns, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of("ip", "-n", ns.name()));
    cmd.addAll(List.of(args));
    run(cmd.toArray(String[]::new));
  }

  private static void ip(String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of("ip"));
    cmd.addAll(List.of(args));
    run(cmd.toArray(String[]::new));
  }

  /** Runs {@code cmd}; its output, or an IOException with its error output if it failed. */
  private static String run(String... cmd) throws IOException {
    Process p;
    try {
      p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new IOException(cmd[0] + " not found: " + e.getMessage(), e);
    }
    try {
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(String.join(" ", cmd) + " did not end in " + TIMEOUT_S + " s");
      }
      String text = new String(out, StandardCharsets.UTF_8).trim();
      if (p.exitValue() != 0) {
        throw new IOException(String.join(" ", cmd) + ": " + text);
      }
      return text;
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException(String.join(" ", cmd) + " interrupted", e);
    }
  }
}
