package org.streambench.engine.kafkastreams;

import org.streambench.api.EngineCatalogueContract;

/** engine.properties registers what the KafkaStreams engine builds. */
class KafkaStreamsCatalogueTest extends EngineCatalogueContract {
  KafkaStreamsCatalogueTest() {
    super(new KafkaStreamsEngine(), KafkaStreamsEngine.CATALOGUE);
  }
}
