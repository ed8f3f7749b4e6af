package org.streambench.api.workload;

import java.util.ArrayList;
import java.util.List;

/**
 * join input: sample {@code s} has one part per stream, part {@code p} on stream {@code p}; records
 * {@code seq,t,sample,part,payload}. Records come in blocks of {@code B = delayRecords / streams}
 * samples: all part-0 records of the block in sample order, then part 1 in reverse order, then part
 * 2 rotated by half a block, so every part follows its sample's first part within about {@code
 * delayRecords} records. A pure function of (seed, seq).
 */
public final class JoinParts {
  public static final String[] STREAMS = {"impression", "click", "feature"};

  private final long seed;
  private final int streams;
  private final int block;
  private final int payloadBytes;

  public JoinParts(long seed, int streams, int delayRecords, int payloadBytes) {
    if (streams < 2 || streams > STREAMS.length) {
      throw new IllegalArgumentException("join takes 2 or 3 streams, not " + streams);
    }
    this.seed = seed;
    this.streams = streams;
    this.block = Math.max(1, delayRecords / streams);
    this.payloadBytes = payloadBytes;
  }

  /** The topic of stream {@code part} for a run whose input topic is {@code inputTopic}. */
  public static String topic(String inputTopic, int part) {
    return inputTopic + "-" + STREAMS[part];
  }

  /** The topics of the first {@code streams} streams, in stream order. */
  public static List<String> topics(String inputTopic, int streams) {
    List<String> topics = new ArrayList<>();
    for (int p = 0; p < streams; p++) {
      topics.add(topic(inputTopic, p));
    }
    return topics;
  }

  public int streams() {
    return streams;
  }

  /** The part (= stream index) of record {@code seq}. */
  public int part(long seq) {
    return (int) (seq % ((long) block * streams) / block);
  }

  /** The sample of record {@code seq}. */
  public long sample(long seq) {
    long perBlock = (long) block * streams;
    int i = (int) (seq % perBlock % block);
    int part = part(seq);
    int idx = part == 0 ? i : part == 1 ? block - 1 - i : (i + block / 2) % block;
    return seq / perBlock * block + idx;
  }

  public int maxBytes() {
    return 64 + payloadBytes;
  }

  public int encode(long seq, long t, byte[] buf) {
    Ascii out =
        new Ascii(buf).put(seq).put(',').put(t).put(',').put(sample(seq)).put(',').put(part(seq));
    out.put(',');
    long bits = 0;
    for (int i = 0; i < payloadBytes; i++) {
      if (i % 12 == 0) {
        bits = Rng.bits(seed, seq, 20 + i);
      }
      out.put((char) ('a' + Math.floorMod(bits, 26)));
      bits >>>= 5;
    }
    return out.length();
  }
}
