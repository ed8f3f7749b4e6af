package org.streambench.verifier.workload;

import java.util.HashMap;
import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.Vocabulary;
import org.streambench.api.workload.WordSentences;
import org.streambench.verifier.OutputFields;
import org.streambench.verifier.Verdict;
import org.streambench.verifier.VerdictBuilder;

/**
 * wordcount: input {@link WordSentences}, output {@code
 * word,count,minEventTime,maxEventTime,minInTime,maxInTime,outTime}: per word ⌊occurrences /
 * window⌋ windows, each of exactly {@code window} words. Latency is taken from the word that
 * completed the window (max event time, max entry stamp).
 */
public final class WordCountCheck extends OutputCheck {
  private final WordSentences sentences;
  private final int window;
  private final Guarantee guarantee;
  private final long[] occurrences;
  private final long[] windows;
  private final Map<String, Integer> index = new HashMap<>();
  private final OutputFields fields = new OutputFields(7);
  private final VerdictBuilder notes;
  private long received;
  private long wrong;
  private long phantom;

  public WordCountCheck(WordSentences sentences, int vocabulary, int window, Guarantee guarantee) {
    this.sentences = sentences;
    this.window = window;
    this.guarantee = guarantee;
    this.notes = new VerdictBuilder(guarantee);
    occurrences = new long[vocabulary];
    windows = new long[vocabulary];
    for (int i = 0; i < vocabulary; i++) {
      index.put(Vocabulary.word(i), i);
    }
  }

  @Override
  public int maxRecordBytes() {
    return sentences.maxBytes();
  }

  @Override
  public int encode(long seq, long t, byte[] buf) {
    for (int i = 0; i < sentences.words(); i++) {
      occurrences[sentences.wordIndex(seq, i)]++;
    }
    return sentences.encode(seq, t, buf);
  }

  @Override
  public boolean observe(byte[] value, long[] stamps) {
    received++;
    Integer w = fields.split(value) ? index.get(fields.text(0)) : null;
    if (w == null) {
      phantom++;
      notes.example(
          "phantom",
          value == null
              ? "null value"
              : new String(value, java.nio.charset.StandardCharsets.UTF_8));
      return false;
    }
    windows[w]++;
    if (fields.number(1) != window) {
      wrong++;
      notes.example("wrong", fields.text(0) + ": window of " + fields.text(1));
    }
    return fields.stamps(stamps, 3, 5, 6);
  }

  @Override
  public long received() {
    return received;
  }

  @Override
  protected boolean allArrived() {
    for (int w = 0; w < occurrences.length; w++) {
      if (windows[w] < occurrences[w] / window) {
        return false;
      }
    }
    return true;
  }

  @Override
  public Verdict verdict() {
    VerdictBuilder v = new VerdictBuilder(guarantee);
    long expectedWindows = 0;
    long lost = 0;
    long duplicated = 0;
    for (int w = 0; w < occurrences.length; w++) {
      long want = occurrences[w] / window;
      expectedWindows += want;
      if (windows[w] < want) {
        lost += want - windows[w];
        v.example("lost", Vocabulary.word(w) + ": " + windows[w] + " of " + want + " windows");
      } else if (windows[w] > want) {
        duplicated += windows[w] - want;
        v.example(
            "duplicated", Vocabulary.word(w) + ": " + windows[w] + " windows, expected " + want);
      }
    }
    v.count("expected", expectedWindows);
    v.count("received", received);
    v.error("lost", lost, "of " + expectedWindows + " windows lost");
    v.error("duplicated", duplicated, "windows too many");
    v.violation("wrong", wrong, wrong + " windows with a count other than " + window);
    v.violation("phantom", phantom, phantom + " outputs for words never generated, or malformed");
    v.examplesFrom(notes);
    return v.build();
  }
}
