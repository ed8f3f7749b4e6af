package org.streambench.engine.storm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.WordCountWindow;

/**
 * wordcount: KafkaSpout → split bolt ({@code localOrShuffleGrouping}; parses the JSON sentence with
 * Jackson and emits one tuple per word, anchored to the sentence) → count bolt ({@code
 * fieldsGrouping("word")}) → KafkaBolt. The count bolt keeps a count window of {@code window.size}
 * per word in a hand-kept {@link HashMap}, as the Flink-vs-Storm study's Storm job did (Storm's own
 * windowed bolts are time- or count-based per task, not per key); a full window emits {@code
 * word,count,minEventTime,maxEventTime,minInTime,maxInTime}, anchored to the word that filled it.
 * Each word is acked once counted: the map is not fault tolerant, so after a failure windows
 * restart empty, and replayed words count twice, which at-least-once allows.
 */
final class WordCountTopology {
  private WordCountTopology() {}

  static StormTopology build(JobSpec spec) {
    TopologyBuilder builder = new TopologyBuilder();
    KafkaIo.addLineSpout(builder, spec);
    builder
        .setBolt("split", new SplitSentence(), StormSettings.executors(spec, "bolt"))
        .localOrShuffleGrouping(KafkaIo.SPOUT);
    builder
        .setBolt(
            "count-window",
            new CountWindow(new WorkloadParams(spec).integer("window.size")),
            StormSettings.executors(spec, "bolt"))
        .fieldsGrouping("split", new Fields("word"));
    KafkaIo.addSink(builder, spec).localOrShuffleGrouping("count-window");
    return builder.createTopology();
  }

  /** {"msgId":..,"eventTime":..,"sentence":"w1 w2 .."} → one (word, eventTime, in) per word. */
  static final class SplitSentence extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
      JsonNode sentence;
      try {
        sentence = JSON.readTree(input.getString(0));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      long eventTime = sentence.get("eventTime").asLong();
      Long in = input.getLong(1);
      for (String word : sentence.get("sentence").asText().split(" ")) {
        collector.emit(new Values(word, eventTime, in));
      }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
      declarer.declare(new Fields("word", "eventTime", "in"));
    }
  }

  /** Per word its open window. */
  static final class CountWindow extends ResultBolt {
    private static final long serialVersionUID = 1L;
    private final int size;
    private final Map<String, WordCountWindow> windows = new HashMap<>();

    CountWindow(int size) {
      this.size = size;
    }

    /** Adds a word; returns the window's result when this word filled it, else null. */
    String add(String word, long eventTime, long in) {
      WordCountWindow w =
          windows.computeIfAbsent(word, k -> new WordCountWindow()).add(eventTime, in);
      if (!w.isFull(size)) {
        return null;
      }
      windows.remove(word);
      return w.line(word);
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
      String result = add(input.getString(0), input.getLong(1), input.getLong(2));
      if (result != null) {
        collector.emit(new Values(result));
      }
    }
  }
}
