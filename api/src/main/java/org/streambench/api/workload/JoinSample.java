package org.streambench.api.workload;

/**
 * The parts of one join sample merged so far, and its output line {@code
 * sample,mask,bytes,firstT,lastT,lastIn}: the state every engine's join keeps per sample. A bean
 * (public no-argument constructor, getters and setters) so that Flink keeps it as a POJO and Spark
 * encodes it as columns.
 */
public class JoinSample {
  private String[] payloads = new String[JoinParts.STREAMS.length];
  private long firstT = Long.MAX_VALUE;
  private long lastT = Long.MIN_VALUE;
  private long lastIn;

  /** Merges a part: its payload, its {@code t} into the range, its entry stamp as the last one. */
  public void add(JoinPart part) {
    payloads[part.part()] = part.payload();
    firstT = Math.min(firstT, part.t());
    lastT = Math.max(lastT, part.t());
    lastIn = part.in();
  }

  /** Bit {@code p} set for each part {@code p} present. */
  public int mask() {
    int mask = 0;
    for (int p = 0; p < payloads.length; p++) {
      if (payloads[p] != null) {
        mask |= 1 << p;
      }
    }
    return mask;
  }

  /** The payload bytes kept. */
  public int bytes() {
    int bytes = 0;
    for (String payload : payloads) {
      if (payload != null) {
        bytes += payload.length();
      }
    }
    return bytes;
  }

  /** The output line of sample {@code sample}: {@code sample,mask,bytes,firstT,lastT,lastIn}. */
  public String result(long sample) {
    return sample + "," + mask() + "," + bytes() + "," + firstT + "," + lastT + "," + lastIn;
  }

  /** {@code payloads[p]} is the payload of part {@code p}, null while it is missing. */
  public String[] getPayloads() {
    return payloads;
  }

  public void setPayloads(String[] payloads) {
    this.payloads = payloads;
  }

  public long getFirstT() {
    return firstT;
  }

  public void setFirstT(long firstT) {
    this.firstT = firstT;
  }

  public long getLastT() {
    return lastT;
  }

  public void setLastT(long lastT) {
    this.lastT = lastT;
  }

  public long getLastIn() {
    return lastIn;
  }

  public void setLastIn(long lastIn) {
    this.lastIn = lastIn;
  }
}
