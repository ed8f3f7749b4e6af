package org.streambench.api.workload;

/**
 * statemachine input: {@code seq,t,u<i>,event} for interleaved sessions {@code login request*
 * logout} of {@code keys} users. Unlike the other generators it is sequential (each user's next
 * event depends on its state), so records must be encoded in seq order. After {@link #encode} the
 * accessors describe the record just written.
 */
public final class StateMachineInput {
  private final long seed;
  private final int requestsMean;
  private final int reorderEvery;
  private final boolean[] loggedIn;
  private final int[] requestsLeft;
  private final int[] sessionEvents;
  private final boolean[] owesRequest;
  private long sessions;
  private long expectedSeq;
  private int lastKey;
  private String lastEvent;
  private int lastSessionEvents;

  /**
   * @param reorderEvery 0, or swap the last request and the logout of every N-th session
   */
  public StateMachineInput(long seed, int keys, int requestsMean, int reorderEvery) {
    this.seed = seed;
    this.requestsMean = requestsMean;
    this.reorderEvery = reorderEvery;
    this.loggedIn = new boolean[keys];
    this.requestsLeft = new int[keys];
    this.sessionEvents = new int[keys];
    this.owesRequest = new boolean[keys];
  }

  public int maxBytes() {
    return 64;
  }

  public int encode(long seq, long t, byte[] buf) {
    if (seq != expectedSeq) {
      throw new IllegalStateException("statemachine input must be encoded in order");
    }
    expectedSeq++;
    int k = Rng.below(seed, seq, 1, loggedIn.length);
    lastKey = k;
    lastSessionEvents = 0;
    if (owesRequest[k]) { // the swapped request, now after its session's logout
      owesRequest[k] = false;
      lastEvent = StateMachine.REQUEST;
    } else if (!loggedIn[k]) {
      loggedIn[k] = true;
      requestsLeft[k] = Rng.below(seed, seq, 2, 2 * requestsMean + 1);
      sessionEvents[k] = 1;
      lastEvent = StateMachine.LOGIN;
    } else if (requestsLeft[k] > 1 || (requestsLeft[k] == 1 && !reorderThisSession())) {
      requestsLeft[k]--;
      sessionEvents[k]++;
      lastEvent = StateMachine.REQUEST;
    } else {
      if (requestsLeft[k] == 1) { // reordered: log out now, the last request comes after
        owesRequest[k] = true;
      }
      loggedIn[k] = false;
      lastSessionEvents = sessionEvents[k] + 1;
      sessions++;
      lastEvent = StateMachine.LOGOUT;
    }
    return new Ascii(buf)
        .put(seq)
        .put(',')
        .put(t)
        .put(",u")
        .put(k)
        .put(',')
        .put(lastEvent)
        .length();
  }

  private boolean reorderThisSession() {
    return reorderEvery > 0 && (sessions + 1) % reorderEvery == 0;
  }

  /** The Kafka key of the record just encoded: its user. */
  public String lastKey() {
    return "u" + lastKey;
  }

  public int lastKeyIndex() {
    return lastKey;
  }

  public String lastEvent() {
    return lastEvent;
  }

  /** For a logout: the session's events, login and logout included; else 0. */
  public int lastSessionEvents() {
    return lastSessionEvents;
  }
}
