package org.streambench.engine.kafkastreams;

import java.util.regex.Pattern;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.KStream;
import org.streambench.api.JobSpec;
import org.streambench.api.WorkloadParams;
import org.streambench.api.workload.GrepMatcher;

/**
 * grep: a stateless filter: keeps the stamped lines {@code seq,t,text,in} whose text the regex
 * {@code pattern} finds a match in ({@link GrepMatcher}, the text ending before {@code ,in}) and
 * emits them unchanged. No repartition. The predicate is shared by every stream thread, so each
 * record gets a matcher of its own.
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
        (key, line) -> new GrepMatcher(pattern).matches(line, line.lastIndexOf(',')));
  }
}
