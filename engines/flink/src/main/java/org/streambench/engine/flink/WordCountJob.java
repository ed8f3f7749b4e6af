package org.streambench.engine.flink;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.AggregateFunction;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.Collector;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.WordCountWindow;

/**
 * wordcount: parses each JSON sentence with Jackson, splits it into words, keys by word and counts
 * in a count window of {@code window.size} per word; each full window emits {@code
 * word,count,minEventTime,maxEventTime,minInTime,maxInTime}. The engine settings {@code
 * job.source.parallelism} and {@code job.sink.parallelism} (0: the job's parallelism) may pin the
 * Kafka ends while parsing and counting scale, so that exactly-once checkpoint barriers must align
 * across a rebalance.
 */
final class WordCountJob {
  private WordCountJob() {}

  /** One occurrence of a word: its sentence's event time and entry stamp. */
  public record Word(String word, long eventTime, long in) {}

  static void build(StreamExecutionEnvironment env, JobSpec spec) {
    int sourceParallelism = Integer.parseInt(spec.setting("job.source.parallelism", "0"));
    int sinkParallelism = Integer.parseInt(spec.setting("job.sink.parallelism", "0"));
    DataStream<Line> sentences =
        KafkaIo.read(
            env,
            spec,
            spec.inputTopic(),
            TypeInformation.of(Line.class),
            Line::parse,
            WatermarkStrategy.noWatermarks(),
            sourceParallelism,
            "kafka");
    KafkaIo.write(
        count(sentences, new WorkloadParams(spec).integer("window.size")), spec, sinkParallelism);
  }

  static DataStream<String> count(DataStream<Line> sentences, int windowSize) {
    return sentences
        .flatMap(new SplitSentence())
        .name("parse-and-split")
        .keyBy(Word::word)
        .countWindow(windowSize)
        .aggregate(new Summary())
        .name("count-window");
  }

  /** {"msgId":..,"eventTime":..,"sentence":"w1 w2 .."} → one {@link Word} per word. */
  static final class SplitSentence implements FlatMapFunction<Line, Word> {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public void flatMap(Line line, Collector<Word> out) throws IOException {
      JsonNode sentence = JSON.readTree(line.value());
      long eventTime = sentence.get("eventTime").asLong();
      for (String word : sentence.get("sentence").asText().split(" ")) {
        out.collect(new Word(word, eventTime, line.in()));
      }
    }
  }

  /** A {@link WordCountWindow} that knows its word (an aggregate function is not told its key). */
  public static final class Window extends WordCountWindow {
    private String word;

    public String getWord() {
      return word;
    }

    public void setWord(String word) {
      this.word = word;
    }
  }

  static final class Summary implements AggregateFunction<Word, Window, String> {
    @Override
    public Window createAccumulator() {
      return new Window();
    }

    @Override
    public Window add(Word w, Window acc) {
      acc.word = w.word();
      acc.add(w.eventTime(), w.in());
      return acc;
    }

    @Override
    public String getResult(Window acc) {
      return acc.line(acc.word);
    }

    @Override
    public Window merge(Window a, Window b) {
      a.word = a.word != null ? a.word : b.word;
      a.merge(b);
      return a;
    }
  }
}
