package org.streambench.engine.storm;

import java.util.List;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseBasicBolt;
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
    String source =
        params.inJob()
            ? InJob.addSource(builder, spec, KafkaIo.LINE, lines(params))
            : KafkaIo.addLineSpout(builder, spec);
    builder
        .setBolt(
            "grep",
            new Grep(new GrepMatcher(params.string("pattern")), params.inJob()),
            StormSettings.executors(spec, "bolt"))
        .localOrShuffleGrouping(source);
    InJob.addSinkOf("grep", new InJob.GrepTally(), builder, spec);
    return builder.createTopology();
  }

  /**
   * In-job input: line {@code seq} of {@link GrepLines}, as the Kafka spout's {@code (value, in)}.
   */
  private static InJob.Generators lines(WorkloadParams params) {
    long seed = params.longValue("seed");
    double matchFraction = params.decimal("match.fraction");
    int words = params.integer("words");
    return () -> {
      GrepLines lines = new GrepLines(seed, matchFraction, words);
      byte[] buf = new byte[lines.maxBytes()];
      return (seq, t) -> List.of(lines.line(seq, t, buf), t);
    };
  }

  /** Keeps the matching lines; each task's copy of the {@link GrepMatcher} reuses its matcher. */
  static final class Grep extends ResultBolt {
    private static final long serialVersionUID = 1L;
    private final GrepMatcher matcher;
    private final boolean inJob;

    Grep(GrepMatcher matcher, boolean inJob) {
      this.matcher = matcher;
      this.inJob = inJob;
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
  }
}
