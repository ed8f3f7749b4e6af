package org.streambench.harness.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.streambench.harness.UsageException;
import org.streambench.harness.net.Impairment;

class LinkFaultTest {
  private static LinkFault parse(String text) {
    return (LinkFault) FaultSpec.parse(text);
  }

  @Test
  void aPartitionHoldsBothWaysOrOneOrResets() {
    LinkFault both = parse("partition:engine-broker@20s/30s");
    assertEquals(List.of("engine-broker"), both.links());
    assertEquals(Impairment.stalled(true, true), both.impairment());
    assertEquals(Duration.ofSeconds(30), both.length());
    assertEquals(List.of("engine-broker"), both.required());
    assertEquals(
        Impairment.stalled(true, false), parse("partition:engine->broker@20s/5s").impairment());
    assertEquals(
        Impairment.stalled(false, true), parse("partition:broker->engine@20s/5s").impairment());
    assertEquals(
        Impairment.dropped(), parse("partition:generator-broker@20s/5s:drop").impairment());
    assertEquals(
        List.of("engine-broker", "generator-broker"), parse("partition:broker@20s/5s").links());
    assertEquals(List.of("generator-broker"), parse("partition:generator@20s/5s").links());
  }

  @Test
  void aWorkersLinksAreItsShareOfTheEnginesAndNeedWorkers() {
    LinkFault one = parse("partition:worker-broker@20s/30s");
    assertEquals(List.of("engine-broker"), one.links());
    assertTrue(one.oneWorker());
    assertTrue(one.touches(Role.WORKER));
    assertEquals(Impairment.stalled(true, true), one.impairment());
    assertEquals(
        Impairment.stalled(false, true), parse("partition:broker->worker@20s/5s").impairment());
    assertTrue(parse("slow:worker@20s/5s:20ms").oneWorker());
    assertTrue(parse("reset:worker-broker@20s").oneWorker());
    LinkFault engine = parse("partition:engine-broker@20s/30s");
    assertTrue(!engine.oneWorker() && !engine.touches(Role.WORKER));
  }

  @Test
  void aWorkerCutFromItsMasterIsOneWorkersWorkerMasterLinks() {
    LinkFault master = parse("partition:worker-master@20s/30s");
    assertEquals(List.of(LinkFault.WORKER_MASTER), master.links());
    assertEquals(List.of(LinkFault.WORKER_MASTER), master.required());
    assertTrue(master.oneWorker());
    assertEquals(master.links(), parse("slow:master-worker@20s/5s:20ms").links());
    LinkFault all = parse("partition:master@20s/30s");
    assertEquals(List.of(LinkFault.WORKER_MASTER), all.links());
    assertTrue(!all.oneWorker() && !all.touches(Role.MASTER), "a partition stops no process");
    LinkFault worker = parse("partition:worker@20s/30s");
    assertEquals(
        List.of("engine-broker", LinkFault.WORKER_MASTER, LinkFault.WORKER_WORKER), worker.links());
    assertEquals(
        List.of("engine-broker"), worker.required(), "its master's and peers' links where carried");
  }

  @Test
  void aWorkerCutFromTheOtherWorkersIsOneWorkersWorkerWorkerLinks() {
    LinkFault peers = parse("partition:worker-worker@20s/30s");
    assertEquals(List.of(LinkFault.WORKER_WORKER), peers.links());
    assertEquals(List.of(LinkFault.WORKER_WORKER), peers.required());
    assertTrue(peers.oneWorker());
    assertTrue(peers.touches(Role.WORKER));
    assertEquals(Impairment.stalled(true, true), peers.impairment());
  }

  @Test
  void aSlowLinkAddsItsDelayToTheRoundTripAndABandwidthItsRateEachWay() {
    assertEquals(
        Impairment.delayed(25_000, 25_000, 5_000),
        parse("slow:engine-broker@20s/20s:50ms~10ms").impairment());
    assertEquals(
        Impairment.delayed(50_000, 0, 0), parse("slow:engine->broker@20s/20s:50ms").impairment());
    assertEquals(
        Impairment.limited(125_000, 125_000),
        parse("bandwidth:engine-broker@20s/20s:1mbit").impairment());
  }

  @Test
  void aResetHappensOnce() {
    LinkFault reset = parse("reset:engine-broker@20s");
    assertNull(reset.impairment());
    assertNull(reset.length());
    assertEquals(List.of(Duration.ofSeconds(20)), reset.times(Duration.ofSeconds(60)));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "partition:engine-broker@20s|needs its length",
        "partition:worker->master@20s/5s|cut both ways",
        "partition:worker->worker@20s/5s|cut both ways",
        "partition:engine-engine@20s/5s|no link 'engine-engine'",
        "partition:master-broker@20s/5s|no link 'master-broker'",
        "partition:worker-generator@20s/5s|no link 'worker-generator'",
        "partition:engine-generator@20s/5s|no link 'engine-generator'",
        "partition:engine->broker@20s/5s:drop|both ways",
        "partition:engine-broker@20s/5s:cut|unknown option",
        "slow:engine-broker@20s/5s|needs a delay",
        "slow:engine-broker@20s/5s:fast|not a duration",
        "bandwidth:engine-broker@20s/5s:1mbps|not a rate",
        "reset:engine-broker@20s/5s|happens once",
        "reset:engine->broker@20s|both ways"
      })
  void badLinkFaultsAreRefusedSayingWhy(String text, String why) {
    UsageException e = assertThrows(UsageException.class, () -> FaultSpec.parse(text));
    assertTrue(e.getMessage().startsWith("--fault " + text + ": "), e.getMessage());
    assertTrue(e.getMessage().contains(why), e.getMessage());
  }
}
