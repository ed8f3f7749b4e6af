package org.streambench.engine.flink;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.accumulators.LongMaximum;
import org.apache.flink.api.common.accumulators.LongMinimum;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.Collector;
import org.streambench.api.EpochMicros;
import org.streambench.api.workload.InJobResult;

/**
 * In-job source mode (grep, grouping): a bounded source generates {@code in-job.records} records
 * inside the job, the workload's transformation runs unchanged, and a tally counts its results
 * instead of writing them to Kafka. The counts travel as Flink accumulators; when the job has
 * finished the engine writes them as the {@link InJobResult} in the run directory.
 */
final class InJob {
  static final String RECORDS = "records";
  static final String START_MICROS = "start.micros";
  static final String OUTPUTS = "outputs";
  static final String END_MICROS = "end.micros";
  static final String MATCHED = "matched";
  static final String MATCHED_SEQ_SUM = "matched.seq.sum";

  /** Accumulator holding {@code key=count,sum} per key (grouping). */
  static final String KEYS = "keys";

  private InJob() {}

  /** {@code records} generated records, numbered 0 to records − 1 across all subtasks. */
  static <T> DataStream<T> source(
      StreamExecutionEnvironment env, long records, Generator<T> generator) {
    return env.fromSequence(0, records - 1).name("in-job-source").map(generator).name("generate");
  }

  /** Counts {@code results} with {@code tally} and drops them. */
  static void count(DataStream<String> results, Tally tally) {
    results
        .process(tally)
        .name("tally")
        .returns(Types.VOID)
        .sinkTo(new DiscardingSink<>())
        .name("discard");
  }

  /** Writes the finished job's accumulators as its {@link InJobResult}. */
  static void writeResult(Path runDir, JobExecutionResult job) throws IOException {
    result(job.getAllAccumulatorResults()).write(runDir);
  }

  static InJobResult result(Map<String, Object> accumulators) {
    InJobResult result =
        new InJobResult(
            number(accumulators, RECORDS),
            number(accumulators, OUTPUTS),
            number(accumulators, START_MICROS),
            number(accumulators, END_MICROS));
    if (accumulators.containsKey(MATCHED)) {
      result.grep(number(accumulators, MATCHED), number(accumulators, MATCHED_SEQ_SUM));
    }
    if (accumulators.containsKey(KEYS)) {
      Map<String, String> keys = new TreeMap<>();
      for (Object entry : (List<?>) accumulators.get(KEYS)) {
        String[] keyAndTotals = entry.toString().split("=", 2);
        keys.put(keyAndTotals[0], keyAndTotals[1]);
      }
      result.grouping(keys);
    }
    return result;
  }

  private static long number(Map<String, Object> accumulators, String name) {
    return ((Number) accumulators.get(name)).longValue();
  }

  /**
   * Turns a sequence number into the workload's input record, stamped with the generation time as
   * both its event time {@code t} and its entry stamp. Counts records and the first record's time.
   */
  abstract static class Generator<T> extends RichMapFunction<Long, T> {
    private final LongCounter records = new LongCounter();
    private final LongMinimum start = new LongMinimum();
    private boolean started;

    @Override
    public void open(OpenContext context) {
      getRuntimeContext().addAccumulator(RECORDS, records);
      getRuntimeContext().addAccumulator(START_MICROS, start);
    }

    @Override
    public T map(Long seq) {
      long t = EpochMicros.now();
      if (!started) {
        start.add(t);
        started = true;
      }
      records.add(1L);
      return generate(seq, t);
    }

    abstract T generate(long seq, long t);
  }

  /**
   * Counts results and notes when the last one was counted: stamped per result, because {@code
   * close()} may come only after the final checkpoint that Flink takes once the input ended, which
   * would charge checkpointing guarantees a spurious second.
   */
  abstract static class Tally extends ProcessFunction<String, Void> {
    private final LongCounter outputs = new LongCounter();
    private final LongMaximum end = new LongMaximum();
    private long lastMicros;

    @Override
    public void open(OpenContext context) {
      getRuntimeContext().addAccumulator(OUTPUTS, outputs);
      getRuntimeContext().addAccumulator(END_MICROS, end);
    }

    @Override
    public void processElement(String result, Context ctx, Collector<Void> out) {
      outputs.add(1L);
      count(result);
      lastMicros = EpochMicros.now();
    }

    @Override
    public void close() throws Exception {
      end.add(lastMicros > 0 ? lastMicros : EpochMicros.now());
    }

    abstract void count(String result);
  }
}
