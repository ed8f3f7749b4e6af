package org.streambench.api.workload;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.streambench.api.WorkloadParams;

/**
 * Nexmark's event stream (docs/nexmark.md), as Apache Beam's Nexmark generator defines it: event
 * {@code n} is a person, an auction or a bid in the proportions 1 : 3 : 46 by {@code n mod 50}, and
 * its fields are drawn from a {@link java.util.Random} seeded with {@code n} alone, so any event is
 * a pure function of its number and the {@link Config}. People and auctions get consecutive ids
 * (from 1000); a bid goes to a hot auction and comes from a hot bidder with the configured ratios,
 * else to an auction still likely in flight and from one of the active people; an auction's seller
 * is a hot seller likewise. Event time is the record's intended send time (ms), as Beam's events
 * carry the time their generator was due to emit them; a {@link NexmarkDisorder} may send them out
 * of that order as Beam's out-of-order groups and delayed events do: then the record at position
 * {@code seq} is the event {@link NexmarkDisorder#eventNumber} gives, at its own time ({@link
 * #eventAt}).
 *
 * <p>Records on the input topic, one per event, in seq order:
 *
 * <pre>
 * seq,t,0,id,name,emailAddress,creditCard,city,state,dateTime,extra                  person
 * seq,t,1,id,itemName,description,initialBid,reserve,dateTime,expires,seller,category,extra   auction
 * seq,t,2,auction,bidder,price,dateTime,extra                                          bid
 * </pre>
 *
 * with {@code t} the intended send time in µs and {@code dateTime}, {@code expires} in ms. No field
 * holds a comma.
 */
public final class NexmarkEvents {
  public static final int PERSON = 0;
  public static final int AUCTION = 1;
  public static final int BID = 2;

  /**
   * The kind of the end marker ({@link #encodeEndMarker}), {@code -1,t,9}: no event, written after
   * the last one to every partition so that event time passes the last windows' ends.
   */
  public static final int END = 9;

  static final long FIRST_PERSON_ID = 1000;
  static final long FIRST_AUCTION_ID = 1000;
  static final long FIRST_CATEGORY_ID = 10;
  private static final int PERSON_PROPORTION = 1;
  private static final int AUCTION_PROPORTION = 3;
  private static final int PROPORTION_DENOMINATOR = 50;
  private static final int PERSON_ID_LEAD = 10;
  private static final int AUCTION_ID_LEAD = 10;
  private static final int HOT_SELLER_RATIO = 100;
  private static final int HOT_AUCTION_RATIO = 100;
  private static final int HOT_BIDDER_RATIO = 100;
  private static final int NUM_CATEGORIES = 5;
  private static final int MIN_STRING_LENGTH = 3;
  private static final String[] US_STATES = "AZ,CA,ID,OR,WA,WY".split(",");
  private static final String[] US_CITIES =
      "Phoenix,Los Angeles,San Francisco,Boise,Portland,Bend,Redmond,Seattle,Kent,Cheyenne"
          .split(",");
  private static final String[] FIRST_NAMES =
      "Peter,Paul,Luke,John,Saul,Vicky,Kate,Julie,Sarah,Deiter,Walter".split(",");
  private static final String[] LAST_NAMES =
      "Shultz,Abrams,Spencer,White,Bartels,Walton,Smith,Jones,Noris".split(",");

