package org.streambench.api.workload;

/**
 * uricount input: JSON access-log lines as a log shipper would put them on Kafka, {@code uri}
 * uniform over {@code uris} paths; a pure function of (seed, seq). {@link #encodeEndMarker} writes
 * the record that closes every window (see docs/workloads.md).
 */
public final class AccessLogs {
  /** The uri of end markers; engines advance event time with them and then drop them. */
  public static final String END_MARKER_URI = "__end__";

  private static final String[] PATHS = {
    "/",
    "/index.html",
    "/api/items",
    "/api/items/search",
    "/api/cart",
    "/api/checkout",
    "/static/app.js",
    "/static/style.css",
    "/login"
  };
  private static final String[] METHODS = {"GET", "GET", "GET", "POST"};
  private static final int[] STATUSES = {200, 200, 200, 200, 200, 200, 304, 404, 500};
  private static final String[] AGENTS = {
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15",
    "curl/8.5.0"
  };

  private final long seed;
  private final String[] uris;

  public AccessLogs(long seed, int uriCount) {
    this.seed = seed;
    uris = new String[uriCount];
    for (int i = 0; i < uriCount; i++) {
      uris[i] = i < PATHS.length ? PATHS[i] : "/api/r" + i;
    }
  }

  public int uris() {
    return uris.length;
  }

  public String uri(int index) {
    return uris[index];
  }

  public int uriIndex(long seq) {
    return Rng.below(seed, seq, 1, uris.length);
  }

  public int maxBytes() {
    return 320;
  }

  public int encode(long seq, long t, byte[] buf) {
    long ip = Rng.bits(seed, seq, 2);
    return line(
        new Ascii(buf),
        seq,
        t,
        (ip & 255) + "." + ((ip >>> 8) & 255) + "." + ((ip >>> 16) & 255),
        METHODS[Rng.below(seed, seq, 3, METHODS.length)],
        uris[uriIndex(seq)],
        STATUSES[Rng.below(seed, seq, 4, STATUSES.length)],
        200 + Rng.below(seed, seq, 5, 20_000),
        AGENTS[Rng.below(seed, seq, 6, AGENTS.length)]);
  }

  /** An end marker with event time {@code t}. */
  public static int encodeEndMarker(long t, byte[] buf) {
    return line(new Ascii(buf), -1, t, "0.0.0", "GET", END_MARKER_URI, 200, 0, "streambench");
  }

  private static int line(
      Ascii out,
      long seq,
      long t,
      String ip,
      String method,
      String uri,
      int status,
      int bytes,
      String agent) {
    return out.put("{\"seq\":")
        .put(seq)
        .put(",\"time\":")
        .put(t)
        .put(",\"ip\":\"10.")
        .put(ip)
        .put("\",\"method\":\"")
        .put(method)
        .put("\",\"uri\":\"")
        .put(uri)
        .put("\",\"protocol\":\"HTTP/1.1\",\"status\":")
        .put(status)
        .put(",\"bytes\":")
        .put(bytes)
        .put(",\"referrer\":\"-\",\"agent\":\"")
        .put(agent)
        .put("\"}")
        .length();
  }
}
