package org.streambench.engine.storm;

import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;

/**
 * A workload's bolt whose tuples are its results: one field, {@link KafkaIo#RESULT}, the output
 * value without {@code out}, for the Kafka sink (or, in-job, the tally).
 */
abstract class ResultBolt extends BaseBasicBolt {
  private static final long serialVersionUID = 1L;

  @Override
  public void declareOutputFields(OutputFieldsDeclarer declarer) {
    declarer.declare(new Fields(KafkaIo.RESULT));
  }
}