  /**
   * Nexmark's generator settings, Beam's names and defaults.
   *
   * @param hotAuctionRatio bids go to a hot auction with probability {@code 1 - 1/ratio}
   * @param hotSellersRatio auctions are a hot seller's with probability {@code 1 - 1/ratio}
   * @param hotBiddersRatio bids come from a hot bidder with probability {@code 1 - 1/ratio}
   * @param numActivePeople the people that place auctions and bids apart from the hot ones
   * @param numInFlightAuctions the auctions a bid that is not for a hot auction may go to
   * @param avgPersonByteSize a person's idealized size, which its {@code extra} pads it to
   * @param avgAuctionByteSize an auction's
   * @param avgBidByteSize a bid's
   * @param interEventDelayUs Beam's delay between one generator's events, which sets how long
   *     auctions last: their mean length is the time of {@code numInFlightAuctions} auctions at it
   *     (Beam's default: 10,000 events/s over 100 generators, 10,000 µs), whatever the run's rate
   */
  public record Config(
      int hotAuctionRatio,
      int hotSellersRatio,
      int hotBiddersRatio,
      int numActivePeople,
      int numInFlightAuctions,
      int avgPersonByteSize,
      int avgAuctionByteSize,
      int avgBidByteSize,
      long interEventDelayUs) {
    public static final Config DEFAULT = new Config(2, 4, 4, 1000, 100, 200, 500, 100, 10_000);
  }

  /** One event. */
  public sealed interface Event permits Person, Auction, Bid {
    /** Its kind: {@link #PERSON}, {@link #AUCTION} or {@link #BID}. */
    int kind();

    /** Its fields after the kind, as the record carries them. */
    String fields();

    /** Its event time, epoch ms. */
    long dateTime();
  }

  public record Person(
      long id,
      String name,
      String emailAddress,
      String creditCard,
      String city,
      String state,
      long dateTime,
      String extra)
      implements Event {
    @Override
    public int kind() {
      return PERSON;
    }

    @Override
    public String fields() {
      return id
          + ","
          + name
          + ","
          + emailAddress
          + ","
          + creditCard
          + ","
          + city
          + ","
          + state
          + ","
          + dateTime
          + ","
          + extra;
    }
  }

  public record Auction(
      long id,
      String itemName,
      String description,
      long initialBid,
      long reserve,
      long dateTime,
      long expires,
      long seller,
      long category,
      String extra)
      implements Event {
    @Override
    public int kind() {
      return AUCTION;
    }

    @Override
    public String fields() {
      return id
          + ","
          + itemName
          + ","
          + description
          + ","
          + initialBid
          + ","
          + reserve
          + ","
          + dateTime
          + ","
          + expires
          + ","
          + seller
          + ","
          + category
          + ","
          + extra;
    }
  }

  public record Bid(long auction, long bidder, long price, long dateTime, String extra)
      implements Event {
    @Override
    public int kind() {
      return BID;
    }

    @Override
    public String fields() {
      return auction + "," + bidder + "," + price + "," + dateTime + "," + extra;
    }
  }

  private final Config config;
  private final NexmarkDisorder disorder;

  /** The events in order, each at its own record's intended time. */
  public NexmarkEvents(Config config) {
    this(config, NexmarkDisorder.NONE);
  }

  public NexmarkEvents(Config config, NexmarkDisorder disorder) {
    this.config = config;
    this.disorder = disorder;
  }

  public Config config() {
    return config;
  }

  public NexmarkDisorder disorder() {
    return disorder;
  }

  /** The event the record at position {@code seq}, intended at {@code t} (µs), carries. */
  public Event eventAt(long seq, long t) {
    return event(disorder.eventNumber(seq), disorder.eventTimeMs(seq, t));
  }

  /** The kind of the event at position {@code seq}. */
  public int kindAt(long seq) {
    return kind(disorder.eventNumber(seq));
  }

  /** The bid at position {@code seq} (whose {@link #kindAt} is {@link #BID}), intended at t. */
  public Bid bidAt(long seq, long t) {
    return bid(disorder.eventNumber(seq), disorder.eventTimeMs(seq, t));
  }

  /** The auction of the bid at position {@code seq}, as {@link #auctionOfBid}. */
  public long auctionOfBidAt(long seq) {
    return auctionOfBid(disorder.eventNumber(seq));
  }

  /** The price of the bid at position {@code seq}, from its draws up to the price only. */
  public long priceOfBidAt(long seq) {
    long n = disorder.eventNumber(seq);
    if (kind(n) != BID) {
      throw new IllegalArgumentException("event " + n + " is not a bid");
    }
    Random random = new Random(n);
    auction(n, random);
    bidder(n, random);
    return price(random);
  }

