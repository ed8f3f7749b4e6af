package org.streambench.api.workload;

import org.streambench.api.IdentityRecords;

/**
 * One join input record {@code seq,t,sample,part,payload} (see {@link JoinParts}) and the time it
 * entered the job, as every engine's join decodes it.
 *
 * @param in entry stamp, epoch µs
 */
public record JoinPart(long seq, long t, long sample, int part, String payload, long in) {

  /** Decodes {@code seq,t,sample,part,payload} (anything after a further comma is ignored). */
  public static JoinPart parse(String line, long in) {
    int tStart = line.indexOf(',') + 1;
    int sampleStart = line.indexOf(',', tStart) + 1;
    int partStart = line.indexOf(',', sampleStart) + 1;
    int payloadStart = line.indexOf(',', partStart) + 1;
    if (tStart == 0 || sampleStart == 0 || partStart == 0 || payloadStart == 0) {
      throw new IllegalArgumentException("not a join record: " + line);
    }
    return new JoinPart(
        Long.parseLong(line, 0, tStart - 1, 10),
        Long.parseLong(line, tStart, sampleStart - 1, 10),
        Long.parseLong(line, sampleStart, partStart - 1, 10),
        Integer.parseInt(line, partStart, payloadStart - 1, 10),
        line.substring(payloadStart, Csv.end(line, payloadStart)),
        in);
  }

  /** Decodes a record stamped on entry, {@code seq,t,sample,part,payload,in}. */
  public static JoinPart parseStamped(String stamped) {
    return parse(stamped, IdentityRecords.lastStamp(stamped));
  }
}
