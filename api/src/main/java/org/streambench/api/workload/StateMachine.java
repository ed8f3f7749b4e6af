package org.streambench.api.workload;

/**
 * The statemachine workload's per-key logic, shared by every engine's job: a user is logged out
 * ({@link #OUT}) or in ({@link #IN}); {@code login} logs in, {@code request} keeps a user in,
 * {@code logout} ends the session. Anything else is an invalid transition and raises an alert.
 *
 * <pre>
 * int state = StateMachine.OUT;  // engine-managed state per key, with the session's event count
 * int next = StateMachine.next(state, event);
 * if (next == StateMachine.INVALID) {
 *   emit(StateMachine.alert(seqTimeKey, state, event) + "," + in);
 * } else if (StateMachine.endsSession(state, event)) {
 *   emit(StateMachine.end(seqTimeKey, count + 1) + "," + in);
 * }
 * </pre>
 */
public final class StateMachine {
  public static final int OUT = 0;
  public static final int IN = 1;
  public static final int INVALID = -1;

  public static final String LOGIN = "login";
  public static final String REQUEST = "request";
  public static final String LOGOUT = "logout";

  private StateMachine() {}

  /** The state after {@code event}, or {@link #INVALID}. */
  public static int next(int state, String event) {
    switch (event) {
      case LOGIN:
        return state == OUT ? IN : INVALID;
      case REQUEST:
        return state == IN ? IN : INVALID;
      case LOGOUT:
        return state == IN ? OUT : INVALID;
      default:
        return INVALID;
    }
  }

  /** Whether a valid {@code event} in {@code state} completes a session. */
  public static boolean endsSession(int state, String event) {
    return state == IN && LOGOUT.equals(event);
  }

  public static String name(int state) {
    return state == IN ? "IN" : "OUT";
  }

  /**
   * The output of an invalid transition, {@code seq,t,key,alert,STATE:event}, from the input's
   * {@code seq,t,key}; the job appends its entry stamp.
   */
  public static String alert(String seqTimeKey, int state, String event) {
    return seqTimeKey + ",alert," + name(state) + ":" + event;
  }

  /**
   * The output of a logout that ends a session of {@code events} events (login and logout
   * included), {@code seq,t,key,end,n}; the job appends its entry stamp.
   */
  public static String end(String seqTimeKey, int events) {
    return seqTimeKey + ",end," + events;
  }
}
