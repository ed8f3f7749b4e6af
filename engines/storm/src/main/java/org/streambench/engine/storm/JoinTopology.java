package org.streambench.engine.storm;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.TupleUtils;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.JoinParts;

/**
 * join: one KafkaSpout subscribed to every stream's topic ({@code <input>-impression}, {@code
 * -click}, {@code -feature}), its translator extracting the sample; {@code
 * fieldsGrouping("sample")} sends a sample's parts to one task of the merge bolt, which keeps the
 * parts, payloads included, in a hand-kept {@link HashMap} and, {@code timer.ms} after a sample's
 * first part, emits {@code sample,mask,bytes,firstT,lastT,lastIn} and forgets it. Storm has no
 * timers: the bolt keeps due times in arrival order and fires those that are due on every tuple and
 * on tick tuples every second (Storm's finest tick), so a timer fires at most a second late when no
 * part arrives. Parts are acked once merged (state is hand-kept, not fault tolerant).
 */
final class JoinTopology {
  private JoinTopology() {}

  static StormTopology build(JobSpec spec) {
    WorkloadParams params = new WorkloadParams(spec);
    List<String> topics = new ArrayList<>();
    for (int p = 0; p < params.integer("streams"); p++) {
      topics.add(JoinParts.topic(spec.inputTopic(), p));
    }
    TopologyBuilder builder = new TopologyBuilder();
    KafkaIo.addSpout(
        builder,
        spec,
        topics,
        new Fields("sample", "value", "in"),
        Map.of(),
        (value, in) -> List.of(Long.parseLong(Csv.field(value, 2)), value, in));
    builder
        .setBolt(
            "merge-parts",
            new MergeParts(params.longValue("timer.ms")),
            StormEngine.executors(spec, "bolt"))
        .fieldsGrouping(KafkaIo.SPOUT, new Fields("sample"))
        .addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
    KafkaIo.addSink(builder, spec).localOrShuffleGrouping("merge-parts");
    return builder.createTopology();
  }

  /** The parts of one sample so far; {@code payloads[p]} is null while part p is missing. */
  static final class Sample {
    final String[] payloads = new String[JoinParts.STREAMS.length];
    long firstT = Long.MAX_VALUE;
    long lastT = Long.MIN_VALUE;
    long lastIn;

    String result(long sample) {
      int mask = 0;
      int bytes = 0;
      for (int p = 0; p < payloads.length; p++) {
        if (payloads[p] != null) {
          mask |= 1 << p;
          bytes += payloads[p].length();
        }
      }
      return sample + "," + mask + "," + bytes + "," + firstT + "," + lastT + "," + lastIn;
    }
  }

  static final class MergeParts extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private final long timerMs;
    private transient Map<Long, Sample> samples;
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
      Sample s = samples.get(sample);
      if (s == null) {
        s = new Sample();
        samples.put(sample, s);
        timers.add(new long[] {now + timerMs, sample});
      }
      int tStart = value.indexOf(',') + 1;
      long t = Long.parseLong(value, tStart, value.indexOf(',', tStart), 10);
      int partStart = value.indexOf(',', value.indexOf(',', tStart) + 1) + 1;
      int payloadStart = value.indexOf(',', partStart) + 1;
      int part = Integer.parseInt(value, partStart, payloadStart - 1, 10);
      s.payloads[part] = value.substring(payloadStart);
      s.firstT = Math.min(s.firstT, t);
      s.lastT = Math.max(s.lastT, t);
      s.lastIn = in;
    }

    private void fireDue(long now, BasicOutputCollector collector) {
      while (!timers.isEmpty() && timers.peek()[0] <= now) {
        long sample = timers.poll()[1];
        Sample s = samples.remove(sample);
        collector.emit(new Values(s.result(sample)));
      }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
      declarer.declare(new Fields(KafkaIo.RESULT));
    }
  }
}
