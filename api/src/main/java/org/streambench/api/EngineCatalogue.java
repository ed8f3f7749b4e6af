package org.streambench.api;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What an engine builds: its workloads (each with the engine's builder of that workload's job), the
 * ones it can also run from an in-job source, and the guarantees it offers. Its {@code
 * engine.properties} registers the same ({@code workloads=}, {@code in-job=}, {@code guarantees=});
 * the engines' tests check that with the api's {@code EngineCatalogueContract}.
 *
 * <pre>
 * static final EngineCatalogue&lt;JobBuilder&gt; CATALOGUE =
 *     new EngineCatalogue&lt;JobBuilder&gt;("the Flink engine", Guarantee.values())
 *         .add("identity", IdentityJob::build)
 *         .add("grep", GrepJob::build)
 *         .inJob("grep");
 * </pre>
 *
 * @param <B> the engine's builder of a workload's job
 */
public final class EngineCatalogue<B> {
  private final String engine;
  private final Set<Guarantee> guarantees;
  private final Map<String, B> builders = new LinkedHashMap<>();
  private final Set<String> inJob = new TreeSet<>();
  private String noInJobBecause;

  /**
   * @param engine the engine as its refusals name it, e.g. {@code the Flink engine}
   * @param guarantees the guarantees it offers
   */
  public EngineCatalogue(String engine, Guarantee... guarantees) {
    this.engine = engine;
    this.guarantees = EnumSet.noneOf(Guarantee.class);
    this.guarantees.addAll(Arrays.asList(guarantees));
  }

  /** Adds a workload and its builder; workloads are listed in the order they are added. */
  public EngineCatalogue<B> add(String workload, B builder) {
    if (builders.put(workload, builder) != null) {
      throw new IllegalArgumentException("workload " + workload + " added twice");
    }
    return this;
  }

  /** Marks added workloads as able to generate their input inside the job. */
  public EngineCatalogue<B> inJob(String... workloads) {
    for (String w : workloads) {
      if (!builders.containsKey(w)) {
        throw new IllegalArgumentException("in-job workload " + w + " is not in the catalogue");
      }
      inJob.add(w);
    }
    return this;
  }

  /** Why the engine has no in-job source at all, said when one is asked for. */
  public EngineCatalogue<B> noInJobBecause(String reason) {
    this.noInJobBecause = reason;
    return this;
  }

  public String engine() {
    return engine;
  }

  /** The workloads, in the order they were added. */
  public List<String> workloads() {
    return List.copyOf(builders.keySet());
  }

  public Set<String> inJobWorkloads() {
    return Set.copyOf(inJob);
  }

  public Set<Guarantee> guarantees() {
    return Set.copyOf(guarantees);
  }

  /**
   * The builder of the spec's workload. A workload, in-job source or guarantee the engine does not
   * offer is refused with {@link UnsupportedOperationException} (the launcher's exit code 2).
   */
  public B builder(JobSpec spec) {
    B builder = builders.get(spec.workload());
    if (builder == null) {
      throw new UnsupportedOperationException(
          engine
              + " has no workload '"
              + spec.workload()
              + "' (it has: "
              + String.join(", ", builders.keySet())
              + ")");
    }
    if (new WorkloadParams(spec).inJob() && !inJob.contains(spec.workload())) {
      throw new UnsupportedOperationException(
          engine
              + " has no in-job source for workload "
              + spec.workload()
              + (noInJobBecause == null ? "" : ": " + noInJobBecause));
    }
    if (!guarantees.contains(spec.guarantee())) {
      throw new UnsupportedOperationException(
          engine
              + " does not offer "
              + spec.guarantee()
              + " delivery (it offers: "
              + guarantees.stream().map(Guarantee::id).collect(Collectors.joining(", "))
              + ")");
    }
    return builder;
  }
}
