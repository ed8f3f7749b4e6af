package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.streambench.api.EpochMicros;
import org.streambench.api.Guarantee;
import org.streambench.harness.agent.AgentClient;
import org.streambench.harness.agent.Agents;
import org.streambench.harness.agent.ClockOffset;
import org.streambench.harness.agent.LoadRequest;
import org.streambench.harness.agent.LoadStatus;
import org.streambench.harness.generator.PacingSchedule;
import org.streambench.harness.process.ChildProcess;
import org.streambench.harness.results.AgentShare;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.run.BenchmarkRun;
import org.streambench.harness.run.RunRequest;

/**
 * Two {@code streambench agent} processes on this machine share one paced generation: every record
 * arrives once, stamped with its intended time on the harness's clock, and is sent on time although
 * one agent's clock reads 50 ms ahead (the harness measured the offset and the agent corrected it).
 * In a run, the agents also read a share of the output each, checked there and merged into one
 * verdict.
 */
class AgentIT {
  @RegisterExtension static final SharedBroker kafka = SharedBroker.forClass();

  private static final int PARTITIONS = 4;
  private static final long RATE = 10_000;
  private static final long SKEW_MICROS = 50_000;

  @Test
  @Timeout(180)
  void twoAgentsWriteEveryRecordOnceOnTheHarnesssClock() throws Exception {
    String topic = "agents-identity";
    kafka.broker.createTopics(List.of(topic), PARTITIONS);
    List<ChildProcess> agents = new ArrayList<>();
    try {
      AgentClient plain = startAgent("plain", 0, agents);
      AgentClient skewed = startAgent("skewed", SKEW_MICROS / 1_000, agents);
      ClockOffset plainOffset = plain.clockOffset(20);
      ClockOffset skewedOffset = skewed.clockOffset(20);
      assertTrue(plainOffset.covers(0), plainOffset.toString());
      assertTrue(skewedOffset.covers(SKEW_MICROS), skewedOffset.toString());

      long start = EpochMicros.now() + 3_000_000;
      plain.startLoad(share(topic, start, plainOffset, 0));
      skewed.startLoad(share(topic, start, skewedOffset, 2));
      LoadStatus a = awaitEnd(plain);
      LoadStatus b = awaitEnd(skewed);
      assertEquals(LoadStatus.State.DONE, a.state(), String.valueOf(a.error()));
      assertEquals(LoadStatus.State.DONE, b.state(), String.valueOf(b.error()));

      PacingSchedule schedule = new PacingSchedule(RATE);
      long total = schedule.recordsIn(Duration.ofSeconds(4).toNanos());
      assertEquals(total, a.report().sent() + b.report().sent());
      long[] sendDelay = new long[(int) total];
      boolean[] seen = new boolean[(int) total];
      for (ConsumerRecord<byte[], byte[]> r : readAll(topic, total)) {
        String[] f = new String(r.value(), java.nio.charset.StandardCharsets.US_ASCII).split(",");
        int seq = Integer.parseInt(f[0]);
        long intended = Long.parseLong(f[1]);
        assertTrue(!seen[seq], "record " + seq + " arrived twice");
        seen[seq] = true;
        assertEquals(start + schedule.intendedNanos(seq) / 1_000, intended, "stamp of " + seq);
        // loop i of 4 owns partitions ≡ i (mod 4): the skewed agent ran loops 2 and 3
        assertEquals(seq % PARTITIONS, r.partition(), "partition of " + seq);
        sendDelay[seq] = r.timestamp() * 1_000 - intended;
      }
      for (int seq = 0; seq < total; seq++) {
        assertTrue(seen[seq], "record " + seq + " never arrived");
      }
      // sent on time on the machine's one real clock, by both agents: uncorrected, the skewed
      // agent would have sent 50 ms early
      assertOnTime(sendDelay, 0, "plain agent");
      assertOnTime(sendDelay, 2, "skewed agent");
    } finally {
      agents.forEach(agent -> agent.stop(5_000));
    }
  }

