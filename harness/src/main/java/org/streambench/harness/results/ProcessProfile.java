package org.streambench.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * One process's CPU profile over the steady state (docs/profiling.md).
 *
 * @param process the sampled role, e.g. {@code engine} or {@code engine/taskmanager-2}
 * @param pid its process id
 * @param event what async-profiler sampled: {@code cpu} (perf events) or {@code itimer}
 * @param samples CPU samples taken (one per 10 ms of CPU time)
 * @param owners share of the samples per owner ({@link FrameOwner#label()}), largest first
 * @param topSelf the frames most often at the top of the stack, with their share of the samples
 * @param topTotal the methods of the workload, the parsers, the Kafka client and the harness most
 *     often anywhere in the stack (each counted once per sample), the engine runtime's and the
 *     JDK's left out as the roots of almost every stack
 * @param allocationSamples allocation samples taken
 * @param topAllocations where the sampled bytes were allocated: the innermost frame outside the JDK
 *     and the class allocated, with its share of the sampled bytes
 * @param recording the JFR recording, relative to the run directory
 * @param flameGraph the flame graph (SVG), relative to the run directory
 * @param error why the process could not be profiled, else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProcessProfile(
    String process,
    long pid,
    String event,
    long samples,
    Map<String, Double> owners,
    List<FrameShare> topSelf,
    List<FrameShare> topTotal,
    long allocationSamples,
    List<FrameShare> topAllocations,
    String recording,
    String flameGraph,
    String error) {

  /** A frame (or allocation site) and its share of the samples, 0..1. */
  public record FrameShare(String frame, double share) {}

  /** The owners' shares in one line, e.g. {@code serialization/parsing 72.7 %, GC 1.1 %}. */
  public String ownersLine() {
    StringBuilder s = new StringBuilder();
    owners.forEach(
        (owner, share) ->
            s.append(s.isEmpty() ? "" : ", ")
                .append(owner)
                .append(String.format(java.util.Locale.ROOT, " %.1f %%", share * 100)));
    return s.toString();
  }

  public static ProcessProfile failed(String process, long pid, String error) {
    return new ProcessProfile(
        process, pid, null, 0, Map.of(), List.of(), List.of(), 0, List.of(), null, null, error);
  }
}
