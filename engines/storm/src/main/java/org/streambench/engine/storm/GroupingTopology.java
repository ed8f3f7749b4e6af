package org.streambench.engine.storm;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.Csv;
import org.streambench.api.workload.GroupingRecords;
import org.streambench.api.workload.KeyDistribution;

/**
 * grouping: a keyed running aggregate. The spout's translator extracts the key; {@code
 * fieldsGrouping("key")} repartitions by it to a {@link BaseBasicBolt} that keeps (count, sum) per
 * key in a hand-kept {@link HashMap} (Storm's core API has no managed keyed state; this is how the
 * Flink-vs-Storm studies wrote it) and emits {@code seq,t,key,count,sum,in} for every record,
 * anchored to it. The map is not fault tolerant: after a worker failure it starts empty, and
 * replayed tuples count twice, which at-least-once allows. With {@code source=in-job} an {@link
 * InJob.Source} generates the records from {@link GroupingRecords} and an {@link
 * InJob.GroupingTally} keeps the final aggregate per key.
 */
final class GroupingTopology {
  private GroupingTopology() {}

  static StormTopology build(JobSpec spec) {
    WorkloadParams params = new WorkloadParams(spec);
    TopologyBuilder builder = new TopologyBuilder();
    String source =
        params.inJob()
            ? InJob.addSource(builder, spec, KafkaIo.keyed("key"), records(params))
            : KafkaIo.addKeyedSpout(
                builder, spec, List.of(spec.inputTopic()), "key", value -> Csv.field(value, 2));
    builder
        .setBolt(
            "count-and-sum", new CountAndSum(params.inJob()), StormSettings.executors(spec, "bolt"))
        .fieldsGrouping(source, new Fields("key"));
    InJob.addSinkOf("count-and-sum", new InJob.GroupingTally(), builder, spec);
    return builder.createTopology();
  }

  /**
   * In-job input: record {@code seq} of {@link GroupingRecords}, as the Kafka spout's {@code (key,
   * value, in)}.
   */
  private static InJob.Generators records(WorkloadParams params) {
    long seed = params.longValue("seed");
    String distribution = params.string("distribution");
    int keyCount = params.integer("keys");
    double exponent = params.decimal("zipf.exponent");
    KeyDistribution.of(distribution, keyCount, exponent); // bad parameters fail before submit
    return () -> {
      GroupingRecords records =
          new GroupingRecords(seed, KeyDistribution.of(distribution, keyCount, exponent));
      return (seq, t) -> {
        String key = GroupingRecords.key(records.keyIndex(seq));
        return List.of(key, seq + "," + t + "," + key + "," + records.value(seq), t);
      };
    };
  }

  /** Per key {count, sum}, hand-kept. */
  static final class CountAndSum extends ResultBolt {
    private static final long serialVersionUID = 1L;
    private final boolean inJob;
    private final Map<String, long[]> totals = new HashMap<>();

    CountAndSum(boolean inJob) {
      this.inJob = inJob;
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
      String key = input.getString(0);
      String value = input.getString(1); // seq,t,key,value
      long[] t = totals.computeIfAbsent(key, k -> new long[2]);
      t[0]++;
      int valueStart = value.lastIndexOf(',');
      t[1] += Long.parseLong(value, valueStart + 1, value.length(), 10);
      collector.emit(
          new Values(
              value.substring(0, valueStart) + "," + t[0] + "," + t[1] + "," + input.getLong(2)));
      if (inJob) {
        InJob.processed(1);
      }
    }
  }
}
