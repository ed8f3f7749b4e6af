package org.streambench.harness.profile;

import java.util.List;

/**
 * Who a CPU sample's time belongs to, so that "30 % of the engine's CPU in the JSON parser" is one
 * line. A sample is the GC's or the JIT compiler's by its thread; otherwise it belongs to the owner
 * of its innermost frame that has one, read from the leaf towards the root. The JDK's and Scala's
 * own library frames (collections, strings, regex) own nothing: they work for whoever called them.
 * The rules and their reasons are in docs/profiling.md.
 */
public enum FrameOwner {
  SERIALIZATION("serialization/parsing"),
  KAFKA_CLIENT("Kafka client"),
  WORKLOAD("workload code"),
  ENGINE("engine runtime"),
  HARNESS("harness"),
  GC("GC"),
  JIT("JIT compiler"),
  OTHER_JAVA("JDK and other Java"),
  NATIVE("JVM and native");

  private static final List<String> SERIALIZATION_PREFIXES =
      List.of(
          "com.fasterxml.jackson.",
          "scala.util.parsing.",
          "org.apache.kafka.common.serialization.",
          "com.esotericsoftware.kryo.",
          "org.apache.flink.api.common.typeutils.",
          "org.apache.flink.api.java.typeutils.");
  private static final List<String> KAFKA_CLIENT_PREFIXES =
      List.of("org.apache.kafka.clients.", "org.apache.kafka.common.");
  private static final List<String> WORKLOAD_PREFIXES =
      List.of("org.streambench.engine.", "org.streambench.api.", "org.streambench.uricount.");
  private static final List<String> ENGINE_PREFIXES =
      List.of(
          "org.apache.flink.",
          "org.apache.kafka.streams.",
          "org.apache.storm.",
          "org.apache.spark.",
          "org.apache.pekko.",
          "akka.",
          "io.netty.",
          "org.rocksdb.",
          "org.apache.zookeeper.",
          "org.apache.curator.",
          "org.apache.hadoop.");
  private static final List<String> LIBRARY_PREFIXES =
      List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "scala.");

  private final String label;

  FrameOwner(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  /** The owner of a JVM thread by its name: GC, JIT, or null for every other thread. */
  static FrameOwner ofThread(String threadName) {
    if (threadName == null) {
      return null;
    }
    if (threadName.startsWith("GC Thread")
        || threadName.startsWith("G1 ")
        || threadName.startsWith("ZGC")
        || threadName.startsWith("Shenandoah")) {
      return GC;
    }
    // native threads' names come from the OS, cut to 15 characters ("C2 CompilerThre")
    if (threadName.startsWith("C1 Compiler")
        || threadName.startsWith("C2 Compiler")
        || threadName.startsWith("Sweeper")) {
      return JIT;
    }
    return null;
  }

  /**
   * The owner of one Java frame (a class name with its method), or null for a library frame and for
   * code of no known owner.
   */
  static FrameOwner ofJavaFrame(String frame) {
    if (startsWithAny(frame, SERIALIZATION_PREFIXES)) {
      return SERIALIZATION;
    }
    if (startsWithAny(frame, KAFKA_CLIENT_PREFIXES)) {
      return KAFKA_CLIENT;
    }
    if (startsWithAny(frame, WORKLOAD_PREFIXES)) {
      return WORKLOAD;
    }
    if (frame.startsWith("org.streambench.harness.")) {
      return HARNESS;
    }
    if (startsWithAny(frame, ENGINE_PREFIXES)) {
      return ENGINE;
    }
    return null;
  }

  static boolean isLibrary(String frame) {
    return startsWithAny(frame, LIBRARY_PREFIXES);
  }

  /**
   * The owner of a sample: {@code frames} from the leaf to the root, {@code java[i]} whether frame
   * {@code i} is a Java frame.
   */
  static FrameOwner ofSample(String threadName, List<String> frames, List<Boolean> java) {
    FrameOwner byThread = ofThread(threadName);
    if (byThread != null) {
      return byThread;
    }
    boolean anyJava = false;
    for (int i = 0; i < frames.size(); i++) {
      if (java.get(i)) {
        anyJava = true;
        FrameOwner owner = ofJavaFrame(frames.get(i));
        if (owner != null) {
          return owner;
        }
      }
    }
    return anyJava ? OTHER_JAVA : NATIVE;
  }

  private static boolean startsWithAny(String s, List<String> prefixes) {
    for (String p : prefixes) {
      if (s.startsWith(p)) {
        return true;
      }
    }
    return false;
  }
}
