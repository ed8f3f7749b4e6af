package org.streambench.harness.kafka;

/**
 * Who connects to Kafka. With a link proxy ({@link EmbeddedKafka#start}) the engine and the
 * generator reach the brokers through listeners of their own behind it, so that a fault can cut or
 * slow the engine's links, or the generator's, apart; the harness (the collector, its admin client)
 * always connects directly, so that the time output lands is measured as it is.
 */
public enum KafkaClients {
  HARNESS(null, null),
  ENGINE("ENGINE", "engine-broker"),
  GENERATOR("GENERATOR", "generator-broker");

  /** The brokers' listener of these clients behind the proxy, or null (the direct one). */
  final String listener;

  /** The proxy's link that carries them, or null. */
  public final String link;

  KafkaClients(String listener, String link) {
    this.listener = listener;
    this.link = link;
  }
}
