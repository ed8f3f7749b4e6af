package org.streambench.engine.spark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Iterator;
import java.util.concurrent.TimeoutException;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.streambench.api.IdentityRecords;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.AccessLogs;
import org.streambench.api.workload.EventTimeWindowing;
import org.streambench.api.workload.WindowStats;
import org.streambench.uricount.AccessLogParsers;

/**
 * uricount: a typed {@code map} parses the access-log JSON with Jackson's streaming parser into
 * (uri, event time, stamps); {@link EventTime#countPerWindow} counts per uri in event-time tumbling
 * windows of {@code window.ms} with a watermark delay of {@code out.of.orderness.ms + lateness.ms},
 * in update output mode; each micro-batch emits {@code uri,windowStartUs,count,maxEventUs,maxInUs}
 * for the windows it changed.
 *
 * <p>End markers are counted like any uri (so they move the watermark and the last windows are
 * evicted) and dropped from the output by the final typed {@code flatMap}. Dropping them earlier
 * would not work: Catalyst pushes a deterministic filter below the watermark operator, so the
 * markers would never reach it.
 *
 * <p>Only {@code parser=jackson}: {@code scala.util.parsing.json.JSON} (parser=scala) was removed
 * from scala-parser-combinators 2.x, and Spark 4.2 ships 2.4.
 */
final class UriCountQuery {
  private UriCountQuery() {}

  static StreamingQuery start(SparkSession spark, JobSpec spec) throws TimeoutException {
    WorkloadParams params = new WorkloadParams(spec);
    String parser = params.string("parser");
    if (!parser.equals("jackson")) {
      throw new UnsupportedOperationException(
          "the Spark engine parses uricount with parser=jackson only: parser="
              + parser
              + " needs scala.util.parsing.json (scala-parser-combinators 1.x), and Spark 4.2"
              + " ships scala-parser-combinators 2.4, which removed it");
    }
    return KafkaIo.write(results(KafkaIo.read(spark, spec), params), spec, "update");
  }

  /** The query between its Kafka ends: {@code value,in} records → results without {@code out}. */
  static Dataset<String> results(Dataset<String> records, WorkloadParams params) {
    EventTimeWindowing windowing = EventTimeWindowing.of(params);
    return EventTime.countPerWindow(
            records.map(
                (MapFunction<String, EventTime.Timed>) UriCountQuery::parse,
                Encoders.bean(EventTime.Timed.class)),
            windowing.windowMs(),
            windowing.delayMs())
        .flatMap((FlatMapFunction<Row, String>) UriCountQuery::format, Encoders.STRING());
  }

  /**
   * An access log stamped {@code json,in}, parsed by uricount's shared Jackson parser, keyed by its
   * uri.
   */
  static EventTime.Timed parse(String stamped) throws IOException {
    AccessLogParsers.AccessLog log =
        AccessLogParsers.jackson(
            IdentityRecords.withoutLastStamp(stamped).getBytes(StandardCharsets.UTF_8));
    return EventTime.Timed.of(log.uri(), log.timeMicros(), IdentityRecords.lastStamp(stamped));
  }

  /** (uri, windowStart, count, maxEventUs, maxInUs) → the output line; end markers → nothing. */
  static Iterator<String> format(Row r) {
    String uri = r.getString(0);
    if (uri.equals(AccessLogs.END_MARKER_URI)) {
      return Collections.emptyIterator();
    }
    return Collections.singletonList(
            WindowStats.line(
                uri, EventTime.micros(r.getTimestamp(1)), r.getLong(2), r.getLong(3), r.getLong(4)))
        .iterator();
  }
}
