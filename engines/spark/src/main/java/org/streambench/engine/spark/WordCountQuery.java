package org.streambench.engine.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.api.java.function.FlatMapGroupsWithStateFunction;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.GroupState;
import org.apache.spark.sql.streaming.GroupStateTimeout;
import org.apache.spark.sql.streaming.OutputMode;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.Csv;
import org.streambench.api.workload.WordCountWindow;

/**
 * wordcount: a typed {@code flatMap} parses each JSON sentence with Jackson and splits it into
 * {@code word,eventTime,in}; {@code groupByKey(word)} and {@code flatMapGroupsWithState} (append
 * mode) keep a count window of {@code window.size} per word by hand, since Spark has no count
 * windows: the state holds the open window's count and the ranges of event time and entry stamp;
 * when the count reaches {@code window.size} it emits {@code
 * word,count,minEventTime,maxEventTime,minInTime,maxInTime} and starts a new window. The Flink
 * settings {@code job.source.parallelism}/{@code job.sink.parallelism} have no Spark counterpart (a
 * micro-batch's source and sink tasks follow the Kafka partitions and shuffle partitions).
 */
final class WordCountQuery {
  private static final ObjectMapper JSON = new ObjectMapper();

  private WordCountQuery() {}

  static StreamingQuery start(SparkSession spark, JobSpec spec) throws TimeoutException {
    return KafkaIo.write(
        results(KafkaIo.read(spark, spec), new WorkloadParams(spec)), spec, "append");
  }

  /** The query between its Kafka ends: {@code value,in} records → results without {@code out}. */
  static Dataset<String> results(Dataset<String> records, WorkloadParams params) {
    int windowSize = params.integer("window.size");
    return records
        .flatMap((FlatMapFunction<String, String>) WordCountQuery::split, Encoders.STRING())
        .groupByKey(
            (MapFunction<String, String>) w -> w.substring(0, w.indexOf(',')), Encoders.STRING())
        .flatMapGroupsWithState(
            new CountWindow(windowSize),
            OutputMode.Append(),
            Encoders.bean(WordCountWindow.class),
            Encoders.STRING(),
            GroupStateTimeout.NoTimeout());
  }

  /** {"msgId":..,"eventTime":..,"sentence":"w1 w2 .."},in → one {@code word,eventTime,in} each. */
  static Iterator<String> split(String stamped) throws Exception {
    int comma = stamped.lastIndexOf(',');
    JsonNode sentence = JSON.readTree(stamped.substring(0, comma));
    String suffix = "," + sentence.get("eventTime").asLong() + stamped.substring(comma);
    List<String> words = new ArrayList<>();
    for (String word : sentence.get("sentence").asText().split(" ")) {
      words.add(word + suffix);
    }
    return words.iterator();
  }

  static final class CountWindow
      implements FlatMapGroupsWithStateFunction<String, String, WordCountWindow, String> {
    private final int size;

    CountWindow(int size) {
      this.size = size;
    }

    @Override
    public Iterator<String> call(
        String word, Iterator<String> words, GroupState<WordCountWindow> state) {
      WordCountWindow w = state.exists() ? state.get() : new WordCountWindow();
      List<String> out = new ArrayList<>();
      while (words.hasNext()) {
        String r = words.next(); // word,eventTime,in
        w.add(Csv.longField(r, 1), Csv.longField(r, 2));
        if (w.isFull(size)) {
          out.add(w.line(word));
          w = new WordCountWindow();
        }
      }
      if (w.getCount() == 0) {
        state.remove();
      } else {
        state.update(w);
      }
      return out.iterator();
    }
  }
}
