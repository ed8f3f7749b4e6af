package org.streambench.harness.fault;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.streambench.harness.Durations;
import org.streambench.harness.net.Impairment;

/**
 * A fault of the links between the run's processes, through the link proxy (docs/faults.md): the
 * engine's and the generator's connections to the brokers, and a cluster's between its master and
 * its workers.
 *
 * <pre>
 * partition:engine-broker@20s/30s        nothing passes either way for 30 s; connections wait
 * partition:engine->broker@20s/30s       only the engine's bytes to the brokers are held
 * partition:engine@20s/30s               the engine cut from every other role it talks to
 * partition:worker-broker@20s/30s        one worker (round robin, as kill:worker) cut from the brokers
 * partition:worker-master@20s/30s        one worker cut from its master (a Flink cluster's RPC)
 * partition:worker-worker@20s/30s        one worker cut from the other workers (Flink's data exchange)
 * partition:worker@20s/30s               one worker cut from the brokers and, where carried, its
 *                                        master and the other workers
 * partition:generator-broker@20s/60s:drop  connections reset and refused instead of held
 * slow:engine-broker@20s/20s:50ms        every round trip 50 ms longer (25 ms each way)
 * slow:engine-broker@20s/20s:50ms~10ms   the same, each way's delay ±5 ms per chunk
 * bandwidth:engine-broker@20s/20s:1mbit  at most 1 Mbit/s each way
 * reset:engine-broker@20s                every open connection reset once (they reconnect)
 * </pre>
 *
 * @param text the option as given
 * @param kind partition, slow, bandwidth or reset
 * @param target the endpoints as given
 * @param links the proxy's links it acts on where the run carries them ({@code engine-broker},
 *     {@code generator-broker}, {@code worker-master}, {@code worker-worker})
 * @param required the links the run must carry for it
 * @param oneWorker whether it acts on one worker's connections of its links only
 * @param impairment what it does to them while it lasts (null for a reset)
 * @param first when it happens, from the start of the steady state
 * @param every its period if repeated, else null
 * @param length how long it lasts, null for a reset
 */
