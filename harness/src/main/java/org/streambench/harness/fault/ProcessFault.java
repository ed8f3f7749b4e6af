package org.streambench.harness.fault;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.streambench.harness.Durations;

/**
 * A fault of one process, chosen round robin among those of its role: {@code kill} (SIGKILL of it
 * and what it spawned, a crash), {@code stop} (SIGTERM, an orderly stop, as a scale-in or a rolling
 * restart does), both started again after the restart delay unless {@code :norestart}, or {@code
 * pause} (SIGSTOP, then SIGCONT after the pause: a hung process or a long GC pause).
 *
 * @param text the option as given
 * @param action what is done to the process
 * @param role which kind of process
 * @param first when the first fault happens, from the start of the steady state
 * @param every the period of a repeated fault, or null for one
 * @param pause how long a paused process stays stopped (pause only), else null
 * @param restart whether a killed or stopped process is started again after the restart delay
 */
public record ProcessFault(
    String text,
    Action action,
    Role role,
    Duration first,
    Duration every,
    Duration pause,
    boolean restart)
    implements FaultSpec {

  /** What is done to the process. */
  public enum Action {
    KILL,
    PAUSE,
    STOP;

    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** The three kinds, by their action's name. */
  static final List<FaultKind> KINDS =
      List.of(kind(Action.KILL), kind(Action.PAUSE), kind(Action.STOP));

  private static final String NO_RESTART = "norestart";

  private static FaultKind kind(Action action) {
    return new FaultKind(action.id(), option -> parse(action, option));
  }

  private static ProcessFault parse(Action action, FaultText option) {
    Role role = role(option);
    boolean restart = true;
    for (String word : option.options()) {
      if (!word.equals(NO_RESTART)) {
        throw option.bad("unknown option ':" + word + "' (only :" + NO_RESTART + ")");
      }
      restart = false;
    }
    Duration pause = option.length();
    if (action == Action.PAUSE && pause == null) {
      throw option.bad("a pause needs its length, e.g. pause:worker@20s/5s");
    }
    if (action != Action.PAUSE && pause != null) {
      throw option.bad("only a pause has a length (/" + Durations.format(pause) + ")");
    }
    if (action == Action.PAUSE && pause.isZero()) {
      throw option.bad("a pause must last longer than 0 s");
    }
    if (role == Role.BROKER && !restart) {
      throw option.bad(
          "a broker always comes back (the runs of a session share it); norestart is for workers"
              + " and masters");
    }
    if (action == Action.PAUSE && !restart) {
      throw option.bad("a paused process always resumes; norestart is for kill and stop");
    }
    return new ProcessFault(
        option.text(), action, role, option.first(), option.every(), pause, restart);
  }

  private static Role role(FaultText option) {
    for (Role r : Role.values()) {
      if (r.id().equalsIgnoreCase(option.target())) {
        return r;
      }
    }
    List<String> names = new ArrayList<>();
    for (Role r : Role.values()) {
      names.add(r.id());
    }
    throw option.bad(
        "unknown target '" + option.target() + "' (one of " + String.join(", ", names) + ")");
  }

  @Override
  public String kind() {
    return action.id();
  }

  @Override
  public String target() {
    return role.id();
  }

  @Override
  public boolean touches(Role r) {
    return role == r;
  }

  @Override
  public Injector injector() {
    return new ProcessInjector(this);
  }
}
