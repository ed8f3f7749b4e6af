package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.streambench.api.Guarantee;
import org.streambench.harness.fault.Recovery;
import org.streambench.harness.results.ProcessUsage;
import org.streambench.harness.results.RunResult;
import org.streambench.verifier.Verdict;

/**
 * Real faults in real clusters (2 workers, one slot each, identity at 2,000 records/s): a worker
 * killed with SIGKILL 8 s into the steady state and started again 3 s later. Exactly-once engines
 * lose and duplicate nothing and recover; the baseline at at-most-once may lose, and the run says
 * which guarantee allowed it.
 */
class FaultIT {
  @RegisterExtension static final SharedBroker kafka = SharedBroker.forClass();

  /**
   * Observed for 90 s, not 45: the restarted TaskManager's JVM starts while the survivors, the
   * broker and the harness keep both cores of a 2-core machine busy, and took 17 to 28 s after the
   * kill to register (its RPC system alone 6 to 13 s, against 3 s at the first start); the job then
   * restores from its last checkpoint and commits again. Output came back 30 to 50 s after the
   * kill, and with 45 s the steady state often ended first: recovery unknown.
   */
  @Test
  @Timeout(300)
  void flinkExactlyOnceThroughAKilledTaskManager() throws Exception {
    assertExactlyOnceThroughAKilledWorker("flink", "taskmanager", 90);
  }

  @Test
  @Timeout(300)
  void kafkaStreamsExactlyOnceThroughAKilledInstance() throws Exception {
    assertExactlyOnceThroughAKilledWorker("kafka-streams", "instance", 45);
  }

  @Test
  @Timeout(300)
  void baselineAtMostOnceCountsWhatAKilledInstanceLost() throws Exception {
    assumeTrue(TestEngines.isSelected("baseline"), "baseline not selected");
    RunResult r = runWithAKilledWorker("baseline", Guarantee.AT_MOST_ONCE, 45);
    assertEquals(Verdict.Status.VALID, r.verdict(), () -> "reasons: " + r.reasons());
    assertEquals(0L, r.verification().get("duplicated"), "at-most-once never duplicates");
    assertTrue(r.verification().containsKey("lost"), "loss counted: " + r.verification());
    long lost = r.verification().get("lost");
    assertEquals(
        lost > 0,
        r.warnings().contains(lost + " lost, which at-most-once allows"),
        () -> "loss said with its guarantee: " + r.warnings());
    assertKilledAndBack(r, "instance");
  }

  /** A paused worker resumes after its pause, a stopped one is started again; nothing is lost. */
  @Test
  @Timeout(300)
  void baselineAtLeastOnceThroughAPauseAndAStop() throws Exception {
    assumeTrue(TestEngines.isSelected("baseline"), "baseline not selected");
    RunResult r =
        kafka.run(
            SharedBroker.withFaults(
                SharedBroker.clusterWorkload(
                    "baseline", "identity", Guarantee.AT_LEAST_ONCE, 2_000, 5, 35),
                "pause:worker@8s/4s",
                "stop:worker@20s"));
    assertEquals(RunResult.Status.COMPLETED, r.status(), () -> "failure: " + r.failure());
    assertEquals(Verdict.Status.VALID, r.verdict(), () -> "reasons: " + r.reasons());
    assertEquals(0L, r.verification().get("lost"));
    assertEquals(2, r.faults().size());
    RunResult.Fault pause = r.faults().get(0);
    RunResult.Fault stop = r.faults().get(1);
    assertEquals("pause", pause.action());
    assertEquals("instance-1", pause.process());
    assertEquals(4.0, pause.backAfterSeconds(), 1.0);
    assertEquals("stop", stop.action());
    assertEquals("instance-2", stop.process(), "round robin");
    assertEquals(3.0, stop.backAfterSeconds(), 1.0);
  }

  private static void assertExactlyOnceThroughAKilledWorker(
      String engine, String worker, int measureSeconds) throws Exception {
    assumeTrue(TestEngines.isSelected(engine), engine + " not selected");
    RunResult r = runWithAKilledWorker(engine, Guarantee.EXACTLY_ONCE, measureSeconds);
    assertEquals(Verdict.Status.VALID, r.verdict(), () -> "reasons: " + r.reasons());
    assertEquals(0L, r.verification().get("lost"));
    assertEquals(0L, r.verification().get("duplicated"));
    RunResult.Fault f = assertKilledAndBack(r, worker);
    assertEquals(Recovery.RECOVERED, f.recovery(), () -> "fault: " + f);
    assertTrue(f.peakBacklog() > 0, () -> "the fault held output back: " + f);
  }

  private static RunResult runWithAKilledWorker(String engine, Guarantee g, int measureSeconds)
      throws Exception {
    RunResult r =
        kafka.run(
            SharedBroker.withFaults(
                SharedBroker.clusterWorkload(engine, "identity", g, 2_000, 5, measureSeconds),
                "kill:worker@8s"));
    assertEquals(RunResult.Status.COMPLETED, r.status(), () -> "failure: " + r.failure());
    return r;
  }

  /** The fault hit worker 1 at 8 s and its process came back, sampled as a restart. */
  private static RunResult.Fault assertKilledAndBack(RunResult r, String worker) {
    assertNotNull(r.faults(), "faults recorded");
    assertEquals(1, r.faults().size());
    RunResult.Fault f = r.faults().get(0);
    assertEquals(worker + "-1", f.process());
    assertEquals(8.0, f.atSeconds(), 0.5);
    assertEquals(3.0, f.backAfterSeconds(), 1.0);
    assertNotNull(f.outputGapMillis(), () -> "output after the fault: " + f);
    List<String> roles = r.processes().stream().map(ProcessUsage::role).toList();
    assertTrue(roles.contains("engine/" + worker + "-1-restart1"), roles::toString);
    return f;
  }
}
