package org.streambench.harness.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JitCompilersTest {
  @Test
  void coresAreEachThreadsGrowthOverTheTimeBetweenReadings() {
    // thread 1 grew 30 ticks, thread 2 is new with 20, thread 3 ended (not counted): 50 ticks in 2
    // s
    Map<Long, Long> before = Map.of(1L, 100L, 3L, 500L);
    Map<Long, Long> after = Map.of(1L, 130L, 2L, 20L);
    assertEquals(0.25, JitCompilers.cores(before, after, 2.0), 1e-9);
    assertEquals(0, JitCompilers.cores(after, after, 1.0));
  }

  @Test
  void hotspotsCompilerThreadsAreKnownByTheirCutNames() {
    assertTrue(JitCompilers.isCompiler("C2 CompilerThre"));
    assertTrue(JitCompilers.isCompiler("C1 CompilerThre"));
    assertFalse(JitCompilers.isCompiler("GC Thread#0"));
    assertFalse(JitCompilers.isCompiler("data-plane-kafka-network-thread"));
  }

  @Test
  void aStatLinesCpuIsUserPlusSystemTicksWhateverItsThreadIsCalled() {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    String stat = "4242 (C2 Compiler (x)) S 1 1 1 0 -1 4194368 10 0 0 0 150 25 0 0 20 0";
    assertEquals(175, CpuSource.cpuTicks(stat));
  }

  @Test
  void thisJvmsCompilersAreReadFromProc() throws Exception {
    JitCompilers compilers = JitCompilers.of(List.of(ProcessHandle.current().pid()));
    assertTrue(compilers.threads() > 0, "a HotSpot JVM has compiler threads in /proc");
    Thread.sleep(20);
    assertTrue(compilers.coresSinceLast() >= 0);
  }
}
