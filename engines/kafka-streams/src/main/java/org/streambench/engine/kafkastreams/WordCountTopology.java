package org.streambench.engine.kafkastreams;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.streambench.api.EpochMicros;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.Csv;
import org.streambench.api.workload.WordCountWindow;

/**
 * wordcount: parse each JSON sentence with Jackson (stamping {@code in} as it is parsed), split it
 * into words keyed by word, repartition, and count in a count window of {@code window.size} per
 * word. Kafka Streams has no count windows: the open window of each word is kept in a changelogged
 * store as the text of a {@link WordCountWindow}, and a full window emits {@code
 * word,count,minEventTime,maxEventTime,minInTime,maxInTime} and is deleted.
 */
final class WordCountTopology {
  static final String STORE = "windows";
  private static final ObjectMapper JSON = new ObjectMapper();

  private WordCountTopology() {}

  static void build(StreamsBuilder builder, JobSpec spec) {
    builder.addStateStore(StreamsSettings.keyValueStore(spec, STORE));
    int windowSize = new WorkloadParams(spec).integer("window.size");
    KafkaIo.write(
        KafkaIo.read(builder, List.of(spec.inputTopic()))
            .flatMap((key, json) -> words(json, EpochMicros.now()))
            .repartition(Repartitioned.with(Serdes.String(), Serdes.String()).withName("by-word"))
            .process(() -> new CountWindow(windowSize), STORE),
        spec);
  }

  /** {"msgId":..,"eventTime":..,"sentence":"w1 w2 .."} → (word, {@code eventTime,in}) per word. */
  static List<KeyValue<String, String>> words(String json, long in) {
    JsonNode sentence;
    try {
      sentence = JSON.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String times = sentence.get("eventTime").asLong() + "," + in;
    List<KeyValue<String, String>> words = new ArrayList<>();
    for (String word : sentence.get("sentence").asText().split(" ")) {
      words.add(KeyValue.pair(word, times));
    }
    return words;
  }

  static final class CountWindow implements Processor<String, String, String, String> {
    private final int size;
    private ProcessorContext<String, String> context;
    private KeyValueStore<String, String> windows;

    CountWindow(int size) {
      this.size = size;
    }

    @Override
    public void init(ProcessorContext<String, String> context) {
      this.context = context;
      this.windows = context.getStateStore(STORE);
    }

    @Override
    public void process(Record<String, String> record) {
      String times = record.value(); // eventTime,in
      String open = windows.get(record.key());
      WordCountWindow w = open == null ? new WordCountWindow() : WordCountWindow.parse(open);
      w.add(Csv.longField(times, 0), Csv.longField(times, 1));
      if (w.isFull(size)) {
        windows.delete(record.key());
        context.forward(record.withValue(w.line(record.key())));
      } else {
        windows.put(record.key(), w.toString());
      }
    }
  }
}