  /** The kind of event {@code n}: {@link #PERSON}, {@link #AUCTION} or {@link #BID}. */
  public static int kind(long n) {
    long rem = n % PROPORTION_DENOMINATOR;
    return rem < PERSON_PROPORTION
        ? PERSON
        : rem < PERSON_PROPORTION + AUCTION_PROPORTION ? AUCTION : BID;
  }

  /** Event {@code n}, due at {@code dateTime} (ms). */
  public Event event(long n, long dateTime) {
    Random random = new Random(n);
    return switch (kind(n)) {
      case PERSON -> person(n, random, dateTime);
      case AUCTION -> auction(n, random, dateTime);
      default -> bid(n, random, dateTime);
    };
  }

  /** Bid {@code n} (an event whose {@link #kind} is {@link #BID}), due at {@code dateTime} (ms). */
  public Bid bid(long n, long dateTime) {
    if (kind(n) != BID) {
      throw new IllegalArgumentException("event " + n + " is not a bid");
    }
    return bid(n, new Random(n), dateTime);
  }

  /**
   * The auction bid {@code n} goes to, from the first of its draws only (a selection's expected
   * bids are found by this, without making each bid).
   */
  public long auctionOfBid(long n) {
    if (kind(n) != BID) {
      throw new IllegalArgumentException("event " + n + " is not a bid");
    }
    return auction(n, new Random(n));
  }

  /** An upper bound of a record's bytes. */
  public int maxRecordBytes() {
    return 256
        + 2
            * Math.max(
                config.avgAuctionByteSize(),
                Math.max(config.avgPersonByteSize(), config.avgBidByteSize()));
  }

  /** Record {@code seq} ({@link #eventAt} it) intended at {@code t} (µs) into {@code buf}. */
  public int encode(long seq, long t, byte[] buf) {
    return encode(seq, t, eventAt(seq, t), buf);
  }

  /** Record {@code seq}, {@code e} being its event intended at {@code t}, into {@code buf}. */
  public static int encode(long seq, long t, Event e, byte[] buf) {
    return put(seq + "," + t + "," + e.kind() + "," + e.fields(), buf);
  }

  /**
   * The event time (ms) of a record as the generator writes it: its event's {@code dateTime}, the
   * end marker's {@code t} (µs) in ms. An engine's timestamp of a Nexmark record.
   */
  public static long eventTimeMs(String record) {
    return switch (Csv.intField(record, 2)) {
      case PERSON -> Csv.longField(record, 9);
      case AUCTION -> Csv.longField(record, 8);
      case BID -> Csv.longField(record, 6);
      default -> Csv.longField(record, 1) / 1000;
    };
  }

  /** The end marker, at event time {@code t} (µs), into {@code buf}. */
  public static int encodeEndMarker(long t, byte[] buf) {
    return put("-1," + t + "," + END, buf);
  }

  private static int put(String record, byte[] buf) {
    byte[] line = record.getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(line, 0, buf, 0, line.length);
    return line.length;
  }

  /** The number of the event that is person {@code id} (its seq where events are in order). */
  public static long personSeq(long id) {
    long base0 = id - FIRST_PERSON_ID;
    return base0 / PERSON_PROPORTION * PROPORTION_DENOMINATOR + base0 % PERSON_PROPORTION;
  }

  /**
   * The number of the event that is auction {@code id} (its seq where events are in order): the key
   * of a row about an auction, which may not have been generated yet.
   */
  public static long auctionSeq(long id) {
    long base0 = id - FIRST_AUCTION_ID;
    return base0 / AUCTION_PROPORTION * PROPORTION_DENOMINATOR
        + PERSON_PROPORTION
        + base0 % AUCTION_PROPORTION;
  }

