package org.streambench.engine.kafkastreams;

import java.util.regex.Pattern;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.KStream;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;

/**
 * grep: a stateless filter: keeps the stamped lines {@code seq,t,text,in} whose text the regex
 * {@code pattern} finds a match in ({@code Matcher.find()} bounded to the text, so {@code ^}
 * anchors there) and emits them unchanged. No repartition.
 */
final class GrepTopology {
  private GrepTopology() {}

  static void build(StreamsBuilder builder, JobSpec spec) {
    KafkaIo.write(
        matching(KafkaIo.readStamped(builder, spec), new WorkloadParams(spec).string("pattern")),
        spec);
  }

  static KStream<String, String> matching(KStream<String, String> lines, String regex) {
    Pattern pattern = Pattern.compile(regex);
    return lines.filter(
        (key, line) ->
            pattern.matcher(line).region(KafkaIo.comma(line, 1) + 1, line.lastIndexOf(',')).find());
  }
}
