package org.streambench.engine.flink;

import java.nio.charset.StandardCharsets;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.streambench.api.IdentityRecords;
import org.streambench.api.JobSpec;

/**
 * identity: Kafka source → Kafka sink, nothing in between. The record is stamped with {@code in} as
 * the source deserializes it and with {@code out} as the sink serializes it.
 */
final class IdentityJob {
  private IdentityJob() {}

  static void build(StreamExecutionEnvironment env, JobSpec spec) {
    KafkaIo.write(read(env, spec), spec);
  }

  /** The input records with the entry stamp appended, as identity and sleep emit them. */
  static DataStream<String> read(StreamExecutionEnvironment env, JobSpec spec) {
    return KafkaIo.read(env, spec, Types.STRING, IdentityJob::withEntryStamp);
  }

  private static String withEntryStamp(byte[] value, long in) {
    return IdentityRecords.appendStamp(new String(value, StandardCharsets.US_ASCII), in);
  }
}