  private Person person(long n, Random random, long dateTime) {
    long id = lastBase0PersonId(n) + FIRST_PERSON_ID;
    String name =
        FIRST_NAMES[random.nextInt(FIRST_NAMES.length)]
            + " "
            + LAST_NAMES[random.nextInt(LAST_NAMES.length)];
    String email = string(random, 7) + "@" + string(random, 5) + ".com";
    StringBuilder card = new StringBuilder();
    for (int i = 0; i < 4; i++) {
      if (i > 0) {
        card.append(' ');
      }
      card.append(String.format("%04d", random.nextInt(10000)));
    }
    String city = US_CITIES[random.nextInt(US_CITIES.length)];
    String state = US_STATES[random.nextInt(US_STATES.length)];
    int size = 8 + name.length() + email.length() + card.length() + city.length() + state.length();
    String extra = extra(random, size, config.avgPersonByteSize());
    return new Person(id, name, email, card.toString(), city, state, dateTime, extra);
  }

  private Auction auction(long n, Random random, long dateTime) {
    long id = lastBase0AuctionId(n) + FIRST_AUCTION_ID;
    long seller =
        random.nextInt(config.hotSellersRatio()) > 0
            ? (lastBase0PersonId(n) / HOT_SELLER_RATIO) * HOT_SELLER_RATIO
            : nextBase0PersonId(n, random);
    seller += FIRST_PERSON_ID;
    long category = FIRST_CATEGORY_ID + random.nextInt(NUM_CATEGORIES);
    long initialBid = price(random);
    long expires = dateTime + auctionLengthMs(n, random);
    String name = string(random, 20);
    String description = string(random, 100);
    long reserve = initialBid + price(random);
    int size = 8 + name.length() + description.length() + 8 + 8 + 8 + 8 + 8;
    String extra = extra(random, size, config.avgAuctionByteSize());
    return new Auction(
        id, name, description, initialBid, reserve, dateTime, expires, seller, category, extra);
  }

  private Bid bid(long n, Random random, long dateTime) {
    long auction = auction(n, random);
    long bidder = bidder(n, random);
    long price = price(random);
    String extra = extra(random, 8 + 8 + 8 + 8, config.avgBidByteSize());
    return new Bid(auction, bidder, price, dateTime, extra);
  }

  /** A bid's bidder: its draws after the auction's. */
  private long bidder(long n, Random random) {
    long base0 =
        random.nextInt(config.hotBiddersRatio()) > 0
            ? (lastBase0PersonId(n) / HOT_BIDDER_RATIO) * HOT_BIDDER_RATIO + 1
            : nextBase0PersonId(n, random);
    return base0 + FIRST_PERSON_ID;
  }

  /** A bid's auction: its first draws. */
  private long auction(long n, Random random) {
    long base0 =
        random.nextInt(config.hotAuctionRatio()) > 0
            ? (lastBase0AuctionId(n) / HOT_AUCTION_RATIO) * HOT_AUCTION_RATIO
            : nextBase0AuctionId(n, random);
    return base0 + FIRST_AUCTION_ID;
  }

  /** The newest person id (base 0) at event {@code n}: its own if it is a person. */
  static long lastBase0PersonId(long n) {
    long epoch = n / PROPORTION_DENOMINATOR;
    long offset = n % PROPORTION_DENOMINATOR;
    if (offset >= PERSON_PROPORTION) {
      offset = PERSON_PROPORTION - 1;
    }
    return epoch * PERSON_PROPORTION + offset;
  }

  /** The newest auction id (base 0) at event {@code n}: its own if it is an auction. */
  static long lastBase0AuctionId(long n) {
    long epoch = n / PROPORTION_DENOMINATOR;
    long offset = n % PROPORTION_DENOMINATOR;
    if (offset < PERSON_PROPORTION) {
      epoch--;
      offset = AUCTION_PROPORTION - 1;
    } else if (offset >= PERSON_PROPORTION + AUCTION_PROPORTION) {
      offset = AUCTION_PROPORTION - 1;
    } else {
      offset -= PERSON_PROPORTION;
    }
    return epoch * AUCTION_PROPORTION + offset;
  }

