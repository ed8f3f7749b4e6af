package org.streambench.engine.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.storm.Config;
import org.apache.storm.generated.StormTopology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.api.Guarantee;
import org.streambench.api.JobSpec;
import org.streambench.api.SourceReadiness;
import org.streambench.api.workload.GroupingRecords;
import org.streambench.api.workload.InJobResult;
import org.streambench.api.workload.KeyDistribution;

class StormEngineTest {
  @TempDir Path runDir;

  /** Every workload's topology builds from the parameters docs/workloads.md defines. */
  @Test
  void buildsEveryTopology() {
    Map<String, String> params = new HashMap<>();
    params.putAll(
        Map.of(
            "sleep.ms", "1",
            "pattern", "ERROR",
            "window.size", "10",
            "redis.host", "127.0.0.1",
            "redis.port", "6379",
            "redis.prefix", "p-",
            "window.ms", "2000",
            "sla.ms", "500",
            "out.of.orderness.ms", "200",
            "lateness.ms", "0"));
    params.putAll(
        Map.of(
            "timer.ms", "1000", "streams", "3", "parser", "scala", "watermark.delay.ms", "4000"));
    for (String workload : StormEngine.CATALOGUE.workloads()) {
      SourceReadiness.reset();
      JobSpec spec = spec(workload, params, settings());
      StormTopology topology = StormEngine.CATALOGUE.builder(spec).apply(spec);
      assertEquals(1, topology.get_spouts_size(), workload);
      assertTrue(topology.get_bolts().containsKey(KafkaIo.SINK), workload);
    }
  }

  @Test
  void stormSettingsGoToTheConfigTyped() {
    Map<String, String> settings = settings();
    settings.put("storm.topology.max.spout.pending", "500");
    settings.put("storm.topology.enable.message.timeouts", "true");
    settings.put("storm.topology.spout.wait.strategy", "org.apache.storm.policy.WaitStrategyPark");
    settings.put("storm.topology.acker.executors", "null");
    settings.put("storm.topology.some.fraction", "0.5");
    settings.put("job.workers", "2");
    Config conf = StormSettings.topologyConfig(spec("identity", Map.of(), settings));
    assertEquals(500L, conf.get(Config.TOPOLOGY_MAX_SPOUT_PENDING));
    assertEquals(true, conf.get(Config.TOPOLOGY_ENABLE_MESSAGE_TIMEOUTS));
    assertEquals(
        "org.apache.storm.policy.WaitStrategyPark", conf.get(Config.TOPOLOGY_SPOUT_WAIT_STRATEGY));
    assertTrue(conf.containsKey(Config.TOPOLOGY_ACKER_EXECUTORS));
    assertEquals(null, conf.get(Config.TOPOLOGY_ACKER_EXECUTORS));
    assertEquals(0.5, conf.get("topology.some.fraction"));
    assertEquals(2, conf.get(Config.TOPOLOGY_WORKERS));
  }

  @Test
  void executorsDefaultToTheParallelism() {
    Map<String, String> settings = settings();
    settings.put("job.executors.bolt", "3");
    JobSpec spec = spec("identity", Map.of(), settings);
    assertEquals(2, StormSettings.executors(spec, "spout"));
    assertEquals(3, StormSettings.executors(spec, "bolt"));
  }

  /** A whole in-job run on a LocalCluster: the result file Flink's in-job mode writes. */
  @Test
  void inJobGroupingWritesTheFinalAggregatePerKey() throws Exception {
    Map<String, String> params =
        Map.of(
            "source", "in-job",
            "in-job.records", "20000",
            "seed", "7",
            "keys", "100",
            "distribution", "zipf",
            "zipf.exponent", "1.0");
    new StormEngine().run(spec("grouping", params, settings()), () -> {});

    Map<String, String> result = result();
    GroupingRecords records = new GroupingRecords(7, KeyDistribution.of("zipf", 100, 1.0));
    Map<String, long[]> expected = new TreeMap<>();
    for (long seq = 0; seq < 20000; seq++) {
      long[] totals =
          expected.computeIfAbsent(GroupingRecords.key(records.keyIndex(seq)), k -> new long[2]);
      totals[0]++;
      totals[1] += records.value(seq);
    }
    assertEquals("20000", result.get("records"));
    assertEquals("20000", result.get("outputs"));
    assertEquals(Integer.toString(expected.size()), result.get("keys"));
    expected.forEach(
        (key, totals) -> assertEquals(totals[0] + "," + totals[1], result.get("key." + key), key));
    assertEquals(4 + 1 + expected.size(), result.size());
    long start = Long.parseLong(result.get("start.micros"));
    long end = Long.parseLong(result.get("end.micros"));
    assertTrue(start > 1_600_000_000_000_000L && start <= end, start + " " + end);
  }

  /** The settings the at-least-once guarantee file gives. */
  private static Map<String, String> settings() {
    Map<String, String> settings = new HashMap<>();
    settings.put("spout.processing-guarantee", "AT_LEAST_ONCE");
    settings.put("storm.topology.acker.executors", "1");
    return settings;
  }

  private Map<String, String> result() throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(runDir.resolve(InJobResult.FILE))) {
      p.load(r);
    }
    Map<String, String> map = new TreeMap<>();
    p.stringPropertyNames().forEach(k -> map.put(k, p.getProperty(k)));
    return map;
  }

  private JobSpec spec(String workload, Map<String, String> params, Map<String, String> settings) {
    return new JobSpec(
        "run-1",
        workload,
        "127.0.0.1:1",
        "in",
        "out",
        Guarantee.parse("at-least-once"),
        2,
        runDir,
        settings,
        params);
  }
}
