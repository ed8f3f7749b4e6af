package org.streambench.harness.suite;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.streambench.harness.Durations;
import org.streambench.harness.UsageException;
import org.streambench.harness.engine.EngineRegistry;

/**
 * A suite file as written (YAML, kebab-case keys; field by field in {@code docs/suites.md}). Lists
 * are swept: the suite runs their cartesian product. With {@code --quick} the file's {@code quick:}
 * block replaces the top-level keys it names, so one file holds the full experiment and a version
 * that finishes in minutes.
 *
 * @param name the suite's name (defaults to the file name)
 * @param description what it reproduces, shown in reports
 * @param headline the comparisons its page opens with ({@link Headline}), one or a list; empty =
 *     none
 * @param study the published study whose question it answers, by its id in {@code
 *     docs/studies.yaml}; null = none
 * @param question that question, as the suite puts it (its answer is the headline); null = none
 * @param mode fixed-rate (a rate sweep when several rates), drain, in-job or sustainable
 * @param engines engines to run
 * @param engineVersion versions of each of the engines to run ({@code all}, {@code default} or a
 *     line such as {@code 1.20}; {@link EngineRegistry#versionsOf}); empty = the engines as named
 * @param workloads workloads to run
 * @param guarantees delivery guarantees
 * @param parallelism engine parallelism values
 * @param partitions input/output partition counts; empty = same as parallelism
 * @param deployment local, cluster (the engine's own cluster of processes) and/or yarn (its
 *     containers on the YARN streambench starts); empty = local
 * @param workers worker processes of a cluster or YARN deployment; empty = 2
 * @param checkpointStorage local and/or hdfs (where engines keep checkpoints); empty = local
 * @param brokers embedded Kafka brokers; empty = as the command line says ({@code --brokers})
 * @param rates offered records/s (fixed-rate), or percentages ({@code 90%}) of the sustainable rate
 *     the suite searches first for the same configuration ({@link SuiteRate})
 * @param records records per run (drain, in-job); with {@code drainSeconds}, the first drain's
 *     count
 * @param drainSeconds a drain's steady part must last this long: a shorter one runs again with more
 *     records ({@link DrainSizing}), and the count that sufficed carries over to later repetitions;
 *     0 = the records as given
 * @param params workload parameters to sweep, name → values
 * @param settings engine settings ({@code --set}) to sweep for every engine, key → values
 * @param variants named per-engine configurations (profiles, settings), swept as one dimension
 * @param repetitions how often each point runs
 * @param warmup fixed-rate warm-up per run
 * @param duration fixed-rate steady state per run
 * @param maxGeneratorLag as {@code run --max-generator-lag}
 * @param faults as {@code run --fault}, every run's faults (docs/faults.md); empty = none
 * @param faultSchedules fault schedules swept as one dimension (label {@code faults}), each one or
 *     more faults as {@code run --fault} takes them; empty = {@code faults} for every run
 * @param restartDelay as {@code run --restart-delay}
 * @param recoveryGrace as {@code run --recovery-grace}
 * @param linkMechanism as {@code run --link-mechanism}
 * @param latencyObjective e.g. {@code p99 <= 500ms}: a run above it misses the objective
 * @param cpuProfile as {@code run --cpu-profile}, for every run (docs/profiling.md)
 * @param cpus as {@code run --cpus}, e.g. {@code engine=1,broker=0,driver=0}: the CPUs of each
 *     role's processes for the whole suite (its broker, Redis and driver are shared); null = none
 * @param agents as {@code run --agents}: the agents that generate every run's input
 *     (docs/agents.md); empty = this process
 * @param floor whether the suite also measures the rig's own latency floor: the baseline engine on
 *     identity at each of its rates, with the suite's Kafka client settings ({@link FloorPoints})
 * @param rigWarmup how long the broker and the driver are warmed before the suite's first point and
 *     after {@code --resume} (e.g. {@code 0s}: one short round); null = the tool's default
 * @param warmupRounds rounds of the suite's points run first, stored but not counted (a suite's
 *     first round found the rig slower than its later ones): each point that is neither a search
 *     nor relative to one runs once per round, before the first repetition and after {@code
 *     --resume}; 0 = none
 * @param search sustainable-throughput search bounds
 * @param quick overrides for {@code --quick}
 */
