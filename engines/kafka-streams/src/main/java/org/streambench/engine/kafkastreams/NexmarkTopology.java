package org.streambench.engine.kafkastreams;

import java.math.BigDecimal;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.KStream;
import org.streambench.api.JobSpec;
import org.streambench.api.workload.Csv;

/**
 * Nexmark's stateless queries (docs/nexmark.md) in the DSL: the events' stream filtered to bids,
 * each parsed into a {@link Bid}, then q0 passes them through, q1 converts their price to euros
 * ({@code BigDecimal}, exact) and q2 keeps those of every 123rd auction. Each row keeps the bid's
 * {@code seq,t} and entry stamp around the query's columns. No repartition.
 */
final class NexmarkTopology {
  private static final BigDecimal DOLLAR_TO_EURO = new BigDecimal("0.908");
  private static final long AUCTION_SKIP = 123;

  private NexmarkTopology() {}

  /** q0: {@code SELECT auction, bidder, price, dateTime, extra FROM bid}. */
  static void q0(StreamsBuilder builder, JobSpec spec) {
    KafkaIo.write(
        bids(builder, spec)
            .mapValues(b -> b.row(b.auction + "," + b.bidder + "," + b.price + "," + b.rest)),
        spec);
  }

  /** q1: {@code SELECT auction, bidder, 0.908 * price AS price, dateTime, extra FROM bid}. */
  static void q1(StreamsBuilder builder, JobSpec spec) {
    KafkaIo.write(
        bids(builder, spec)
            .mapValues(
                b ->
                    b.row(
                        b.auction
                            + ","
                            + b.bidder
                            + ","
                            + BigDecimal.valueOf(b.price).multiply(DOLLAR_TO_EURO).toPlainString()
                            + ","
                            + b.rest)),
        spec);
  }

  /** q2: {@code SELECT auction, price FROM bid WHERE MOD(auction, 123) = 0}. */
  static void q2(StreamsBuilder builder, JobSpec spec) {
    KafkaIo.write(
        bids(builder, spec)
            .filter((key, b) -> b.auction % AUCTION_SKIP == 0)
            .mapValues(b -> b.row(b.auction + "," + b.price)),
        spec);
  }

  /** The bids among the stamped events {@code seq,t,kind,fields...,in}. */
  static KStream<String, Bid> bids(StreamsBuilder builder, JobSpec spec) {
    return KafkaIo.readStamped(builder, spec)
        .filter((key, event) -> Csv.intField(event, 2) == 2)
        .mapValues(Bid::parse);
  }

  /**
   * A bid as the stamped record carries it: {@code seq,t,2,auction,bidder,price,dateTime,extra,in}.
   * {@code rest} is {@code dateTime,extra}, passed on as it came.
   */
  record Bid(String seqAndT, long auction, long bidder, long price, String rest, String in) {
    static Bid parse(String event) {
      int kind = Csv.start(event, 2);
      int dateTime = Csv.start(event, 6);
      int in = event.lastIndexOf(',');
      return new Bid(
          event.substring(0, kind - 1),
          Csv.longField(event, 3),
          Csv.longField(event, 4),
          Csv.longField(event, 5),
          event.substring(dateTime, in),
          event.substring(in + 1));
    }

    /** {@code seq,t,columns,in}. */
    String row(String columns) {
      return seqAndT + "," + columns + "," + in;
    }
  }
}
