package org.streambench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streambench.api.Deployment;
import org.streambench.harness.Home;
import org.streambench.harness.UsageException;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.engine.EngineRegistry;

/** {@code --set jvm.heap=SIZE}: the heap of a local engine process, in place of its own. */
class EngineHeapTest {
  private final EngineDescriptor flink =
      EngineRegistry.scan(Home.detect().enginesDir()).all().get("flink");

  @Test
  void theHeapReplacesTheEnginesOwnMaximumAndInitialHeap() {
    assertTrue(flink.jvmOptions().contains("-Xmx2g"), flink.jvmOptions().toString());
    EngineDescriptor small =
        EngineHeap.apply(flink, Map.of("jvm.heap", "256m"), Deployment.local(1));
    assertEquals("-Xms256m", small.jvmOptions().get(0));
    assertEquals("-Xmx256m", small.jvmOptions().get(1));
    assertEquals(
        flink.jvmOptions().size() + 1,
        small.jvmOptions().size(),
        "the others kept, once each, and the direct memory's ceiling added");
    assertTrue(small.jvmOptions().stream().noneMatch(o -> o.equals("-Xmx2g")));
    assertTrue(
        small.jvmOptions().contains("-XX:MaxDirectMemorySize=2g"),
        "direct memory stays the engine's own -Xmx, the JVM's default ceiling for it: "
            + small.jvmOptions());
    EngineDescriptor twice =
        EngineHeap.apply(small, Map.of("jvm.heap", "128m"), Deployment.local(1));
    assertEquals(
        1,
        twice.jvmOptions().stream().filter(o -> o.startsWith("-XX:MaxDirectMemorySize")).count());
    assertTrue(twice.jvmOptions().contains("-XX:MaxDirectMemorySize=2g"), twice.jvmOptions() + "");
    assertSame(flink, EngineHeap.apply(flink, Map.of(), Deployment.local(1)), "none asked");
  }

  @Test
  void aSizeThatIsNotOneOrAClusterIsRefusedInOneLine() {
    UsageException bad =
        assertThrows(
            UsageException.class,
            () -> EngineHeap.apply(flink, Map.of("jvm.heap", "lots"), Deployment.local(1)));
    assertTrue(bad.getMessage().startsWith("jvm.heap=lots is not a heap size"), bad.getMessage());
    UsageException cluster =
        assertThrows(
            UsageException.class,
            () ->
                EngineHeap.apply(
                    flink,
                    Map.of("jvm.heap", "1g"),
                    new Deployment(Deployment.Kind.CLUSTER, 2, 1)));
    assertTrue(cluster.getMessage().contains("local deployment"), cluster.getMessage());
  }
}