  @Test
  @Timeout(240)
  void aRunWithTwoAgentsIsVerifiedAsALocalRunAndListsTheirShares() throws Exception {
    List<ChildProcess> agents = new ArrayList<>();
    try {
      AgentClient plain = startAgent("run-plain", 0, agents);
      AgentClient skewed = startAgent("run-skewed", SKEW_MICROS / 1_000, agents);
      // Agent i writes input partition i; the baseline's loop that reads it sends to output
      // partitions as Kafka's sticky partitioner picks them, switching after batch.size bytes. At
      // the engine's default (128 KiB) that is every second or two, so in a 5 s window one loop's
      // records may all land on one agent's share; at 1 KiB every agent reads both agents'.
      RunRequest request =
          SharedBroker.withParallelism(
                  SharedBroker.fixedRate("baseline", Guarantee.AT_LEAST_ONCE, 4_000, 3, 5),
                  2,
                  "kafka.producer.batch.size=1024")
              .withAgents(new Agents(List.of(plain.name(), skewed.name()), null));
      RunResult r = kafka.run(request);
      assertTrue(r.completedValid(), () -> r.status() + " " + r.reasons() + " " + r.failure());
      assertEquals(2, r.agents().size());
      AgentShare first = r.agents().get(0);
      AgentShare second = r.agents().get(1);
      assertEquals(r.generator().sent(), first.sent() + second.sent());
      assertEquals(r.verification().get("expected"), r.verification().get("received"));
      assertTrue(Math.abs(first.clockOffsetMicros()) <= first.clockBoundMicros(), first.toString());
      assertTrue(
          Math.abs(second.clockOffsetMicros() - SKEW_MICROS) <= second.clockBoundMicros(),
          second.toString());
      assertEquals(0, first.firstLoop());
      assertEquals(1, second.firstLoop());
      // each read a share of the output, checked there and merged: every record read once
      assertTrue(first.collected() && second.collected(), r.agents().toString());
      assertEquals(r.verification().get("received"), first.received() + second.received());
      assertTrue(first.received() > 0 && second.received() > 0, r.agents().toString());
      assertTrue(r.endToEndLatencyMicros().count() > 0, "steady latency merged");
      // its own records' latency needs no clock offset, the others' need both agents': were the
      // skewed agent's left uncorrected, one side's would be 50 ms off (or negative, so missing)
      for (AgentShare a : r.agents()) {
        assertTrue(a.ownE2eP50Micros() > 0 && a.othersE2eP50Micros() > 0, a.toString());
        assertTrue(
            Math.abs(a.othersE2eP50Micros() - a.ownE2eP50Micros()) < SKEW_MICROS / 2, a.toString());
      }
    } finally {
      agents.forEach(agent -> agent.stop(5_000));
    }
  }

  @Test
  @Timeout(240)
  void aKilledAgentFailsTheRunWithinSecondsNamingIt() throws Exception {
    List<ChildProcess> agents = new ArrayList<>();
    try {
      AgentClient doomed = startAgent("doomed", 0, agents);
      AgentClient other = startAgent("other", 0, agents);
      RunRequest request =
          SharedBroker.fixedRate("baseline", Guarantee.AT_LEAST_ONCE, 2_000, 2, 60)
              .withAgents(new Agents(List.of(doomed.name(), other.name()), null));
      AtomicLong failedAt = new AtomicLong();
      CompletableFuture<RunResult> run =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return BenchmarkRun.prepare(kafka.home, kafka.engines, request)
                      .execute(
                          kafka.broker,
                          null,
                          null,
                          kafka.store,
                          line -> {
                            System.out.println("  agents: " + line);
                            if (line.contains("run failed")) {
                              failedAt.compareAndSet(0, System.nanoTime());
                            }
                          });
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
      while (!sending(doomed) && System.nanoTime() < deadline) {
        assertTrue(!run.isDone(), () -> "the run ended early: " + run.join().failure());
        Thread.sleep(200);
      }
      long killedAt = System.nanoTime();
      ProcessHandle.of(agents.get(0).pid()).ifPresent(ProcessHandle::destroyForcibly);
      RunResult r = run.get(120, java.util.concurrent.TimeUnit.SECONDS);
      assertEquals(RunResult.Status.FAILED, r.status());
      assertTrue(
          r.failure().reason().contains("agent " + doomed.name() + " lost"), r.failure().reason());
      double seconds = (failedAt.get() - killedAt) / 1e9;
      assertTrue(failedAt.get() > 0 && seconds < 10, "failed " + seconds + " s after the kill");
      assertFalse(other.load().running(), "the other agent's load was stopped");
      assertFalse(
          other.collectStatus().state() == LoadStatus.State.RUNNING,
          "the other agent's collection was stopped");
      List<ProcessHandle> left =
          ProcessHandle.allProcesses()
              .filter(p -> p.info().commandLine().orElse("").contains(r.runId()))
              .toList();
      assertEquals(List.of(), left, "no process of the run is left");
    } finally {
      agents.forEach(agent -> agent.stop(5_000));
    }
  }

