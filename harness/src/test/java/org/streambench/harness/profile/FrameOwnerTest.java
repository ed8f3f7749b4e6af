package org.streambench.harness.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FrameOwnerTest {
  /** Frames leaf first; "native:" marks a native frame. */
  private static FrameOwner owner(String thread, String... leafFirst) {
    List<String> frames = new ArrayList<>();
    List<Boolean> java = new ArrayList<>();
    for (String f : leafFirst) {
      boolean isNative = f.startsWith("native:");
      frames.add(isNative ? f.substring(7) : f);
      java.add(!isNative);
    }
    return FrameOwner.ofSample(thread, frames, java);
  }

  @Test
  void theParserOwnsTheLibraryCodeItCalls() {
    assertEquals(
        FrameOwner.SERIALIZATION,
        owner(
            "Window(...) (1/1)",
            "scala.collection.immutable.List.map",
            "scala.util.parsing.combinator.Parsers$Success.map",
            "org.streambench.uricount.AccessLogParsers.scala",
            "org.apache.flink.streaming.runtime.tasks.StreamTask.invoke",
            "java.lang.Thread.run"));
  }

  @Test
  void theInnermostOwnedFrameWins() {
    assertEquals(
        FrameOwner.WORKLOAD,
        owner(
            "t",
            "java.util.HashMap.get",
            "org.streambench.api.workload.JoinSample.add",
            "org.apache.flink.streaming.api.operators.KeyedProcessOperator.processElement"));
    assertEquals(
        FrameOwner.KAFKA_CLIENT,
        owner(
            "t",
            "native:epoll_wait",
            "sun.nio.ch.EPoll.wait",
            "org.apache.kafka.clients.NetworkClient.poll",
            "org.apache.flink.connector.kafka.source.reader.KafkaSourceReader.fetch"));
    assertEquals(
        FrameOwner.ENGINE,
        owner("t", "java.util.ArrayDeque.poll", "org.apache.storm.executor.Executor.run"));
    assertEquals(
        FrameOwner.HARNESS, owner("generator", "org.streambench.harness.generator.SendLoop.run"));
  }

  @Test
  void gcAndJitThreadsAreTheirsWhateverTheirFrames() {
    assertEquals(FrameOwner.GC, owner("GC Thread#0", "native:G1ParScanThreadState::trim_queue"));
    assertEquals(FrameOwner.GC, owner("G1 Refine#1", "native:G1RemSet::refine_card"));
    // an OS thread name is cut to 15 characters
    assertEquals(FrameOwner.JIT, owner("C2 CompilerThre", "native:PhaseChaitin::Split"));
    assertEquals(FrameOwner.JIT, owner("C1 CompilerThre", "native:Compilation::compile"));
  }

  @Test
  void samplesWithoutOwnedFramesAreJdkOrNative() {
    assertEquals(
        FrameOwner.OTHER_JAVA,
        owner("main", "java.lang.String.hashCode", "com.example.Unknown.run"));
    assertEquals(FrameOwner.NATIVE, owner("VM Thread", "native:VMThread::loop"));
    assertEquals(FrameOwner.NATIVE, owner(null, "native:clear_page_erms"));
  }
}
