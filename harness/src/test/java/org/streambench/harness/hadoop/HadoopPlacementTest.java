package org.streambench.harness.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.streambench.harness.process.CpuPlacement;

/** Which CPUs each Hadoop daemon gets under {@code --cpus}. */
class HadoopPlacementTest {
  private static String cpusOf(String daemon, String spec, boolean forContainers) {
    CpuPlacement cpus = CpuPlacement.parse(spec, "--cpus");
    return cpus.cpusOf(Hadoop.cpuRole(daemon, cpus, forContainers));
  }

  @Test
  void theNodeManagerOfContainersRunsOnTheEnginesCpusTheOthersOnTheRigs() {
    // as auto places two CPUs: the containers inherit the NodeManager's, the engine's
    assertEquals("1", cpusOf("nodemanager", "engine=1 broker=0 driver=0", true));
    assertEquals("0", cpusOf("namenode", "engine=1 broker=0 driver=0", true));
    assertEquals("0", cpusOf("resourcemanager", "engine=1 broker=0 driver=0", true));
    // a Hadoop for checkpoints only keeps its idle NodeManager off the engine's CPUs
    assertEquals("0", cpusOf("nodemanager", "engine=1 broker=0 driver=0", false));
    // hadoop named apart from the broker
    assertEquals("2-3", cpusOf("nodemanager", "engine=2-3 broker=0 hadoop=4", true));
    assertEquals("4", cpusOf("datanode", "engine=2-3 broker=0 hadoop=4", true));
    // no engine CPUs named: the NodeManager stays with the other daemons
    assertEquals("0", cpusOf("nodemanager", "broker=0 driver=1", true));
  }
}
