package org.streambench.verifier.workload;

import org.streambench.api.Guarantee;
import org.streambench.api.workload.GroupingRecords;
import org.streambench.verifier.OutputFields;
import org.streambench.verifier.SequenceVerifier;
import org.streambench.verifier.Verdict;
import org.streambench.verifier.VerdictBuilder;

/**
 * grouping: input {@link GroupingRecords}, output {@code seq,t,key,count,sum,in,out}: one per input
 * (checked by seq) and, per key, the output with the highest count must carry the generated count
 * and sum.
 */
public final class GroupingCheck extends OutputCheck {
  private final GroupingRecords records;
  private final Guarantee guarantee;
  private final long[] count;
  private final long[] sum;
  private final long[] highestCount;
  private final long[] sumAtHighest;
  private final SequenceVerifier verifier = new SequenceVerifier();
  private final OutputFields fields = new OutputFields(7);
  private long badKeys;

  public GroupingCheck(GroupingRecords records, int keys, Guarantee guarantee) {
    this.records = records;
    this.guarantee = guarantee;
    count = new long[keys];
    sum = new long[keys];
    highestCount = new long[keys];
    sumAtHighest = new long[keys];
  }

  /** Final {count, sum} per key index of the first {@code n} records. */
  public static long[][] totals(GroupingRecords records, int keys, long n) {
    long[][] totals = new long[2][keys];
    for (long seq = 0; seq < n; seq++) {
      int k = records.keyIndex(seq);
      totals[0][k]++;
      totals[1][k] += records.value(seq);
    }
    return totals;
  }

  @Override
  public int maxRecordBytes() {
    return records.maxBytes();
  }

  @Override
  public int encode(long seq, long t, byte[] buf) {
    int k = records.keyIndex(seq);
    count[k]++;
    sum[k] += records.value(seq);
    return records.encode(seq, t, buf);
  }

  @Override
  public boolean observe(byte[] value, long[] stamps) {
    if (!fields.split(value) || fields.number(0) < 0) {
      verifier.malformed(value);
      return false;
    }
    verifier.observe(fields.number(0));
    String key = fields.text(2);
    int k = key.startsWith("k") ? parseIndex(key.substring(1)) : -1;
    long c = fields.number(3);
    if (k < 0 || k >= count.length || c < 0) {
      badKeys++;
    } else if (c > highestCount[k]) {
      highestCount[k] = c;
      sumAtHighest[k] = fields.number(4);
    }
    return fields.stamps(stamps, 1, 5, 6);
  }

  private static int parseIndex(String s) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  @Override
  public long received() {
    return verifier.received();
  }

  @Override
  protected boolean allArrived() {
    return verifier.distinct() >= expected();
  }

  @Override
  public Verdict verdict() {
    VerdictBuilder v = verifier.builder(expected(), guarantee);
    long under = 0;
    long over = 0;
    long wrongSum = 0;
    for (int k = 0; k < count.length; k++) {
      String key = GroupingRecords.key(k);
      if (highestCount[k] < count[k]) {
        under++;
        v.example("keys.undercounted", key + ": count " + highestCount[k] + " of " + count[k]);
      } else if (highestCount[k] > count[k]) {
        over++;
        v.example("keys.overcounted", key + ": count " + highestCount[k] + " > " + count[k]);
      } else if (count[k] > 0 && sumAtHighest[k] != sum[k]) {
        wrongSum++;
        v.example("keys.wrong", key + ": sum " + sumAtHighest[k] + ", expected " + sum[k]);
      }
    }
    v.error("lost", "keys.undercounted", under, "keys whose final count is too low");
    v.error("duplicated", "keys.overcounted", over, "keys whose final count is too high");
    v.violation(
        "keys.wrong",
        wrongSum + badKeys,
        wrongSum + badKeys + " keys with a wrong sum or an unknown key");
    return v.build();
  }
}
