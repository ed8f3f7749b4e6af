package org.streambench.api.workload;

/**
 * wordcount's count window of one word: its count and the ranges of event time and entry stamp of
 * its words, and its output line {@code word,count,minEventTime,maxEventTime,minInTime,maxInTime}.
 * A bean, so that Flink keeps it as a POJO and Spark encodes it as columns; {@link #toString} and
 * {@link #parse} are its text form, {@code count,minEventTime,maxEventTime,minIn,maxIn}.
 */
public class WordCountWindow {
  private long count;
  private long minEventTime = Long.MAX_VALUE;
  private long maxEventTime = Long.MIN_VALUE;
  private long minIn = Long.MAX_VALUE;
  private long maxIn = Long.MIN_VALUE;

  /**
   * Counts an occurrence of the word in a sentence of {@code eventTime} that entered at {@code in}.
   */
  public WordCountWindow add(long eventTime, long in) {
    count++;
    minEventTime = Math.min(minEventTime, eventTime);
    maxEventTime = Math.max(maxEventTime, eventTime);
    minIn = Math.min(minIn, in);
    maxIn = Math.max(maxIn, in);
    return this;
  }

  /** Adds {@code other}'s words to these. */
  public WordCountWindow merge(WordCountWindow other) {
    count += other.count;
    minEventTime = Math.min(minEventTime, other.minEventTime);
    maxEventTime = Math.max(maxEventTime, other.maxEventTime);
    minIn = Math.min(minIn, other.minIn);
    maxIn = Math.max(maxIn, other.maxIn);
    return this;
  }

  /** Whether the window has {@code size} words: it is emitted and a new one starts. */
  public boolean isFull(int size) {
    return count >= size;
  }

  /** The output line of a full window of {@code word}. */
  public String line(String word) {
    return word + "," + this;
  }

  /** {@code count,minEventTime,maxEventTime,minIn,maxIn}. */
  @Override
  public String toString() {
    return count + "," + minEventTime + "," + maxEventTime + "," + minIn + "," + maxIn;
  }

  /** The window of a {@link #toString} form. */
  public static WordCountWindow parse(String text) {
    WordCountWindow w = new WordCountWindow();
    w.count = Csv.longField(text, 0);
    w.minEventTime = Csv.longField(text, 1);
    w.maxEventTime = Csv.longField(text, 2);
    w.minIn = Csv.longField(text, 3);
    w.maxIn = Csv.longField(text, 4);
    return w;
  }

  public long getCount() {
    return count;
  }

  public void setCount(long count) {
    this.count = count;
  }

  public long getMinEventTime() {
    return minEventTime;
  }

  public void setMinEventTime(long minEventTime) {
    this.minEventTime = minEventTime;
  }

  public long getMaxEventTime() {
    return maxEventTime;
  }

  public void setMaxEventTime(long maxEventTime) {
    this.maxEventTime = maxEventTime;
  }

  public long getMinIn() {
    return minIn;
  }

  public void setMinIn(long minIn) {
    this.minIn = minIn;
  }

  public long getMaxIn() {
    return maxIn;
  }

  public void setMaxIn(long maxIn) {
    this.maxIn = maxIn;
  }
}
