package org.streambench.harness.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;
import org.streambench.harness.results.ProcessProfile;

/**
 * What one JFR recording of async-profiler says: CPU samples by owner, by frame (self and total)
 * and as collapsed stacks for the flame graph; allocation samples by site. Read with the JDK's own
 * JFR parser.
 */
final class RecordingAnalysis {
  static final int TOP = 12;

  /**
   * The owners whose methods are listed by inclusive share: the code a reader can act on. The
   * engine runtime's and the JDK's frames are the roots of almost every stack and would fill the
   * list.
   */
  private static final Set<FrameOwner> INCLUSIVE =
      Set.of(
          FrameOwner.WORKLOAD,
          FrameOwner.SERIALIZATION,
          FrameOwner.KAFKA_CLIENT,
          FrameOwner.HARNESS);

  private static final Set<String> JAVA_FRAME_TYPES =
      Set.of("Interpreted", "JIT compiled", "Inlined", "C1 compiled");

  private long samples;
  private final Map<FrameOwner, Long> owners = new EnumMap<>(FrameOwner.class);
  private final Map<String, Long> self = new HashMap<>();
  private final Map<String, Long> total = new HashMap<>();

  /** Root-to-leaf stacks joined by ';', as flame graph tools read them. */
  private final Map<String, Long> collapsed = new HashMap<>();

  private long allocationSamples;
  private long allocatedBytes;
  private final Map<String, Long> allocationSites = new HashMap<>();

  static RecordingAnalysis read(Path jfr) throws IOException {
    RecordingAnalysis a = new RecordingAnalysis();
    try (RecordingFile file = new RecordingFile(jfr)) {
      while (file.hasMoreEvents()) {
        RecordedEvent e = file.readEvent();
        switch (e.getEventType().getName()) {
          case "jdk.ExecutionSample" -> a.cpuSample(e);
          case "jdk.ObjectAllocationInNewTLAB" -> a.allocation(e, e.getLong("tlabSize"));
          case "jdk.ObjectAllocationOutsideTLAB" -> a.allocation(e, e.getLong("allocationSize"));
          default -> {}
        }
      }
    }
    return a;
  }

  private void cpuSample(RecordedEvent e) {
    RecordedStackTrace stack = e.getStackTrace();
    if (stack == null) {
      return;
    }
    List<String> frames = new ArrayList<>(); // leaf first
    List<Boolean> java = new ArrayList<>();
    for (RecordedFrame f : stack.getFrames()) {
      boolean isJava = f.getType() != null && JAVA_FRAME_TYPES.contains(f.getType());
      frames.add(name(f, isJava));
      java.add(isJava);
    }
    if (frames.isEmpty()) {
      return;
    }
    samples++;
    owners.merge(FrameOwner.ofSample(threadName(e), frames, java), 1L, Long::sum);
    self.merge(frames.get(0), 1L, Long::sum);
    Set<String> counted = new HashSet<>();
    for (int i = 0; i < frames.size(); i++) {
      FrameOwner owner = java.get(i) ? FrameOwner.ofJavaFrame(frames.get(i)) : null;
      if (owner != null && INCLUSIVE.contains(owner) && counted.add(frames.get(i))) {
        total.merge(frames.get(i), 1L, Long::sum);
      }
    }
    StringBuilder joined = new StringBuilder();
    for (int i = frames.size() - 1; i >= 0; i--) {
      joined.append(frames.get(i).replace(';', ':'));
      if (i > 0) {
        joined.append(';');
      }
    }
    collapsed.merge(joined.toString(), 1L, Long::sum);
  }

  private void allocation(RecordedEvent e, long weight) {
    allocationSamples++;
    allocatedBytes += weight;
    String site = "?";
    RecordedStackTrace stack = e.getStackTrace();
    if (stack != null) {
      for (RecordedFrame f : stack.getFrames()) {
        String name = name(f, true);
        if (!FrameOwner.isLibrary(name)) {
          site = name;
          break;
        }
      }
    }
    var cls = e.getClass("objectClass");
    allocationSites.merge((cls == null ? "?" : cls.getName()) + " in " + site, weight, Long::sum);
  }

  private static String threadName(RecordedEvent e) {
    RecordedThread t = e.getThread("sampledThread");
    if (t == null) {
      return null;
    }
    return t.getJavaName() != null ? t.getJavaName() : t.getOSName();
  }

  /** {@code class.method} for a Java frame; the native symbol alone for any other. */
  private static String name(RecordedFrame f, boolean java) {
    if (f.getMethod() == null) {
      return "?";
    }
    String method = f.getMethod().getName();
    String type = f.getMethod().getType() == null ? "" : f.getMethod().getType().getName();
    return java && !type.isEmpty() ? type + "." + method : method;
  }

  long samples() {
    return samples;
  }

  Map<String, Long> collapsedStacks() {
    return collapsed;
  }

  /** Each owner's share of the CPU samples, largest first. */
  Map<String, Double> ownerShares() {
    Map<String, Double> out = new LinkedHashMap<>();
    owners.entrySet().stream()
        .sorted(Map.Entry.<FrameOwner, Long>comparingByValue().reversed())
        .forEach(o -> out.put(o.getKey().label(), share(o.getValue(), samples)));
    return out;
  }

  List<ProcessProfile.FrameShare> topSelf() {
    return top(self, samples);
  }

  List<ProcessProfile.FrameShare> topTotal() {
    return top(total, samples);
  }

  long allocationSamples() {
    return allocationSamples;
  }

  List<ProcessProfile.FrameShare> topAllocations() {
    return top(allocationSites, allocatedBytes);
  }

  private static List<ProcessProfile.FrameShare> top(Map<String, Long> counts, long of) {
    return counts.entrySet().stream()
        .sorted(
            Map.Entry.<String, Long>comparingByValue()
                .reversed()
                .thenComparing(Map.Entry.comparingByKey(Comparator.naturalOrder())))
        .limit(TOP)
        .map(c -> new ProcessProfile.FrameShare(c.getKey(), share(c.getValue(), of)))
        .toList();
  }

  private static double share(long n, long of) {
    return of == 0 ? 0 : Math.round(n * 10_000.0 / of) / 10_000.0;
  }
}
