package org.streambench.engine.kafkastreams;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.streambench.api.Guarantee;
import org.streambench.api.JobSpec;
import org.streambench.api.workload.NexmarkQuery;

/** Job specs and {@link TopologyTestDriver}s for the topology tests. */
final class TestRuns {
  static final String INPUT = "in";
  static final String OUTPUT = "out";

  private TestRuns() {}

  /**
   * A spec with {@code overrides} over the defaults.yaml setting that changes how a topology builds
   * (the tests read no YAML).
   */
  static JobSpec spec(
      Path runDir, String workload, Map<String, String> params, Map<String, String> overrides) {
    Map<String, String> settings = new HashMap<>();
    settings.put("streams.ensure.explicit.internal.resource.naming", "true");
    // kafka-streams@3.9's module runs these tests on in-memory stores (its pom says why)
    String store = System.getProperty("streambench.test.state.store");
    if (store != null) {
      settings.put("state.store", store);
    }
    settings.putAll(overrides);
    return new JobSpec(
        "run-1",
        workload,
        "127.0.0.1:1",
        INPUT,
        OUTPUT,
        Guarantee.parse("at-least-once"),
        2,
        runDir,
        settings,
        params);
  }

  /** A uricount spec: {@code parser}, windows of {@code windowMs}, no allowed lateness. */
  static JobSpec uriCount(Path runDir, String parser, long windowMs, long outOfOrdernessMs) {
    return spec(
        runDir,
        "uricount",
        Map.of(
            "parser",
            parser,
            "window.ms",
            Long.toString(windowMs),
            "out.of.orderness.ms",
            Long.toString(outOfOrdernessMs),
            "lateness.ms",
            "0"),
        Map.of());
  }

  /** A driver over the workload's topology, configured as the engine configures a run. */
  static TopologyTestDriver driver(JobSpec spec) {
    Properties config = StreamsSettings.config(spec);
    return new TopologyTestDriver(KafkaStreamsEngine.topology(spec, config), config);
  }

  /**
   * Nexmark query {@code q}'s topology, built directly: q5, q7 and q8 are written and tested here
   * but not in the engine's catalogue yet.
   */
  static StreamsBuilder nexmark(NexmarkQuery q, JobSpec spec) {
    StreamsBuilder builder = new StreamsBuilder();
    switch (q) {
      case Q0 -> NexmarkTopology.q0(builder, spec);
      case Q1 -> NexmarkTopology.q1(builder, spec);
      case Q2 -> NexmarkTopology.q2(builder, spec);
      case Q3 -> NexmarkTopology.q3(builder, spec);
      case Q4 -> NexmarkTopology.q4(builder, spec);
      case Q5 -> NexmarkTopology.q5(builder, spec);
      case Q7 -> NexmarkTopology.q7(builder, spec);
      case Q8 -> NexmarkTopology.q8(builder, spec);
      case Q11 -> NexmarkTopology.q11(builder, spec);
      case Q14 -> NexmarkTopology.q14(builder, spec);
      default -> throw new IllegalArgumentException(q + " has no topology here");
    }
    return builder;
  }

  /** A driver over a topology built by {@code build}, with the engine's configuration. */
  static TopologyTestDriver driver(JobSpec spec, StreamsBuilder builder) {
    Properties config = StreamsSettings.config(spec);
    Topology topology = builder.build(config);
    return new TopologyTestDriver(topology, config);
  }

  static TestInputTopic<String, String> input(TopologyTestDriver driver, String topic) {
    return driver.createInputTopic(topic, new StringSerializer(), new StringSerializer());
  }

  static TestInputTopic<String, String> input(TopologyTestDriver driver) {
    return input(driver, INPUT);
  }

  /** The output values, each checked to end with an exit stamp not before the entry stamp. */
  static List<String> output(TopologyTestDriver driver) {
    TestOutputTopic<String, String> out =
        driver.createOutputTopic(OUTPUT, new StringDeserializer(), new StringDeserializer());
    List<String> values = new ArrayList<>();
    out.readKeyValuesToList()
        .forEach(
            kv -> {
              if (kv.key != null) {
                throw new AssertionError("output with a key: " + kv);
              }
              values.add(kv.value);
            });
    return values;
  }

  static String ascii(byte[] buf, int len) {
    return new String(buf, 0, len, StandardCharsets.US_ASCII);
  }

  /** The value without its last field (the exit stamp), checking that stamp is a time. */
  static String withoutOut(String record) {
    int comma = record.lastIndexOf(',');
    long out = Long.parseLong(record.substring(comma + 1));
    if (out < 1_600_000_000_000_000L) {
      throw new AssertionError("exit stamp is not epoch µs: " + record);
    }
    return record.substring(0, comma);
  }
}
