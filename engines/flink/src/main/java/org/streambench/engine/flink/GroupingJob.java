package org.streambench.engine.flink;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.accumulators.ListAccumulator;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.Collector;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.Csv;
import org.streambench.api.workload.GroupingRecords;
import org.streambench.api.workload.KeyDistribution;

/**
 * grouping: a keyed running aggregate. Records are repartitioned by key; per key a value state
 * keeps (count, sum), and every record emits the updated aggregate as {@code
 * seq,t,key,count,sum,in}. With {@code source=in-job} the records come from {@link GroupingRecords}
 * inside the job.
 */
final class GroupingJob {
  private GroupingJob() {}

  /** An input record {@code seq,t,key,value} and its entry stamp. */
  public record Event(long seq, long t, String key, int value, long in) {
    static Event parse(byte[] record, long in) {
      String line = new String(record, StandardCharsets.US_ASCII);
      return new Event(
          Csv.longField(line, 0),
          Csv.longField(line, 1),
          Csv.field(line, 2),
          Csv.intField(line, 3),
          in);
    }
  }

  /** The state of one key. */
  public record Totals(long count, long sum) {}

  static void build(StreamExecutionEnvironment env, JobSpec spec) {
    WorkloadParams params = new WorkloadParams(spec);
    if (params.inJob()) {
      Generate generate =
          new Generate(
              params.longValue("seed"),
              params.string("distribution"),
              params.integer("keys"),
              params.decimal("zipf.exponent"));
      InJob.count(
          aggregate(InJob.source(env, params.longValue("in-job.records"), generate)), new Tally());
    } else {
      KafkaIo.write(
          aggregate(KafkaIo.read(env, spec, TypeInformation.of(Event.class), Event::parse)), spec);
    }
  }

  static DataStream<String> aggregate(DataStream<Event> events) {
    return events.keyBy(Event::key).process(new CountAndSum()).name("count-and-sum");
  }

  static final class CountAndSum extends KeyedValueFunction<Event, Totals> {
    CountAndSum() {
      super("totals", Totals.class);
    }

    @Override
    public void processElement(Event e, Context ctx, Collector<String> out) throws Exception {
      Totals before = keyState.value();
      Totals after =
          before == null
              ? new Totals(1, e.value())
              : new Totals(before.count() + 1, before.sum() + e.value());
      keyState.update(after);
      out.collect(
          e.seq()
              + ","
              + e.t()
              + ","
              + e.key()
              + ","
              + after.count()
              + ","
              + after.sum()
              + ","
              + e.in());
    }
  }

  /** In-job input: record {@code seq} of {@link GroupingRecords}. */
  static final class Generate extends InJob.Generator<Event> {
    private final long seed;
    private final String distribution;
    private final int keys;
    private final double zipfExponent;
    private transient GroupingRecords records;

    Generate(long seed, String distribution, int keys, double zipfExponent) {
      this.seed = seed;
      this.distribution = distribution;
      this.keys = keys;
      this.zipfExponent = zipfExponent;
    }

    @Override
    public void open(OpenContext context) {
      super.open(context);
      records = new GroupingRecords(seed, KeyDistribution.of(distribution, keys, zipfExponent));
    }

    @Override
    Event generate(long seq, long t) {
      return new Event(seq, t, GroupingRecords.key(records.keyIndex(seq)), records.value(seq), t);
    }
  }

  /**
   * In-job result: the last (= final) aggregate per key. Keys are partitioned, and the tally is
   * chained to the aggregate, so each key is seen by one subtask only.
   */
  static final class Tally extends InJob.Tally {
    private final ListAccumulator<String> keys = new ListAccumulator<>();
    private final Map<String, String> last = new HashMap<>();

    @Override
    public void open(OpenContext context) {
      super.open(context);
      getRuntimeContext().addAccumulator(InJob.KEYS, keys);
    }

    @Override
    void count(String result) {
      // seq,t,key,count,sum,in
      last.put(
          Csv.field(result, 2), result.substring(Csv.start(result, 3), result.lastIndexOf(',')));
    }

    @Override
    public void close() throws Exception {
      last.forEach((key, countAndSum) -> keys.add(key + "=" + countAndSum));
      super.close();
    }
  }
}
