package org.streambench.api.workload;

/**
 * ysb input, the Yahoo Streaming Benchmark's ad events: {@code
 * {"user_id":..,"page_id":..,"ad_id":..,"ad_type":..,"event_type":..,"event_time":"<ms>",
 * "ip_address":"1.2.3.4"}}. {@code campaigns × adsPerCampaign} ad ids and the campaign ids are
 * UUIDs derived from the seed; ad {@code i} belongs to campaign {@code i / adsPerCampaign}.
 */
public final class YsbEvents {
  public static final String[] AD_TYPES = {"banner", "modal", "sponsored-search", "mail", "mobile"};
  public static final String[] EVENT_TYPES = {"view", "click", "purchase"};
  public static final int VIEW = 0;

  private static final byte[][] AD_TYPE_BYTES = asBytes(AD_TYPES);
  private static final byte[][] EVENT_TYPE_BYTES = asBytes(EVENT_TYPES);
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private final long seed;
  private final int adsPerCampaign;
  private final String[] campaignIds;
  private final String[] adIds;
  private final byte[][] adIdBytes;

  public YsbEvents(long seed, int campaigns, int adsPerCampaign) {
    this.seed = seed;
    this.adsPerCampaign = adsPerCampaign;
    campaignIds = new String[campaigns];
    for (int c = 0; c < campaigns; c++) {
      campaignIds[c] = uuid(seed, c, 7);
    }
    adIds = new String[campaigns * adsPerCampaign];
    adIdBytes = new byte[adIds.length][];
    for (int a = 0; a < adIds.length; a++) {
      adIds[a] = uuid(seed, a, 8);
      adIdBytes[a] = Ascii.bytes(adIds[a]);
    }
  }

  /** The filter of every ysb job: whether an event's {@code event_type} is a view. */
  public static boolean isView(String eventType) {
    return EVENT_TYPES[VIEW].equals(eventType);
  }

  public int ads() {
    return adIds.length;
  }

  public String adId(int ad) {
    return adIds[ad];
  }

  public int campaignOf(int ad) {
    return ad / adsPerCampaign;
  }

  public String campaignId(int campaign) {
    return campaignIds[campaign];
  }

  public int campaigns() {
    return campaignIds.length;
  }

  public int adIndex(long seq) {
    return Rng.below(seed, seq, 3, adIds.length);
  }

  public int eventType(long seq) {
    return Rng.below(seed, seq, 4, EVENT_TYPES.length);
  }

  /** YSB's event_time: the intended send time in epoch milliseconds. */
  public static long eventTimeMillis(long t) {
    return t / 1000;
  }

  public int maxBytes() {
    return 256;
  }

  public int encode(long seq, long t, byte[] buf) {
    Ascii out = new Ascii(buf).put("{\"user_id\":\"");
    putUuid(out, Rng.bits(seed, seq, 5), Rng.bits(seed, seq, 6));
    out.put("\",\"page_id\":\"");
    putUuid(out, Rng.bits(seed, seq, 15), Rng.bits(seed, seq, 16));
    return out.put("\",\"ad_id\":\"")
        .put(adIdBytes[adIndex(seq)])
        .put("\",\"ad_type\":\"")
        .put(AD_TYPE_BYTES[Rng.below(seed, seq, 9, AD_TYPES.length)])
        .put("\",\"event_type\":\"")
        .put(EVENT_TYPE_BYTES[eventType(seq)])
        .put("\",\"event_time\":\"")
        .put(eventTimeMillis(t))
        .put("\",\"ip_address\":\"1.2.3.4\"}")
        .length();
  }

  private static String uuid(long seed, long index, int salt) {
    byte[] buf = new byte[36];
    Ascii out = new Ascii(buf);
    putUuid(out, Rng.bits(seed, index, salt), Rng.bits(seed, index, salt + 100));
    return new String(buf, java.nio.charset.StandardCharsets.US_ASCII);
  }

  /** 8-4-4-4-12 lower-case hex digits from 128 bits. */
  private static void putUuid(Ascii out, long hi, long lo) {
    for (int i = 0; i < 32; i++) {
      if (i == 8 || i == 12 || i == 16 || i == 20) {
        out.put('-');
      }
      long word = i < 16 ? hi : lo;
      out.put(HEX[(int) (word >>> (60 - 4 * (i & 15))) & 15]);
    }
  }

  private static byte[][] asBytes(String[] values) {
    byte[][] out = new byte[values.length][];
    for (int i = 0; i < values.length; i++) {
      out[i] = Ascii.bytes(values[i]);
    }
    return out;
  }
}
