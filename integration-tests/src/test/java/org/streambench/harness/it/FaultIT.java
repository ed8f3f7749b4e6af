package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
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
 * lose and duplicate nothing and recover; the baseline at at-most-once loses, and the run says
 * which guarantee allowed it; a spare worker takes over the share of one killed for good.
 */
class FaultIT {
  @RegisterExtension static final SharedBroker kafka = SharedBroker.forClass();

  /** Runs that wait for a recovery end this long after it (--after-recovery). */
  private static final int AFTER_RECOVERY_S = 5;

  /**
   * Up to 90 s, not 45, ending {@link #AFTER_RECOVERY_S} after the recovery: the restarted
   * TaskManager's JVM starts while the survivors, the broker and the harness keep both cores of a
   * 2-core machine busy, and took 17 to 28 s after the kill to register (its RPC system alone 6 to
   * 13 s, against 3 s at the first start); the job then restores from its last checkpoint and
   * commits again. Output came back 30 to 50 s after the kill, and with 45 s the steady state often
   * ended first: recovery unknown.
   */
  @Test
  @Timeout(300)
  void flinkExactlyOnceThroughAKilledTaskManager() throws Exception {
    assertExactlyOnceThroughAKilledWorker("flink", "taskmanager", 90);
  }

  /**
   * Up to 90 s, not 45, ending {@link #AFTER_RECOVERY_S} after the recovery: identity's topology
   * has no store, so Kafka Streams gives the restarted instance a new process id and with it new
   * transactional ids, which do not fence the killed instance's open transaction; the broker aborts
   * it only after {@code transaction.timeout.ms} (10 s) at its next sweep for timed-out
   * transactions (every 10 s), up to 20 s after the kill, and until then no read_committed reader
   * sees past it (docs/faults.md). Four runs on an idle 2-core machine recovered 8.9 to 14.9 s
   * after the kill, one beside a busy core 17.9 s; one CI run had not recovered 37 s after it, when
   * a 45 s steady state ended.
   */
  @Test
  @Timeout(300)
  void kafkaStreamsExactlyOnceThroughAKilledInstance() throws Exception {
    assertExactlyOnceThroughAKilledWorker("kafka-streams", "instance", 90);
  }

  /**
   * At-most-once commits a batch's offsets before it produces the batch, and here the producer
   * holds every batch 100 ms ({@code linger.ms}) after its commit, so that the kill always finds
   * records committed and not yet written: the run must lose some and count them. The collector
   * waits 5 s of silence for the lost records, not 30 (the instances are idle once the input ends).
   */
  @Test
  @Timeout(300)
  void baselineAtMostOnceCountsWhatAKilledInstanceLost() throws Exception {
    assumeTrue(TestEngines.isSelected("baseline"), "baseline not selected");
    RunResult r =
        kafka.run(
            SharedBroker.withFaults(
                SharedBroker.withIdleTimeout(
                    SharedBroker.withParallelism(
                        SharedBroker.clusterWorkload(
                            "baseline", "identity", Guarantee.AT_MOST_ONCE, 2_000, 5, 25),
                        2,
                        "kafka.producer.linger.ms=100"),
                    Duration.ofSeconds(5)),
                "kill:worker@8s"));
    assertEquals(RunResult.Status.COMPLETED, r.status(), () -> "failure: " + r.failure());
    assertEquals(Verdict.Status.VALID, r.verdict(), () -> "reasons: " + r.reasons());
    assertEquals(0L, r.verification().get("duplicated"), "at-most-once never duplicates");
    long lost = r.verification().get("lost");
    assertTrue(
        lost > 0,
        () -> "records committed and not yet written when killed are lost: " + r.verification());
    assertTrue(
        r.warnings().contains(lost + " lost, which at-most-once allows"),
        () -> "loss said with its guarantee: " + r.warnings());
    assertKilledAndBack(r, "instance");
  }

