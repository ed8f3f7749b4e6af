package org.streambench.verifier.workload;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.JoinParts;
import org.streambench.verifier.OutputFields;
import org.streambench.verifier.Verdict;
import org.streambench.verifier.VerdictBuilder;

/**
 * join: input {@link JoinParts} on two or three streams, output {@code
 * sample,mask,bytes,firstT,lastT,lastIn,out}: one per generated sample, with the mask of its
 * generated parts and all their payload bytes.
 */
public final class JoinCheck extends OutputCheck {
  /** Sample ids beyond this are phantoms at once (keeps garbage from growing the arrays). */
  private static final long MAX_SAMPLE = 1L << 28;

  private final JoinParts parts;
  private final int payloadBytes;
  private final long timerMicros;
  private final Guarantee guarantee;
  // generator thread until expect(); read by the collector only in allArrived/verdict
  private byte[] generatedMask = new byte[1 << 16];
  private long expectedSamples;
  private int lastPart;
  // collector thread: outputs per sample and what the first output of each carried
  private byte[] outputs = new byte[1 << 16];
  private byte[] firstMask = new byte[1 << 16];
  private int[] firstBytes = new int[1 << 16];
  private final OutputFields fields = new OutputFields(7);
  private final VerdictBuilder notes;
  private long samplesSeen;
  private long received;
  private long malformed;

  public JoinCheck(JoinParts parts, int payloadBytes, long timerMicros, Guarantee guarantee) {
    this.parts = parts;
    this.payloadBytes = payloadBytes;
    this.timerMicros = timerMicros;
    this.guarantee = guarantee;
    this.notes = new VerdictBuilder(guarantee);
  }

  @Override
  public int maxRecordBytes() {
    return parts.maxBytes();
  }

  @Override
  public int encode(long seq, long t, byte[] buf) {
    int sample = (int) parts.sample(seq);
    lastPart = parts.part(seq);
    if (sample >= generatedMask.length) {
      generatedMask = Arrays.copyOf(generatedMask, Math.max(sample + 1, generatedMask.length * 2));
    }
    generatedMask[sample] |= (byte) (1 << lastPart);
    return parts.encode(seq, t, buf);
  }

  @Override
  public int stream() {
    return lastPart;
  }

  @Override
  public long outputDelayMicros() {
    return timerMicros;
  }

  @Override
  protected void prepareExpectations(long sent) {
    long n = 0;
    for (byte m : generatedMask) {
      if (m != 0) {
        n++;
      }
    }
    expectedSamples = n;
  }

  @Override
  public boolean observe(byte[] value, long[] stamps) {
    received++;
    long sample = fields.split(value) ? fields.number(0) : -1;
    long mask = sample >= 0 ? fields.number(1) : -1;
    if (sample < 0 || sample >= MAX_SAMPLE || mask < 0 || mask > Byte.MAX_VALUE) {
      malformed++;
      notes.example(
          "phantom", value == null ? "null value" : new String(value, StandardCharsets.UTF_8));
      return false;
    }
    int s = (int) sample;
    if (s >= outputs.length) {
      int size = Math.max(s + 1, outputs.length * 2);
      outputs = Arrays.copyOf(outputs, size);
      firstMask = Arrays.copyOf(firstMask, size);
      firstBytes = Arrays.copyOf(firstBytes, size);
    }
    if (outputs[s] == 0) {
      samplesSeen++;
      firstMask[s] = (byte) mask;
      firstBytes[s] = (int) Math.min(Integer.MAX_VALUE, Math.max(0, fields.number(2)));
    }
    outputs[s] = (byte) Math.min(Byte.MAX_VALUE, outputs[s] + 1);
    return fields.stamps(stamps, 4, 5, 6);
  }

  @Override
  public long received() {
    return received;
  }

  @Override
  protected boolean allArrived() {
    return samplesSeen >= expectedSamples;
  }

  /**
   * Per sample: emitted once, with every generated part and its payload. A missing part is judged
   * like a lost record (a join under at-most-once may miss one), a sample never generated is a
   * phantom.
   */
  @Override
  public Verdict verdict() {
    VerdictBuilder v = new VerdictBuilder(guarantee);
    long lost = 0;
    long duplicated = 0;
    long incomplete = 0;
    long phantom = malformed;
    for (int s = 0; s < Math.max(generatedMask.length, outputs.length); s++) {
      int want = s < generatedMask.length ? generatedMask[s] : 0;
      int got = s < outputs.length ? outputs[s] : 0;
      if (want == 0) {
        if (got > 0) {
          phantom++;
          v.example("phantom", "sample " + s + " was never generated");
        }
      } else if (got == 0) {
        lost++;
        v.example("lost", "sample " + s);
      } else {
        duplicated += got - 1;
        if (got > 1) {
          v.example("duplicated", "sample " + s + ": " + got + " outputs");
        }
        long wantBytes = (long) Integer.bitCount(want) * payloadBytes;
        if (firstMask[s] != want || firstBytes[s] != wantBytes) {
          incomplete++;
          v.example(
              "incomplete",
              "sample "
                  + s
                  + ": parts mask "
                  + firstMask[s]
                  + " ("
                  + firstBytes[s]
                  + " bytes), generated mask "
                  + want
                  + " ("
                  + wantBytes
                  + " bytes)");
        }
      }
    }
    v.count("expected", expectedSamples);
    v.count("received", received);
    v.error("lost", lost, "of " + expectedSamples + " samples never emitted");
    v.error("duplicated", duplicated, "samples emitted more than once");
    v.error("lost", "incomplete", incomplete, "joined samples missing parts or payload");
    v.violation("phantom", phantom, phantom + " outputs for samples never generated, or malformed");
    v.examplesFrom(notes);
    return v.build();
  }
}
