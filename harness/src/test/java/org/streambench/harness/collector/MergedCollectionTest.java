package org.streambench.harness.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.api.IdentityRecords;
import org.streambench.harness.generator.PacingSchedule;
import org.streambench.harness.workload.WorkloadRun;
import org.streambench.harness.workload.Workloads;

/**
 * Output read in shares (agents') and merged must give what one collector reading every record
 * gives: the same verdict counts, steady latency and per-second points (their backlog and whether
 * the output moved on included).
 */
class MergedCollectionTest {
  private static final long ORIGIN = 1_000_000_000_000L;
  private static final TopicPartition TP = new TopicPartition("out", 0);

  @TempDir Path dir;

  /** One output record: seq, intended time, engine stamps, and when it is received. */
  private record Output(long seq, long intended, long receive) {}

  @Test
  void sharesMergedJudgeAndTimeAsOneCollector() throws Exception {
    Random random = new Random(7);
    List<Output> outputs = new ArrayList<>();
    for (long seq = 0; seq < 5_000; seq++) {
      if (seq == 1234) {
        continue; // lost
      }
      long intended = ORIGIN + seq * 1_000; // 1,000 records/s over 5 s
      outputs.add(new Output(seq, intended, intended + 2_000 + random.nextInt(20_000)));
    }
    outputs.add(new Output(10, ORIGIN + 10_000, ORIGIN + 3_000_000)); // a duplicate, late
    outputs.sort((a, b) -> Long.compare(a.receive(), b.receive()));
    SteadyWindow steady = new SteadyWindow(ORIGIN + 1_000_000, ORIGIN + 4_000_000);

    WorkloadRun alone = identity();
    OutputChecks one = new OutputChecks(alone, dir.resolve("one.hlog"), ORIGIN, CollectorShare.ALL);
    one.setSteadyWindow(steady);
    one.setSchedule(ORIGIN, new PacingSchedule(1_000), 5_000);
    List<OutputChecks> shares = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      // agent i wrote the even (0) or odd (1) seqs; it reads the records received in its turn
      int agent = i;
      OutputChecks share =
          new OutputChecks(
              identity(), null, ORIGIN, CollectorShare.agent(i, 2, 0, s -> s % 2 == agent));
      share.setSteadyWindow(steady);
      shares.add(share);
    }
    long[] stamps = new long[3];
    for (int i = 0; i < outputs.size(); i++) {
      Output o = outputs.get(i);
      ConsumerRecords<byte[], byte[]> records = records(o);
      one.take(records, o.receive(), stamps);
      shares.get(i % 7 < 3 ? 0 : 1).take(records, o.receive(), stamps);
    }
    long end = ORIGIN + 6_000_000;
    one.roll(end);
    shares.forEach(s -> s.roll(end));

    WorkloadRun judged = identity();
    MergedCollection merged = new MergedCollection(judged, dir.resolve("merged.hlog"), ORIGIN);
    merged.setSteadyWindow(steady);
    merged.setSchedule(ORIGIN, new PacingSchedule(1_000), 5_000);
    judged.expect(5_000);
    assertFalse(merged.complete(shares.stream().map(OutputChecks::observations).toList()));
    CollectorReport mergedReport =
        merged.report(shares.stream().map(s -> s.part(0.5, 1_000)).toList(), true);
    alone.expect(5_000);
    CollectorReport oneReport = one.report(true, 1.0, 2_000);

    assertEquals(oneReport.verdict().counts(), mergedReport.verdict().counts());
    assertEquals(1L, mergedReport.verdict().counts().get("lost"));
    assertEquals(1L, mergedReport.verdict().counts().get("duplicated"));
    assertEquals(oneReport.received(), mergedReport.received());
    assertEquals(oneReport.endToEnd(), mergedReport.endToEnd());
    assertEquals(oneReport.engine(), mergedReport.engine());
    assertEquals(oneReport.steadyReceived(), mergedReport.steadyReceived());
    assertEquals(oneReport.firstReceiveMicros(), mergedReport.firstReceiveMicros());
    assertEquals(oneReport.lastReceiveMicros(), mergedReport.lastReceiveMicros());
    assertEquals(oneReport.intervals(), mergedReport.intervals());
    assertTrue(
        oneReport.intervals().stream().allMatch(p -> p.backlog() >= 0 && p.advanced() != null),
        "each second's backlog and whether the output moved on in it");
    assertEquals(oneReport.threadCpuSeconds(), mergedReport.threadCpuSeconds(), 1e-9);
    assertEquals(
        Files.readAllLines(dir.resolve("one.hlog")).size(),
        Files.readAllLines(dir.resolve("merged.hlog")).size());
  }

  @Test
  void completeOnceTheMergedSharesHoldEveryExpectedSeq() throws Exception {
    OutputChecks a =
        new OutputChecks(identity(), null, ORIGIN, CollectorShare.agent(0, 2, 0, s -> true));
    OutputChecks b =
        new OutputChecks(identity(), null, ORIGIN, CollectorShare.agent(1, 2, 0, s -> true));
    long[] stamps = new long[3];
    for (long seq = 0; seq < 100; seq++) {
      Output o = new Output(seq, ORIGIN + seq, ORIGIN + seq + 500);
      (seq < 50 ? a : b).take(records(o), o.receive(), stamps);
    }
    WorkloadRun judged = identity();
    MergedCollection merged = new MergedCollection(judged, dir.resolve("m.hlog"), ORIGIN);
    judged.expect(100);
    assertFalse(merged.complete(List.of(a.observations())));
    assertTrue(merged.complete(List.of(a.observations(), b.observations())));
  }

  private static WorkloadRun identity() {
    return Workloads.identity(0);
  }

  private static ConsumerRecords<byte[], byte[]> records(Output o) {
    byte[] buf = new byte[128];
    int n =
        IdentityRecords.encodeOutput(
            o.seq(), o.intended(), 0, o.intended() + 100, o.intended() + 900, buf);
    return new ConsumerRecords<>(
        Map.of(TP, List.of(new ConsumerRecord<>("out", 0, 0, null, Arrays.copyOf(buf, n)))),
        Map.of());
  }
}