  /**
   * Two baseline instances at parallelism 1: instance-2 is a spare. instance-1 is killed for good;
   * once its session expires (6 s here, Kafka's default 45 s) the group gives its partition to the
   * spare, which resumes from the last commit: nothing lost, the run recovers, and the shares say
   * who held what when.
   */
  @Test
  @Timeout(300)
  void baselineSpareTakesOverAKilledInstancesPartition() throws Exception {
    assumeTrue(TestEngines.isSelected("baseline"), "baseline not selected");
    RunResult r =
        kafka.run(
            SharedBroker.endingAfterRecovery(
                SharedBroker.withFaults(
                    SharedBroker.withParallelism(
                        SharedBroker.clusterWorkload(
                            "baseline", "identity", Guarantee.AT_LEAST_ONCE, 2_000, 5, 40),
                        1,
                        "kafka.consumer.session.timeout.ms=6000"),
                    "kill:worker@8s:norestart"),
                Duration.ofSeconds(AFTER_RECOVERY_S)));
    assertEquals(RunResult.Status.COMPLETED, r.status(), () -> "failure: " + r.failure());
    assertEquals(Verdict.Status.VALID, r.verdict(), () -> "reasons: " + r.reasons());
    assertEquals(0L, r.verification().get("lost"));
    RunResult.Fault f = r.faults().get(0);
    assertEquals("instance-1", f.process(), "the busy instance");
    assertNull(f.backAfterSeconds(), "left down");
    assertEquals(
        Recovery.RECOVERED,
        f.recovery(),
        () -> "fault: " + f + "\nper second: " + SharedBroker.perSecond(r));
    assertNotNull(r.workers(), "shares reported");
    RunResult.WorkerShare busy = r.workers().get(0);
    RunResult.WorkerShare spare = r.workers().get(1);
    assertEquals("instance-1", busy.process());
    assertEquals(List.of("in-0"), busy.changes().get(busy.changes().size() - 1).items());
    assertEquals("instance-2", spare.process());
    assertEquals(
        List.of(),
        RunResult.WorkerShare.inSteadyState(spare.changes()).get(0).items(),
        () ->
            "a spare from the steady state until the kill (a start-up share may differ): " + spare);
    RunResult.WorkerShare.Held takeover = spare.changes().get(spare.changes().size() - 1);
    assertEquals(List.of("in-0"), takeover.items(), () -> "taken over: " + spare);
    assertTrue(
        takeover.atSeconds() > 8 && takeover.atSeconds() < 8 + 6 + 10,
        () -> "after the kill, once the session expired: " + spare);
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
    RunResult r =
        kafka.run(
            SharedBroker.endingAfterRecovery(
                SharedBroker.withFaults(
                    SharedBroker.clusterWorkload(
                        engine, "identity", Guarantee.EXACTLY_ONCE, 2_000, 5, measureSeconds),
                    "kill:worker@8s"),
                Duration.ofSeconds(AFTER_RECOVERY_S)));
    assertEquals(RunResult.Status.COMPLETED, r.status(), () -> "failure: " + r.failure());
    assertEquals(Verdict.Status.VALID, r.verdict(), () -> "reasons: " + r.reasons());
    assertEquals(0L, r.verification().get("lost"));
    assertEquals(0L, r.verification().get("duplicated"));
    RunResult.Fault f = assertKilledAndBack(r, worker);
    assertEquals(
        Recovery.RECOVERED,
        f.recovery(),
        () -> "fault: " + f + "\nper second: " + SharedBroker.perSecond(r));
    assertTrue(f.peakBacklog() > 0, () -> "the fault held output back: " + f);
    assertEndedAfterRecovery(r, f, measureSeconds);
  }

  /**
   * --after-recovery ended the steady state on a whole second at least {@link #AFTER_RECOVERY_S}
   * after the recovery, before its planned end; the input stopped there, and every record sent was
   * expected and verified.
   */
  private static void assertEndedAfterRecovery(RunResult r, RunResult.Fault f, int planned) {
    double steady = r.throughput().steadySeconds();
    assertTrue(steady < planned, () -> "ended early: " + steady + " s of " + planned);
    assertEquals(Math.rint(steady), steady, 1e-6, "on a whole second");
    assertTrue(
        steady >= f.atSeconds() + f.recoverySeconds() + AFTER_RECOVERY_S,
        () -> "after the recovery: " + steady + " s, " + f);
    assertEquals(r.generator().sent(), r.verification().get("expected"), "what was sent");
    assertTrue(r.generator().sent() < 2_000L * (5 + planned), "the input ended early");
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
