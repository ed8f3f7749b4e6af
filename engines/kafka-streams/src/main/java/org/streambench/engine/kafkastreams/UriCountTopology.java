package org.streambench.engine.kafkastreams;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.kstream.TimeWindows;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.WindowStore;
import org.streambench.api.EpochMicros;
import org.streambench.api.IdentityRecords;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.AccessLogs;
import org.streambench.api.workload.Csv;
import org.streambench.api.workload.EventTimeWindowing;
import org.streambench.api.workload.WindowStats;
import org.streambench.uricount.AccessLogParsers;

/**
 * uricount: parse each access log with the library {@code parser} names ({@link AccessLogParsers}),
 * stamping {@code in}; set the record's timestamp to the log's {@code time} (event time), drop end
 * markers, re-key by uri and repartition; count in event-time tumbling windows of {@code window.ms}
 * with grace {@code out.of.orderness.ms + lateness.ms} (Kafka Streams' grace plays both parts of
 * Flink's watermark delay and allowed lateness) plus the engine setting {@code job.window.skew.ms}
 * (see {@link StreamsSettings#grace}). Window updates leave the record cache on commit and emit
 * {@code uri,windowStartUs,count,maxEventUs,maxInUs}.
 */
final class UriCountTopology {
  private UriCountTopology() {}

  static void build(StreamsBuilder builder, JobSpec spec) {
    WorkloadParams params = new WorkloadParams(spec);
    AccessLogParsers.Parser parser = AccessLogParsers.named(params.string("parser"));
    KStream<String, String> logs =
        builder.stream(spec.inputTopic(), Consumed.with(Serdes.String(), Serdes.ByteArray()))
            .process(() -> new ParseWithEventTime(parser));
    KafkaIo.write(
        count(
            logs,
            Duration.ofMillis(EventTimeWindowing.of(params).windowMs()),
            StreamsSettings.grace(spec),
            "uri"),
        spec);
  }

  /**
   * Counts {@code eventUs,inUs} values per key in event-time windows, the aggregate kept as the
   * text of a {@link WindowStats}; emits {@code key,windowStartUs,count,maxEventUs,maxInUs}.
   */
  static KStream<String, String> count(
      KStream<String, String> timed, Duration window, Duration grace, String name) {
    return timed
        .repartition(Repartitioned.with(Serdes.String(), Serdes.String()).withName("by-" + name))
        .groupByKey(Grouped.with(Serdes.String(), Serdes.String()))
        .windowedBy(TimeWindows.ofSizeAndGrace(window, grace))
        .aggregate(
            () -> new WindowStats().toString(),
            (key, value, stats) ->
                WindowStats.parse(stats)
                    .add(Csv.longField(value, 0), IdentityRecords.lastStamp(value))
                    .toString(),
            Materialized.<String, String, WindowStore<Bytes, byte[]>>as(name + "-windows")
                .withKeySerde(Serdes.String())
                .withValueSerde(Serdes.String()))
        .toStream()
        .map(
            (w, stats) ->
                KeyValue.pair(
                    w.key(), WindowStats.parse(stats).line(w.key(), w.window().start() * 1000)));
  }

  /** Parses a log; forwards (uri, {@code eventUs,inUs}) at its event time, end markers dropped. */
  static final class ParseWithEventTime implements Processor<String, byte[], String, String> {
    private final AccessLogParsers.Parser parser;
    private ProcessorContext<String, String> context;

    ParseWithEventTime(AccessLogParsers.Parser parser) {
      this.parser = parser;
    }

    @Override
    public void init(ProcessorContext<String, String> context) {
      this.context = context;
    }

    @Override
    public void process(Record<String, byte[]> record) {
      long in = EpochMicros.now();
      AccessLogParsers.AccessLog log;
      try {
        log = parser.parse(record.value());
      } catch (IOException e) {
        throw new UncheckedIOException(
            "not an access log: " + new String(record.value(), StandardCharsets.UTF_8), e);
      }
      if (log.uri().equals(AccessLogs.END_MARKER_URI)) {
        return;
      }
      context.forward(
          new Record<>(log.uri(), log.timeMicros() + "," + in, log.timeMicros() / 1000));
    }
  }
}
