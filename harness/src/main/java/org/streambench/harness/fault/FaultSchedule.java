package org.streambench.harness.fault;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.streambench.harness.Durations;
import org.streambench.harness.UsageException;
import org.streambench.harness.net.NetworkNamespaces;

/**
 * A run's faults: the {@code --fault} options, how long a killed or stopped process stays down
 * before it is started again ({@code --restart-delay}), how long a fault may take to recover before
 * it counts as not recovered ({@code --recovery-grace}), how the engine's links to the brokers are
 * cut ({@code --link-mechanism}), and, with {@code --after-recovery}, how long the steady state
 * goes on once every fault has recovered (null: to its planned end).
 */
public record FaultSchedule(
    List<FaultSpec> faults,
    Duration restartDelay,
    Duration grace,
    LinkMechanism mechanism,
    Duration afterRecovery) {
  public static final Duration DEFAULT_RESTART_DELAY = Duration.ofSeconds(5);
  public static final Duration DEFAULT_GRACE = Duration.ofSeconds(120);

  /** One fault at its time, numbered from 1 in time order. */
  public record Planned(int number, FaultSpec spec, Duration at) {}

  public FaultSchedule {
    faults = List.copyOf(faults);
    if (restartDelay.isNegative()) {
      throw new UsageException("--restart-delay must not be negative");
    }
    if (grace.isNegative() || grace.isZero()) {
      throw new UsageException("--recovery-grace must be positive");
    }
    if (afterRecovery != null && afterRecovery.isNegative()) {
      throw new UsageException("--after-recovery must not be negative");
    }
    if (afterRecovery != null && faults.isEmpty()) {
      throw new UsageException("--after-recovery needs a --fault to recover from");
    }
  }

  /**
   * Under network namespaces, whose link goes down whole, at least one fault on the engine's links
   * to the brokers and each a partition both ways (what else such a fault does comes from the
   * proxy); refused with one line otherwise.
   */
  public void requireMechanism() {
    if (mechanism != LinkMechanism.NAMESPACES) {
      return;
    }
    boolean cut = false;
    for (FaultSpec f : faults) {
      if (!f.links().contains(NetworkNamespaces.LINK)) {
        continue;
      }
      cut = true;
      boolean whole =
          f instanceof LinkFault l
              && l.kind().equals("partition")
              && NetworkNamespaces.makes(l.impairment());
      if (!whole) {
        throw new UsageException(
            "--fault "
                + f.text()
                + ": with --link-mechanism namespaces the engine's link to the brokers only goes"
                + " down whole, a partition both ways (slow, bandwidth, reset, :drop and one-way"
                + " partitions need the link proxy, the default)");
      }
    }
    if (!cut) {
      throw new UsageException(
          "--link-mechanism namespaces cuts the engine's links to the brokers, and no --fault acts"
              + " on them (e.g. partition:worker-broker@20s/30s)");
    }
  }

  public static FaultSchedule none() {
    return new FaultSchedule(
        List.of(), DEFAULT_RESTART_DELAY, DEFAULT_GRACE, LinkMechanism.PROXY, null);
  }

  /** Parses the {@code --fault} options, cut through the link proxy. */
  public static FaultSchedule parse(List<String> faults, Duration restartDelay, Duration grace) {
    return parse(faults, restartDelay, grace, LinkMechanism.PROXY);
  }

  /** Parses the {@code --fault} options. */
  public static FaultSchedule parse(
      List<String> faults, Duration restartDelay, Duration grace, LinkMechanism mechanism) {
    return new FaultSchedule(
        faults.stream().map(FaultSpec::parse).toList(), restartDelay, grace, mechanism, null);
  }

  /** The same faults, the steady state ending {@code after} once every one has recovered. */
  public FaultSchedule endingAfterRecovery(Duration after) {
    return new FaultSchedule(faults, restartDelay, grace, mechanism, after);
  }

  public boolean isEmpty() {
    return faults.isEmpty();
  }

  /**
   * Whether some fault acts on the engine's own processes: a worker or master, or the links between
   * them (which need a cluster, and which the engine's guarantee must survive as it must a kill).
   */
  public boolean touchesEngine() {
    return touches(Role.WORKER)
        || touches(Role.MASTER)
        || LinkFault.ENGINE_OWN.stream().anyMatch(this::requires);
  }

  /** Whether some fault acts on {@code link} where the run carries it. */
  public boolean touches(String link) {
    return faults.stream().anyMatch(f -> f.links().contains(link));
  }

  /** Whether some fault cannot do without {@code link}. */
  public boolean requires(String link) {
    return faults.stream().anyMatch(f -> f.required().contains(link));
  }

  /** Whether some fault acts on the processes of {@code role}. */
  public boolean touches(Role role) {
    return faults.stream().anyMatch(f -> f.touches(role));
  }

  /**
   * Every fault within a steady state of {@code steady}, in time order; a usage error if one {@code
   * --fault} falls outside it.
   */
  public List<Planned> plan(Duration steady) {
    List<FaultSpec> byTime = new ArrayList<>();
    List<Duration> times = new ArrayList<>();
    for (FaultSpec f : faults) {
      List<Duration> ts = f.times(steady);
      if (ts.isEmpty()) {
        throw new UsageException(
            "--fault "
                + f.text()
                + " falls after the steady state ends (--duration "
                + Durations.format(steady)
                + ")");
      }
      for (Duration t : ts) {
        byTime.add(f);
        times.add(t);
      }
    }
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < times.size(); i++) {
      order.add(i);
    }
    order.sort(Comparator.comparing(times::get));
    List<Planned> out = new ArrayList<>();
    for (int i : order) {
      out.add(new Planned(out.size() + 1, byTime.get(i), times.get(i)));
    }
    return out;
  }
}
