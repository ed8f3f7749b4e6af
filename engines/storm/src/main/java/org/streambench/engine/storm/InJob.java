package org.streambench.engine.storm;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.streambench.api.EpochMicros;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.Csv;
import org.streambench.api.workload.InJobResult;

/**
 * In-job source mode (grep, grouping): a {@link Source} spout generates {@code in-job.records}
 * records inside the topology, the workload's bolt runs unchanged, and a {@link Tally} bolt counts
 * its results instead of writing them to Kafka. Storm has no end of input, so the counts live in
 * static counters (the LocalCluster runs every executor in this JVM): the topology is done when
 * every record was generated and processed by the workload's bolt and the tally has counted every
 * result that bolt emitted. The engine then writes the {@link InJobResult} to the run directory.
 */
final class InJob {
  static final String SOURCE = "in-job-source";
  static final String TALLY = "tally";

  private static final AtomicLong GENERATED = new AtomicLong();
  private static final AtomicLong PROCESSED = new AtomicLong();
  private static final AtomicLong EMITTED = new AtomicLong();
  private static final AtomicLong TALLIED = new AtomicLong();
  private static final LongAccumulator START = new LongAccumulator(Math::min, Long.MAX_VALUE);
  private static final LongAccumulator END = new LongAccumulator(Math::max, Long.MIN_VALUE);
  private static final LongAdder MATCHED = new LongAdder();
  private static final LongAdder MATCHED_SEQ_SUM = new LongAdder();

  /** grouping: per key the aggregate with the highest count seen, {count, sum}. */
  private static final Map<String, long[]> KEYS = new ConcurrentHashMap<>();

  private InJob() {}

  static void reset() {
    GENERATED.set(0);
    PROCESSED.set(0);
    EMITTED.set(0);
    TALLIED.set(0);
    START.reset();
    END.reset();
    MATCHED.reset();
    MATCHED_SEQ_SUM.reset();
    KEYS.clear();
  }

  /**
   * Called by the workload's bolt after each input: it emitted {@code results} for it. Emitted is
   * counted before processed, so once processed reaches the record count, emitted is final.
   */
  static void processed(int results) {
    EMITTED.addAndGet(results);
    PROCESSED.incrementAndGet();
  }

  /** Whether all {@code records} went through the workload's bolt and the tally. */
  static boolean done(long records) {
    return GENERATED.get() >= records
        && PROCESSED.get() >= records
        && TALLIED.get() >= EMITTED.get();
  }

  /**
   * Adds the {@link Source} spout of the job's {@code in-job.records} records, whose tuples have
   * {@code fields}, with the spout executors of the job's settings. Returns its component id,
   * {@link #SOURCE}.
   */
  static String addSource(
      TopologyBuilder builder, JobSpec spec, Fields fields, Generators generators) {
    builder.setSpout(
        SOURCE,
        new Source(new WorkloadParams(spec).longValue("in-job.records"), fields, generators),
        StormSettings.executors(spec, "spout"));
    return SOURCE;
  }

  /**
   * Adds where the results of the workload's bolt {@code component} go: to {@code tally} in-job,
   * else to the Kafka sink; either subscribes with {@code localOrShuffleGrouping}.
   */
  static void addSinkOf(String component, Tally tally, TopologyBuilder builder, JobSpec spec) {
    if (new WorkloadParams(spec).inJob()) {
      builder
          .setBolt(TALLY, tally, StormSettings.executors(spec, "sink"))
          .localOrShuffleGrouping(component);
    } else {
      KafkaIo.addSink(builder, spec).localOrShuffleGrouping(component);
    }
  }

  /** Writes the counts as the run's {@link InJobResult}. */
  static void writeResult(Path runDir, String workload) throws IOException {
    result(workload).write(runDir);
  }

  static InJobResult result(String workload) {
    long start = START.get();
    InJobResult result =
        new InJobResult(GENERATED.get(), TALLIED.get(), start, Math.max(start, END.get()));
    if (workload.equals("grep")) {
      return result.grep(MATCHED.sum(), MATCHED_SEQ_SUM.sum());
    }
    Map<String, String> keys = new TreeMap<>();
    KEYS.forEach((key, totals) -> keys.put(key, totals[0] + "," + totals[1]));
    return result.grouping(keys);
  }

  /** Makes one spout task's input generator (the generators themselves are not serializable). */
  @FunctionalInterface
  interface Generators extends Serializable {
    Generator open();
  }

  /** The tuple of input record {@code seq}, generated at {@code t} (event time and entry stamp). */
  @FunctionalInterface
  interface Generator {
    List<Object> generate(long seq, long t);
  }

  /**
   * Generates records {@code task, task + tasks, ...} below {@code records}, one per {@code
   * nextTuple()}, each with its seq as message id, so that with ackers max spout pending applies
   * and a failed tuple is generated again.
   */
  static final class Source extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    private final long records;
    private final Fields fields;
    private final Generators generators;
    private transient Generator generator;
    private transient SpoutOutputCollector collector;
    private transient ArrayDeque<Long> failed;
    private transient long next;
    private transient long step;

    Source(long records, Fields fields, Generators generators) {
      this.records = records;
      this.fields = fields;
      this.generators = generators;
    }

    @Override
    public void open(
        Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
      this.collector = collector;
      this.generator = generators.open();
      this.failed = new ArrayDeque<>();
      this.next = context.getThisTaskIndex();
      this.step = context.getComponentTasks(context.getThisComponentId()).size();
    }

    @Override
    public void nextTuple() {
      Long retry = failed.poll();
      long seq;
      if (retry != null) {
        seq = retry;
      } else if (next < records) {
        seq = next;
        next += step;
      } else {
        return;
      }
      long t = EpochMicros.now();
      START.accumulate(t);
      collector.emit(generator.generate(seq, t), seq);
      if (retry == null) {
        GENERATED.incrementAndGet();
      }
    }

    @Override
    public void fail(Object msgId) {
      failed.add((Long) msgId);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
      declarer.declare(fields);
    }
  }

  /** Counts the workload's results and the time the last one was counted. */
  abstract static class Tally extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
      count(input.getStringByField(KafkaIo.RESULT));
      END.accumulate(EpochMicros.now());
      TALLIED.incrementAndGet();
    }

    abstract void count(String result);

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {}
  }

  /** grep: {@code matched} and {@code matched.seq.sum}. */
  static final class GrepTally extends Tally {
    private static final long serialVersionUID = 1L;

    @Override
    void count(String result) {
      MATCHED.increment();
      MATCHED_SEQ_SUM.add(Csv.longField(result, 0));
    }
  }

  /** grouping: per key the aggregate with the highest count, i.e. the final one. */
  static final class GroupingTally extends Tally {
    private static final long serialVersionUID = 1L;

    @Override
    void count(String result) {
      // seq,t,key,count,sum,in
      String key = Csv.field(result, 2);
      long count = Csv.longField(result, 3);
      long sum = Csv.longField(result, 4);
      KEYS.merge(key, new long[] {count, sum}, (a, b) -> a[0] >= b[0] ? a : b);
    }
  }
}