public record SuiteSpec(
    String name,
    String description,
    List<Headline> headline,
    String study,
    String question,
    String mode,
    List<String> engines,
    List<String> engineVersion,
    List<String> workloads,
    List<String> guarantees,
    List<Integer> parallelism,
    List<Integer> partitions,
    List<String> deployment,
    List<Integer> workers,
    List<String> checkpointStorage,
    List<Integer> brokers,
    List<String> rates,
    List<Long> records,
    Integer drainSeconds,
    Map<String, List<String>> params,
    Map<String, List<String>> settings,
    List<Variant> variants,
    Integer repetitions,
    String warmup,
    String duration,
    String maxGeneratorLag,
    List<String> faults,
    List<List<String>> faultSchedules,
    String restartDelay,
    String recoveryGrace,
    String linkMechanism,
    String latencyObjective,
    boolean cpuProfile,
    String cpus,
    List<String> agents,
    boolean floor,
    String rigWarmup,
    Integer warmupRounds,
    SearchBounds search,
    JsonNode quick) {

  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory())
          .setPropertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY);

  private static final ObjectMapper JSON =
      new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE);

  public SuiteSpec {
    headline = orDefault(headline, List.of());
    mode = mode == null ? "fixed-rate" : mode;
    engineVersion = orDefault(engineVersion, List.of());
    guarantees = orDefault(guarantees, List.of("at-least-once"));
    parallelism = orDefault(parallelism, List.of(1));
    partitions = orDefault(partitions, List.of());
    deployment = orDefault(deployment, List.of());
    workers = orDefault(workers, List.of());
    checkpointStorage = orDefault(checkpointStorage, List.of());
    brokers = orDefault(brokers, List.of());
    rates = orDefault(rates, List.of());
    records = orDefault(records, List.of());
    drainSeconds = drainSeconds == null ? 0 : drainSeconds;
    params = params == null ? Map.of() : params;
    settings = settings == null ? Map.of() : settings;
    variants = orDefault(variants, List.of());
    repetitions = repetitions == null ? 1 : repetitions;
    warmupRounds = warmupRounds == null ? 0 : warmupRounds;
    warmup = warmup == null ? "10s" : warmup;
    duration = duration == null ? "30s" : duration;
    maxGeneratorLag = maxGeneratorLag == null ? "100ms" : maxGeneratorLag;
    faults = orDefault(faults, List.of());
    faultSchedules = orDefault(faultSchedules, List.of());
    agents = orDefault(agents, List.of());
    restartDelay = restartDelay == null ? "5s" : restartDelay;
    recoveryGrace = recoveryGrace == null ? "120s" : recoveryGrace;
    linkMechanism = linkMechanism == null ? "proxy" : linkMechanism;
    search = search == null ? SearchBounds.DEFAULT : search;
  }

  /** {@link #latencyObjective} parsed; null where the suite has none. */
  public LatencyObjective objective() {
    return LatencyObjective.parse(latencyObjective);
  }

  /** {@link #rigWarmup} as a duration, {@code fallback} where the file does not say. */
  public Duration rigWarmupOr(Duration fallback) {
    if (rigWarmup == null) {
      return fallback;
    }
    try {
      return Durations.parse(rigWarmup);
    } catch (IllegalArgumentException e) {
      throw new UsageException("rig-warmup: " + e.getMessage());
    }
  }

  private static <T> List<T> orDefault(List<T> values, List<T> fallback) {
    return values == null || values.isEmpty() ? fallback : values;
  }

  /**
   * Reads a suite file, applying its {@code quick:} block if asked.
   *
   * @throws UsageException with one line if the file is missing or malformed
   */
  public static SuiteSpec read(Path file, boolean quick) {
    JsonNode root;
    try {
      root = YAML.readTree(Files.readString(file));
    } catch (NoSuchFileException e) {
      throw new UsageException("suite file not found: " + file);
    } catch (IOException e) {
      throw new UsageException(
          "suite file " + file + " is not YAML: " + UsageException.firstLine(e));
    }
    if (!(root instanceof ObjectNode fields)) {
      throw new UsageException("suite file " + file + " must be a YAML map");
    }
    if (quick) {
      JsonNode overrides = fields.get("quick");
      if (overrides instanceof ObjectNode o) {
        fields.setAll(o);
      }
    }
    requireQuotedVersions(fields.get("engine-version"), file);
    if (!fields.hasNonNull("name")) {
      fields.put("name", file.getFileName().toString().replaceFirst("\\.ya?ml$", ""));
    }
    return fromTree(fields, "suite file " + file);
  }

  /** A version YAML reads as a number would lose its zeros: {@code 1.20} is the number 1.2. */
  private static void requireQuotedVersions(JsonNode versions, Path file) {
    if (versions == null) {
      return;
    }
    for (JsonNode v : versions.isArray() ? versions : List.of(versions)) {
      if (v.isNumber()) {
        throw new UsageException(
            "suite file "
                + file
                + ": engine-version: quote each version ('"
                + v.asText()
                + "'): YAML reads an unquoted 1.20 as the number 1.2");
      }
    }
  }

  /**
   * This spec with the placement {@code cpus} ({@code suite --cpus}, which wins over the file's).
   */
  public SuiteSpec withCpus(String cpus) {
    ObjectNode tree = JSON.valueToTree(this);
    tree.put("cpus", cpus);
    return fromTree(tree, "suite --cpus");
  }

  /** This spec with its input from {@code agents} ({@code suite --agents}, which wins). */
  public SuiteSpec withAgents(List<String> agents) {
    ObjectNode tree = JSON.valueToTree(this);
    tree.set("agents", JSON.valueToTree(agents));
    return fromTree(tree, "suite --agents");
  }

  /**
   * Whether {@code other} runs exactly what this spec runs: every field but those that only say
   * what the suite is and how its page and the index read ({@code description}, {@code headline},
   * {@code study}, {@code question}).
   */
  public boolean runsTheSameAs(SuiteSpec other) {
    ObjectNode mine = JSON.valueToTree(this);
    ObjectNode theirs = JSON.valueToTree(other);
    for (ObjectNode tree : List.of(mine, theirs)) {
      tree.remove(List.of("description", "headline", "study", "question"));
    }
    return mine.equals(theirs);
  }

  /**
   * The headlines a suite file's text names, empty if none (or the text is not a suite's YAML): a
   * page reads them from the file as it is now, like its description.
   */
  public static List<Headline> headlinesIn(String suiteFile) {
    try {
      JsonNode tree = YAML.readTree(suiteFile);
      if (!(tree instanceof ObjectNode fields) || !fields.has("headline")) {
        return List.of();
      }
      ObjectNode only = YAML.createObjectNode();
      only.set("headline", fields.get("headline"));
      return YAML.treeToValue(only, SuiteSpec.class).headline();
    } catch (IOException e) {
      return List.of();
    }
  }

  /** The spec as stored with a suite, and back. */
  public String toJson() {
    try {
      return JSON.writeValueAsString(this);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  public static SuiteSpec fromJson(String json) {
    try {
      return fromTree(JSON.readTree(json), "stored suite");
    } catch (IOException e) {
      throw new IllegalStateException("stored suite spec unreadable", e);
    }
  }

  private static SuiteSpec fromTree(JsonNode tree, String what) {
    try {
      return YAML.treeToValue(tree, SuiteSpec.class);
    } catch (IOException e) {
      throw new UsageException(what + ": " + UsageException.firstLine(e));
    }
  }

  /**
   * One named configuration per engine: e.g. {@code heap} is {@code --profile hashmap} on Flink and
   * {@code --profile in-memory} on Kafka Streams. Engines it does not name are skipped for it,
   * unless it has an {@code all} entry. In YAML: {@code name} plus one key per engine.
   */
  public static final class Variant {
    private String name;
    private final Map<String, EngineConfig> perEngine = new LinkedHashMap<>();

    @JsonProperty("name")
    public String name() {
      return name;
    }

    @JsonProperty("name")
    void setName(String name) {
      this.name = name;
    }

    @JsonAnySetter
    void put(String engine, EngineConfig config) {
      perEngine.put(engine, config);
    }

    @JsonAnyGetter
    Map<String, EngineConfig> perEngine() {
      return perEngine;
    }

    /**
     * The configuration for {@code engine}, or null if this variant does not apply to it. A variant
     * without entries is every engine's defaults.
     */
    public EngineConfig forEngine(String engine) {
      if (perEngine.isEmpty()) {
        return new EngineConfig(List.of(), Map.of());
      }
      EngineConfig c = perEngine.get(engine);
      return c != null ? c : perEngine.get("all");
    }
  }

  /**
   * Profiles and settings of one engine in a variant.
   *
   * @param profiles {@code --profile} names
   * @param set {@code --set} key → value
   */
  public record EngineConfig(List<String> profiles, Map<String, String> set) {
    public EngineConfig {
      profiles = profiles == null ? List.of() : profiles;
      set = set == null ? Map.of() : set;
    }
  }

  /**
   * A comparison a suite's page opens with, its sentences written from the stored suite: one figure
   * across the values of one dimension, within each combination of the others. In YAML: {@code
   * headline: {figure: throughput-in, across: set:flink.execution.checkpointing.interval}}.
   *
   * @param figure what is compared: {@code sustainable} (a search's rate) or a figure of the page's
   *     table by its id ({@code throughput-in}, {@code e2e-p99}, ...; docs/suites.md)
   * @param across the dimension whose values are compared, as the page names it ({@code engine},
   *     {@code guarantee}, {@code variant}, {@code set:KEY}, {@code param:NAME}, {@code rate}, ...)
   * @param control a value of {@code across} that runs the same configuration as the value it is
   *     set beside, under another name (an A/A control): each difference called resolved between
   *     the two is a false alarm, and the page counts them; null = none
   */
  public record Headline(
      String figure, String across, @JsonInclude(JsonInclude.Include.NON_NULL) String control) {
    public Headline {
      if (figure == null || figure.isBlank() || across == null || across.isBlank()) {
        throw new IllegalArgumentException("headline needs both figure and across");
      }
    }

    public Headline(String figure, String across) {
      this(figure, across, null);
    }
  }

  /**
   * Bounds of a sustainable-throughput search.
   *
   * @param start first rate tried
   * @param min lowest rate tried before giving up
   * @param max highest rate tried
   * @param tolerance the search stops when the bracket is within this fraction of its low end
   * @param maxTrials at most this many runs per search
   */
  public record SearchBounds(Long start, Long min, Long max, Double tolerance, Integer maxTrials) {
    static final SearchBounds DEFAULT = new SearchBounds(null, null, null, null, null);

    public SearchBounds {
      start = start == null ? 10_000 : start;
      min = min == null ? 100 : min;
      max = max == null ? 10_000_000 : max;
      tolerance = tolerance == null ? 0.05 : tolerance;
      maxTrials = maxTrials == null ? 12 : maxTrials;
    }
  }
}