  private static boolean sending(AgentClient agent) {
    try {
      LoadStatus status = agent.load();
      return status.running() && status.sent() > 0;
    } catch (java.io.IOException e) {
      return false; // no load yet
    }
  }

  private static void assertOnTime(long[] sendDelay, int firstLoop, String who) {
    long[] mine =
        java.util.stream.IntStream.range(0, sendDelay.length)
            .filter(seq -> seq % PARTITIONS == firstLoop || seq % PARTITIONS == firstLoop + 1)
            .mapToLong(seq -> sendDelay[seq])
            .sorted()
            .toArray();
    long median = mine[mine.length / 2];
    // Kafka's timestamp is in whole ms: -1 ms is on time
    assertTrue(
        median > -2_000 && median < 20_000,
        who + " sent its records " + median + " µs after their intended time (median)");
  }

  private AgentClient startAgent(String name, long skewMillis, List<ChildProcess> agents)
      throws Exception {
    Path dir = kafka.newDirectory("agent-" + name + "-");
    Path portFile = dir.resolve("port");
    List<String> cmd =
        AgentNamespaceIT.agentCommand(
            "--listen",
            "127.0.0.1:0",
            "--port-file",
            portFile.toString(),
            "--exit-with-stdin",
            "--test-clock-offset-ms",
            Long.toString(skewMillis));
    ChildProcess agent = ChildProcess.start("agent-" + name, cmd, dir.resolve("agent.log"));
    agents.add(agent);
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!Files.exists(portFile)) {
      assertTrue(agent.isAlive(), () -> "agent " + name + " died: " + agent.logTail(20));
      assertTrue(System.nanoTime() < deadline, "agent " + name + " did not listen in 30 s");
      Thread.sleep(100);
    }
    return AgentClient.of("127.0.0.1:" + Files.readString(portFile).trim(), null);
  }

  private static LoadRequest share(String topic, long start, ClockOffset offset, int firstLoop) {
    return new LoadRequest(
        kafka.broker.bootstrapServers(),
        List.of(topic),
        "identity",
        Map.of(),
        42,
        "at-least-once",
        RATE,
        1_000,
        3_000,
        start,
        offset.offsetMicros(),
        firstLoop,
        2,
        PARTITIONS);
  }

  private static LoadStatus awaitEnd(AgentClient agent) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    LoadStatus status = agent.load();
    while (status.running() && System.nanoTime() < deadline) {
      Thread.sleep(200);
      status = agent.load();
    }
    return status;
  }

  private static List<ConsumerRecord<byte[], byte[]>> readAll(String topic, long records) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.broker.bootstrapServers());
    p.put(ConsumerConfig.GROUP_ID_CONFIG, "agent-it");
    p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    List<ConsumerRecord<byte[], byte[]>> all = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(p)) {
      consumer.subscribe(List.of(topic));
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (all.size() < records && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(500)).forEach(all::add);
      }
    }
    assertTrue(all.size() >= records, "read " + all.size() + " of " + records + " records");
    return all;
  }
}
