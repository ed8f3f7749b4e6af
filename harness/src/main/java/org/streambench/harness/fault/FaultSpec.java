package org.streambench.harness.fault;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One {@code --fault} option of some kind ({@link FaultKinds}): what it does to which part of the
 * run, and when, counted from the start of the steady state. Its {@link Injector} does it.
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
 */
public interface FaultSpec {
  /** The option as given. */
  String text();

  /** Its kind's name ({@code kill}, ...), as stored with its outcome. */
  String kind();

  /** What it targets, as given ({@code worker}, ...), as stored with its outcome. */
  String target();

  /** When the first fault happens, from the start of the steady state. */
  Duration first();

  /** The period of a repeated fault, or null for one. */
  Duration every();

  /** Whether it acts on the processes of {@code role} (for the run's refusals). */
  boolean touches(Role role);

  /**
   * The links between processes it acts on where the run carries them ({@code engine-broker},
   * {@code generator-broker}, {@code worker-master}, {@code worker-worker}): the run then puts them
   * behind the link proxy.
   */
  default List<String> links() {
    return List.of();
  }

  /** The links the run must carry for it (refused before anything starts otherwise). */
  default List<String> required() {
    return links();
  }

  /** What does it, one injector per fault as it happens. */
  Injector injector();

  /** Parses one {@code --fault} value; a usage error names what is wrong with it. */
  static FaultSpec parse(String text) {
    return FaultKinds.parse(text);
  }

  /** The times of this fault within a steady state of {@code steady}, from its start. */
  default List<Duration> times(Duration steady) {
    List<Duration> out = new ArrayList<>();
    if (every() == null) {
      if (first().compareTo(steady) < 0) {
        out.add(first());
      }
      return out;
    }
    for (Duration t = first(); t.compareTo(steady) < 0; t = t.plus(every())) {
      out.add(t);
    }
    return out;
  }
}
