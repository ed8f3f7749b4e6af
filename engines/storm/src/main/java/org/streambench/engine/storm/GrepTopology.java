package org.streambench.engine.storm;

import java.util.List;
import java.util.Map;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.GrepLines;
import org.streambench.api.workload.GrepMatcher;

/**
 * grep: KafkaSpout → grep bolt → KafkaBolt, all with {@code localOrShuffleGrouping} (no key, no
 * repartition). The {@link BaseBasicBolt} keeps the lines whose text (after {@code seq,t,}) the
 * regex {@code pattern} finds a match in and emits them unchanged with {@code ,in}, anchored to the
 * input. With {@code source=in-job} an {@link InJob.Source} spout generates the lines from {@link
 * GrepLines} and an {@link InJob.GrepTally} counts the matches.
 */
final class GrepTopology {
  private GrepTopology() {}

  static StormTopology build(JobSpec spec) {
    WorkloadParams params = new WorkloadParams(spec);
    TopologyBuilder builder = new TopologyBuilder();
    String source;
    if (params.inJob()) {
      long seed = params.longValue("seed");
      double matchFraction = params.decimal("match.fraction");
      int words = params.integer("words");
      builder.setSpout(
          InJob.SOURCE,
          new InJob.Source(
              params.longValue("in-job.records"),
              KafkaIo.LINE,
              () -> {
                GrepLines lines = new GrepLines(seed, matchFraction, words);
                byte[] buf = new byte[lines.maxBytes()];
                return (seq, t) -> List.of(lines.line(seq, t, buf), t);
              }),
          StormSettings.executors(spec, "spout"));
      source = InJob.SOURCE;
    } else {
      KafkaIo.addSpout(
          builder, spec, List.of(spec.inputTopic()), KafkaIo.LINE, Map.of(), KafkaIo::line);
      source = KafkaIo.SPOUT;
    }
    builder
        .setBolt(
            "grep",
            new Grep(params.string("pattern"), params.inJob()),
            StormSettings.executors(spec, "bolt"))
        .localOrShuffleGrouping(source);
    if (params.inJob()) {
      builder
          .setBolt(InJob.TALLY, new InJob.GrepTally(), StormSettings.executors(spec, "sink"))
          .localOrShuffleGrouping("grep");
    } else {
      KafkaIo.addSink(builder, spec).localOrShuffleGrouping("grep");
    }
    return builder.createTopology();
  }

  /** Compiles the pattern once per task and reuses one {@link GrepMatcher}. */
  static final class Grep extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private final String pattern;
    private final boolean inJob;
    private transient GrepMatcher matcher;

    Grep(String pattern, boolean inJob) {
      this.pattern = pattern;
      this.inJob = inJob;
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
      matcher = new GrepMatcher(pattern);
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
      String value = input.getString(0);
      boolean match = matcher.matches(value);
      if (match) {
        collector.emit(new Values(value + ',' + input.getLong(1)));
      }
      if (inJob) {
        InJob.processed(match ? 1 : 0);
      }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
      declarer.declare(new Fields(KafkaIo.RESULT));
    }
  }
}
