package org.streambench.engine.storm;

import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;

/**
 * sleep: identity with slow user code. A {@link BaseBasicBolt} between spout and sink holds every
 * tuple {@code sleep.ms} ({@code Thread.sleep}, the blocking call a user function might make), so
 * capacity is {@code bolt executors × 1000 / sleep.ms} tuples/s. The basic bolt anchors its output
 * to the input and acks it after {@code execute}.
 */
final class SleepTopology {
  private SleepTopology() {}

  static StormTopology build(JobSpec spec) {
    TopologyBuilder builder = new TopologyBuilder();
    IdentityTopology.addStampedSpout(builder, spec);
    builder
        .setBolt(
            "sleep", new Sleep(new WorkloadParams(spec).longValue("sleep.ms")), executors(spec))
        .localOrShuffleGrouping(KafkaIo.SPOUT);
    KafkaIo.addSink(builder, spec).localOrShuffleGrouping("sleep");
    return builder.createTopology();
  }

  private static int executors(JobSpec spec) {
    return StormSettings.executors(spec, "bolt");
  }

  static final class Sleep extends ResultBolt {
    private static final long serialVersionUID = 1L;
    private final long sleepMs;

    Sleep(long sleepMs) {
      this.sleepMs = sleepMs;
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
      try {
        Thread.sleep(sleepMs);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while sleeping", e);
      }
      collector.emit(new Values(input.getString(0)));
    }
  }
}