public record LinkFault(
    String text,
    String kind,
    String target,
    List<String> links,
    List<String> required,
    boolean oneWorker,
    Impairment impairment,
    Duration first,
    Duration every,
    Duration length)
    implements FaultSpec {

  /** The kinds: {@code partition}, {@code slow}, {@code bandwidth}, {@code reset}. */
  static final List<FaultKind> KINDS =
      List.of(kind("partition"), kind("slow"), kind("bandwidth"), kind("reset"));

  /** The links between a cluster's master and its workers, where the engine lets the proxy in. */
  public static final String WORKER_MASTER = "worker-master";

  /** The links between a cluster's workers (their data exchange), where the engine lets it in. */
  public static final String WORKER_WORKER = "worker-worker";

  /** The links between a cluster's own processes, behind the run's own proxy. */
  public static final List<String> ENGINE_OWN = List.of(WORKER_MASTER, WORKER_WORKER);

  private static final String ROUTED =
      "the link proxy routes the engine's, one worker's and the generator's links to the brokers"
          + " (engine-broker, worker-broker, generator-broker) and a cluster's worker-master and"
          + " worker-worker links";

  private static FaultKind kind(String name) {
    return new FaultKind(name, option -> parse(name, option));
  }

  private static LinkFault parse(String kind, FaultText option) {
    Endpoints ends = Endpoints.of(option);
    List<String> words = option.options();
    Impairment impairment =
        switch (kind) {
          case "partition" -> partition(ends, words, option);
          case "slow" -> slow(ends, one(words, option, "a delay, e.g. :50ms"), option);
          case "bandwidth" -> bandwidth(ends, one(words, option, "a rate, e.g. :1mbit"), option);
          default -> null;
        };
    if (impairment == null) {
      if (option.length() != null || !words.isEmpty()) {
        throw option.bad("a reset happens once: no length, no options (reset:engine-broker@20s)");
      }
      if (ends.oneWay) {
        throw option.bad("a reset closes connections both ways: A-B, not A->B");
      }
    } else if (option.length() == null || option.length().isZero()) {
      throw option.bad("a " + kind + " needs its length, e.g. " + kind + ":engine-broker@20s/30s");
    }
    return new LinkFault(
        option.text(),
        kind,
        option.target(),
        ends.links,
        ends.required,
        ends.oneWorker,
        impairment,
        option.first(),
        option.every(),
        option.length());
  }

  private static Impairment partition(Endpoints ends, List<String> words, FaultText option) {
    if (words.equals(List.of("drop"))) {
      if (ends.oneWay) {
        throw option.bad("a dropping partition resets connections both ways: A-B, not A->B");
      }
      return Impairment.dropped();
    }
    if (!words.isEmpty()) {
      throw option.bad("unknown option ':" + String.join(":", words) + "' (only :drop)");
    }
    return Impairment.stalled(ends.out, ends.back);
  }

  /**
   * {@code 50ms} or {@code 50ms~10ms}: a round trip longer by it, half each way, or all one way.
   */
  private static Impairment slow(Endpoints ends, String word, FaultText option) {
    int tilde = word.indexOf('~');
    Duration delay = duration(tilde < 0 ? word : word.substring(0, tilde), option);
    Duration jitter = tilde < 0 ? Duration.ZERO : duration(word.substring(tilde + 1), option);
    long micros = delay.toNanos() / 1000;
    long jitterMicros = jitter.toNanos() / 1000;
    if (micros <= 0) {
      throw option.bad("a slow link needs a delay above 0, e.g. :50ms");
    }
    if (ends.oneWay) {
      return Impairment.delayed(ends.out ? micros : 0, ends.back ? micros : 0, jitterMicros);
    }
    return Impairment.delayed(micros / 2, micros / 2, jitterMicros / 2);
  }

  private static Impairment bandwidth(Endpoints ends, String word, FaultText option) {
    String rate = word.toLowerCase(Locale.ROOT);
    long bitsPerSecond;
    try {
      if (rate.endsWith("gbit")) {
        bitsPerSecond = Math.round(Double.parseDouble(rate.replace("gbit", "")) * 1e9);
      } else if (rate.endsWith("mbit")) {
        bitsPerSecond = Math.round(Double.parseDouble(rate.replace("mbit", "")) * 1e6);
      } else if (rate.endsWith("kbit")) {
        bitsPerSecond = Math.round(Double.parseDouble(rate.replace("kbit", "")) * 1e3);
      } else {
        throw new NumberFormatException();
      }
    } catch (NumberFormatException e) {
      throw option.bad("'" + word + "' is not a rate such as 500kbit, 1mbit or 1gbit");
    }
    if (bitsPerSecond < 8) {
      throw option.bad("a bandwidth needs at least a byte a second");
    }
    long bytes = bitsPerSecond / 8;
    return Impairment.limited(ends.out ? bytes : 0, ends.back ? bytes : 0);
  }

  private static String one(List<String> words, FaultText option, String what) {
    if (words.size() != 1) {
      throw option.bad("needs " + what);
    }
    return words.get(0);
  }

  private static Duration duration(String value, FaultText option) {
    try {
      return Durations.parse(value);
    } catch (RuntimeException e) {
      throw option.bad("'" + value + "' is not a duration such as 50ms");
    }
  }

  /**
   * The target's two ends as links of the proxy and the ways they act on: {@code A-B} both ways,
   * {@code A->B} from A to B only, {@code A} every link of A that the run carries.
   *
   * @param links what it acts on where the run carries them
   * @param required those the run must carry (a role's first; every one of a pair)
   */
  private record Endpoints(
      List<String> links,
      List<String> required,
      boolean oneWorker,
      boolean out,
      boolean back,
      boolean oneWay) {
    private static final String ENGINE = "engine-broker";
    private static final String GENERATOR = "generator-broker";

    static Endpoints of(FaultText option) {
      String t = option.target().toLowerCase(Locale.ROOT);
      boolean oneWay = t.contains("->");
      String[] ends = t.split(oneWay ? "->" : "-");
      if (ends.length == 1) {
        return switch (ends[0]) {
          case "engine" -> both(List.of(ENGINE), false);
          case "worker" -> role(List.of(ENGINE, WORKER_MASTER, WORKER_WORKER), true);
          case "master" -> both(List.of(WORKER_MASTER), false);
          case "generator" -> both(List.of(GENERATOR), false);
          case "broker" -> both(List.of(ENGINE, GENERATOR), false);
          default -> throw unrouted(option, ends[0]);
        };
      }
      if (ends.length != 2) {
        throw option.bad("expected a link A-B, a one-way A->B or a role A");
      }
      if (ends[0].equals("worker") && ends[1].equals("worker")) {
        if (oneWay) {
          throw option.bad(
              "workers connect to each other both ways: worker-worker is cut both ways (A-B, not"
                  + " A->B)");
        }
        return both(List.of(WORKER_WORKER), true);
      }
      Set<String> pair = Set.copyOf(List.of(ends[0], ends[1])); // engine-engine: one end
      if (pair.equals(Set.of("worker", "master"))) {
        if (oneWay) {
          throw option.bad(
              "a master and its workers each connect to the other: worker-master is cut both ways"
                  + " (A-B, not A->B)");
        }
        return both(List.of(WORKER_MASTER), true);
      }
      String client = ends[0].equals("broker") ? ends[1] : ends[0];
      if (!pair.contains("broker") || !List.of("engine", "worker", "generator").contains(client)) {
        throw unrouted(option, t);
      }
      boolean fromClient = ends[1].equals("broker");
      List<String> link = List.of(client.equals("generator") ? GENERATOR : ENGINE);
      return new Endpoints(
          link,
          link,
          client.equals("worker"),
          !oneWay || fromClient,
          !oneWay || !fromClient,
          oneWay);
    }

    private static Endpoints both(List<String> links, boolean oneWorker) {
      return new Endpoints(links, links, oneWorker, true, true, false);
    }

    private static Endpoints role(List<String> links, boolean oneWorker) {
      return new Endpoints(links, links.subList(0, 1), oneWorker, true, true, false);
    }

    private static RuntimeException unrouted(FaultText option, String what) {
      return option.bad("no link '" + what + "': " + ROUTED);
    }
  }

  /** A worker's links need workers: the run's checks for worker faults apply. */
  @Override
  public boolean touches(Role role) {
    return oneWorker && role == Role.WORKER;
  }

  @Override
  public Injector injector() {
    return new LinkInjector(this);
  }
}
