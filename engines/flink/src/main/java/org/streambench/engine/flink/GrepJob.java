package org.streambench.engine.flink;

import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.Csv;
import org.streambench.api.workload.GrepLines;
import org.streambench.api.workload.GrepMatcher;

/**
 * grep: keeps the lines whose text (after {@code seq,t,}) the regex {@code pattern} finds a match
 * in and emits them unchanged with their entry and exit stamps. No shuffle: source, filter and sink
 * are chained per subtask. With {@code source=in-job} the lines come from {@link GrepLines} inside
 * the job.
 */
final class GrepJob {
  private GrepJob() {}

  static void build(StreamExecutionEnvironment env, JobSpec spec) {
    WorkloadParams params = new WorkloadParams(spec);
    String pattern = params.string("pattern");
    if (params.inJob()) {
      DataStream<Line> lines =
          InJob.source(
              env,
              params.longValue("in-job.records"),
              new Generate(
                  params.longValue("seed"),
                  params.decimal("match.fraction"),
                  params.integer("words")));
      InJob.count(matching(lines, pattern), new Tally());
    } else {
      KafkaIo.write(
          matching(KafkaIo.read(env, spec, TypeInformation.of(Line.class), Line::parse), pattern),
          spec);
    }
  }

  /** The matching lines as {@code line,in}. */
  static DataStream<String> matching(DataStream<Line> lines, String pattern) {
    GrepMatcher matcher = new GrepMatcher(pattern); // each subtask has its own copy
    return lines
        .filter(line -> matcher.matches(line.value()))
        .name("grep")
        .map(line -> line.value() + ',' + line.in())
        .name("format");
  }

  /** In-job input: line {@code seq} of {@link GrepLines}. */
  static final class Generate extends InJob.Generator<Line> {
    private final long seed;
    private final double matchFraction;
    private final int words;
    private transient GrepLines lines;
    private transient byte[] buf;

    Generate(long seed, double matchFraction, int words) {
      this.seed = seed;
      this.matchFraction = matchFraction;
      this.words = words;
    }

    @Override
    public void open(OpenContext context) {
      super.open(context);
      lines = new GrepLines(seed, matchFraction, words);
      buf = new byte[lines.maxBytes()];
    }

    @Override
    Line generate(long seq, long t) {
      return new Line(lines.line(seq, t, buf), t);
    }
  }

  /** In-job result: {@code matched} and {@code matched.seq.sum}. */
  static final class Tally extends InJob.Tally {
    private final LongCounter matched = new LongCounter();
    private final LongCounter seqSum = new LongCounter();

    @Override
    public void open(OpenContext context) {
      super.open(context);
      getRuntimeContext().addAccumulator(InJob.MATCHED, matched);
      getRuntimeContext().addAccumulator(InJob.MATCHED_SEQ_SUM, seqSum);
    }

    @Override
    void count(String result) {
      matched.add(1L);
      seqSum.add(Csv.longField(result, 0));
    }
  }
}
