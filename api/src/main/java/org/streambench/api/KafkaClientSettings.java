package org.streambench.api;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The one vocabulary of every engine for the Kafka clients of its source and sink: {@code
 * kafka.consumer.<property>} and {@code kafka.producer.<property>}, each engine mapping them to its
 * own option names. Earlier names ({@code consumer.*}, {@code kafka.source.*}, {@code
 * streams.producer.*}, ...) are refused with the name that replaces them.
 */
public final class KafkaClientSettings {
  public static final String CONSUMER = "kafka.consumer.";
  public static final String PRODUCER = "kafka.producer.";

  /** Retired prefix → the one that replaces it; longer prefixes first. */
  private static final Map<String, String> RETIRED = new LinkedHashMap<>();

  static {
    RETIRED.put("streams.consumer.", CONSUMER); // Kafka Streams
    RETIRED.put("streams.producer.", PRODUCER);
    RETIRED.put("kafka.source.", CONSUMER); // Spark
    RETIRED.put("kafka.sink.", PRODUCER);
    RETIRED.put("consumer.", CONSUMER); // baseline
    RETIRED.put("producer.", PRODUCER);
  }

  private KafkaClientSettings() {}

  /** The consumer properties of the job's Kafka source, without the prefix. */
  public static Map<String, String> consumer(JobSpec spec) {
    return spec.settingsWithPrefix(CONSUMER);
  }

  /** The producer properties of the job's Kafka sink, without the prefix. */
  public static Map<String, String> producer(JobSpec spec) {
    return spec.settingsWithPrefix(PRODUCER);
  }

  /** The setting that replaces {@code key}, if {@code key} has a retired prefix. */
  public static Optional<String> replacement(String key) {
    for (Map.Entry<String, String> retired : RETIRED.entrySet()) {
      if (key.startsWith(retired.getKey())) {
        return Optional.of(retired.getValue() + key.substring(retired.getKey().length()));
      }
    }
    return Optional.empty();
  }

  /** The one-line refusal of a retired setting, naming the one that replaces it. */
  public static Optional<String> refusal(String key) {
    return replacement(key)
        .map(
            now ->
                "setting '"
                    + key
                    + "' is no longer read: Kafka client settings are "
                    + CONSUMER
                    + "* and "
                    + PRODUCER
                    + "* in every engine; use '"
                    + now
                    + "'");
  }
}
