package org.streambench.engine.storm;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.TupleUtils;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.Csv;
import org.streambench.api.workload.JoinPart;
import org.streambench.api.workload.JoinParts;
import org.streambench.api.workload.JoinSample;

/**
 * join: one KafkaSpout subscribed to every stream's topic ({@code <input>-impression}, {@code
 * -click}, {@code -feature}), its translator extracting the sample; {@code
 * fieldsGrouping("sample")} sends a sample's parts to one task of the merge bolt, which keeps the
 * parts, payloads included, as {@link JoinSample}s in a hand-kept {@link HashMap} and, {@code
 * timer.ms} after a sample's first part, emits {@code sample,mask,bytes,firstT,lastT,lastIn} and
 * forgets it. Storm has no timers: the bolt keeps due times in arrival order and fires those that
 * are due on every tuple and on tick tuples every second (Storm's finest tick), so a timer fires at
 * most a second late when no part arrives. Parts are acked once merged (state is hand-kept, not
 * fault tolerant).
 */
final class JoinTopology {
  private JoinTopology() {}

  static StormTopology build(JobSpec spec) {
    WorkloadParams params = new WorkloadParams(spec);
    List<String> topics = JoinParts.topics(spec.inputTopic(), params.integer("streams"));
    TopologyBuilder builder = new TopologyBuilder();
    KafkaIo.addKeyedSpout(builder, spec, topics, "sample", value -> Csv.longField(value, 2));
    builder
        .setBolt(
            "merge-parts",
            new MergeParts(params.longValue("timer.ms")),
            StormSettings.executors(spec, "bolt"))
        .fieldsGrouping(KafkaIo.SPOUT, new Fields("sample"))
        .addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
    KafkaIo.addSink(builder, spec).localOrShuffleGrouping("merge-parts");
    return builder.createTopology();
  }

  static final class MergeParts extends ResultBolt {
    private static final long serialVersionUID = 1L;
    private final long timerMs;
    private transient Map<Long, JoinSample> samples;
    private transient ArrayDeque<long[]> timers; // {due ms, sample}, due times ascending

    MergeParts(long timerMs) {
      this.timerMs = timerMs;
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
      samples = new HashMap<>();
      timers = new ArrayDeque<>();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
      long now = System.currentTimeMillis();
      if (!TupleUtils.isTick(input)) {
        merge(input.getLong(0), input.getString(1), input.getLong(2), now);
      }
      fireDue(now, collector);
    }

    /** Adds a part {@code seq,t,sample,part,payload}; the first part of a sample sets a timer. */
    void merge(long sample, String value, long in, long now) {
      JoinSample s = samples.get(sample);
      if (s == null) {
        s = new JoinSample();
        samples.put(sample, s);
        timers.add(new long[] {now + timerMs, sample});
      }
      s.add(JoinPart.parse(value, in));
    }

    private void fireDue(long now, BasicOutputCollector collector) {
      while (!timers.isEmpty() && timers.peek()[0] <= now) {
        long sample = timers.poll()[1];
        collector.emit(new Values(samples.remove(sample).result(sample)));
      }
    }
  }
}