  /** One of the active people, or a few not yet created (base 0). */
  private long nextBase0PersonId(long n, Random random) {
    long numPeople = lastBase0PersonId(n) + 1;
    long activePeople = Math.min(numPeople, config.numActivePeople());
    return numPeople - activePeople + nextLong(random, activePeople + PERSON_ID_LEAD);
  }

  /** One of the auctions likely still in flight, or a few not yet created (base 0). */
  private long nextBase0AuctionId(long n, Random random) {
    long maxAuction = lastBase0AuctionId(n);
    long minAuction = Math.max(maxAuction - config.numInFlightAuctions(), 0);
    return minAuction + nextLong(random, maxAuction - minAuction + 1 + AUCTION_ID_LEAD);
  }

  /**
   * The longest an auction lasts, ms: twice the time its in-flight auctions take to be made at
   * {@code interEventDelayUs} (Beam's horizon), which bounds {@link #auctionLengthMs}.
   */
  public long maxAuctionLengthMs() {
    return maxAuctionLengthMs(config.numInFlightAuctions(), config.interEventDelayUs());
  }

  /** {@link #maxAuctionLengthMs()} of a job's workload parameters, as an engine reads them. */
  public static long maxAuctionLengthMs(WorkloadParams params) {
    return maxAuctionLengthMs(
        params.integer("in-flight.auctions"), params.longValue("inter-event.delay.us"));
  }

  private static long maxAuctionLengthMs(int numInFlightAuctions, long interEventDelayUs) {
    long eventsForAuctions =
        ((long) numInFlightAuctions * PROPORTION_DENOMINATOR) / AUCTION_PROPORTION;
    return 2 * (eventsForAuctions * interEventDelayUs / 1000L + 1);
  }

  /** An auction's length: uniform with a mean of the time {@code numInFlightAuctions} take. */
  private long auctionLengthMs(long n, Random random) {
    long eventsForAuctions =
        ((long) config.numInFlightAuctions() * PROPORTION_DENOMINATOR) / AUCTION_PROPORTION;
    long horizonMs =
        ((n + eventsForAuctions) * config.interEventDelayUs()) / 1000L
            - (n * config.interEventDelayUs()) / 1000L;
    return 1L + nextLong(random, Math.max(horizonMs * 2, 1L));
  }

  private static long nextLong(Random random, long n) {
    return n < Integer.MAX_VALUE ? random.nextInt((int) n) : Math.abs(random.nextLong() % n);
  }

  private static long price(Random random) {
    return Math.round(Math.pow(10.0, random.nextDouble() * 6.0) * 100.0);
  }

  /** Up to {@code maxLength} letters and spaces, trimmed. */
  private static String string(Random random, int maxLength) {
    int len = MIN_STRING_LENGTH + random.nextInt(maxLength - MIN_STRING_LENGTH);
    StringBuilder sb = new StringBuilder();
    while (len-- > 0) {
      sb.append(random.nextInt(13) == 0 ? ' ' : (char) ('a' + random.nextInt(26)));
    }
    return sb.toString().trim();
  }

  /** Letters that bring {@code currentSize} to {@code averageSize} on average. */
  private static String extra(Random random, int currentSize, int averageSize) {
    if (currentSize > averageSize) {
      return "";
    }
    int wanted = averageSize - currentSize;
    int delta = (int) Math.round(wanted * 0.2);
    int size = wanted - delta + (delta == 0 ? 0 : random.nextInt(2 * delta));
    StringBuilder sb = new StringBuilder();
    int rnd = 0;
    int left = 0;
    while (size-- > 0) {
      if (left == 0) {
        rnd = random.nextInt();
        left = 6;
      }
      sb.append((char) ('a' + rnd % 26));
      rnd /= 26;
      left--;
    }
    return sb.toString();
  }
}
