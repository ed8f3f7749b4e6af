package org.streambench.harness.fault;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.streambench.harness.Durations;
import org.streambench.harness.UsageException;

/**
 * One {@code --fault} option: what to do to which process and when, counted from the start of the
 * steady state.
 *
 * <pre>
 * kill:worker@20s            SIGKILL one worker 20 s into the steady state, restarted after a delay
 * kill:worker@every:15s      the same every 15 s (15, 30, ... while the steady state lasts)
 * pause:worker@20s/5s        SIGSTOP for 5 s, then SIGCONT
 * stop:worker@20s            SIGTERM (an orderly stop), restarted after a delay
 * kill:master@30s            the engine's master (JobManager, Nimbus, Spark master)
 * kill:broker@20s            one Kafka broker (needs --brokers 2 or more)
 * kill:worker@20s:norestart  left down
 * </pre>
 *
 * @param text the option as given
 * @param action what is done to the process
 * @param target which kind of process
 * @param first when the first fault happens, from the start of the steady state
 * @param every the period of a repeated fault, or null for one
 * @param pause how long a paused process stays stopped (pause only), else null
 * @param restart whether a killed or stopped process is started again after the restart delay
 */
public record FaultSpec(
    String text,
    Action action,
    Target target,
    Duration first,
    Duration every,
    Duration pause,
    boolean restart) {

  /** What is done to the process. */
  public enum Action {
    /** SIGKILL of the process and what it spawned: a crash. */
    KILL,
    /** SIGSTOP, then SIGCONT after the pause: a hung process or a long GC pause. */
    PAUSE,
    /** SIGTERM: an orderly stop, as a scale-in or a rolling restart does. */
    STOP;

    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Which kind of process a fault hits. */
  public enum Target {
    /** The engine's unit of failure: a TaskManager, an instance, a supervisor, a Spark worker. */
    WORKER,
    /** The engine's master: a JobManager, Nimbus, a Spark master. */
    MASTER,
    /** A broker of the embedded Kafka. */
    BROKER;

    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  static final String USAGE =
      "--fault ACTION:TARGET@TIME, e.g. kill:worker@20s, kill:worker@every:15s,"
          + " pause:worker@20s/5s, stop:worker@20s, kill:broker@20s, kill:worker@20s:norestart";

  private static final String NO_RESTART = ":norestart";
  private static final String EVERY = "every:";

  /** Parses one {@code --fault} value; a usage error names what is wrong with it. */
  public static FaultSpec parse(String text) {
    String rest = text.trim();
    boolean restart = true;
    if (rest.endsWith(NO_RESTART)) {
      restart = false;
      rest = rest.substring(0, rest.length() - NO_RESTART.length());
    }
    int at = rest.indexOf('@');
    int colon = rest.indexOf(':');
    if (at < 0 || colon < 0 || colon > at) {
      throw bad(text, "expected " + USAGE);
    }
    Action action = parseEnum(Action.class, rest.substring(0, colon), text, "action");
    Target target = parseEnum(Target.class, rest.substring(colon + 1, at), text, "target");
    String when = rest.substring(at + 1);
    Duration pause = null;
    int slash = when.indexOf('/');
    if (slash >= 0) {
      pause = duration(when.substring(slash + 1), text);
      when = when.substring(0, slash);
    }
    Duration every = null;
    Duration first;
    if (when.startsWith(EVERY)) {
      every = duration(when.substring(EVERY.length()), text);
      if (every.isZero()) {
        throw bad(text, "the period of a repeated fault must be positive");
      }
      first = every;
    } else {
      first = duration(when, text);
    }
    if (action == Action.PAUSE && pause == null) {
      throw bad(text, "a pause needs its length, e.g. pause:worker@20s/5s");
    }
    if (action != Action.PAUSE && pause != null) {
      throw bad(text, "only a pause has a length (/" + Durations.format(pause) + ")");
    }
    if (action == Action.PAUSE && pause.isZero()) {
      throw bad(text, "a pause must last longer than 0 s");
    }
    if (first.compareTo(Duration.ofSeconds(1)) < 0) {
      throw bad(text, "a fault needs steady output before it to recover to: 1s or later");
    }
    if (target == Target.BROKER && !restart) {
      throw bad(
          text,
          "a broker always comes back (the runs of a session share it); norestart is for workers"
              + " and masters");
    }
    if (action == Action.PAUSE && !restart) {
      throw bad(text, "a paused process always resumes; norestart is for kill and stop");
    }
    return new FaultSpec(text.trim(), action, target, first, every, pause, restart);
  }

  /** The times of this fault within a steady state of {@code steady}, from its start. */
  public List<Duration> times(Duration steady) {
    List<Duration> out = new ArrayList<>();
    if (every == null) {
      if (first.compareTo(steady) < 0) {
        out.add(first);
      }
      return out;
    }
    for (Duration t = first; t.compareTo(steady) < 0; t = t.plus(every)) {
      out.add(t);
    }
    return out;
  }

  private static <E extends Enum<E>> E parseEnum(
      Class<E> type, String value, String text, String what) {
    for (E e : type.getEnumConstants()) {
      if (e.name().equalsIgnoreCase(value)) {
        return e;
      }
    }
    List<String> names = new ArrayList<>();
    for (E e : type.getEnumConstants()) {
      names.add(e.name().toLowerCase(Locale.ROOT));
    }
    throw bad(
        text, "unknown " + what + " '" + value + "' (one of " + String.join(", ", names) + ")");
  }

  private static Duration duration(String value, String text) {
    try {
      return Durations.parse(value);
    } catch (RuntimeException e) {
      throw bad(text, "'" + value + "' is not a duration such as 20s or 500ms");
    }
  }

  private static UsageException bad(String text, String why) {
    return new UsageException("--fault " + text + ": " + why);
  }
}
