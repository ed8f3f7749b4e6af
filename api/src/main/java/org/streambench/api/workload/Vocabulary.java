package org.streambench.api.workload;

/**
 * A fixed list of pronounceable lower-case words, word {@code i} built from the digits of {@code i}
 * in base 70 as consonant-vowel syllables ("ba", "ke", ...), so the same index is the same word
 * everywhere and no word contains an upper-case letter or a digit.
 */
public final class Vocabulary {
  private static final String CONSONANTS = "bdfgklmnprstvz";
  private static final String VOWELS = "aeiou";

  private final byte[][] words;

  public Vocabulary(int size) {
    words = new byte[size][];
    for (int i = 0; i < size; i++) {
      words[i] = Ascii.bytes(word(i));
    }
  }

  public int size() {
    return words.length;
  }

  public byte[] bytes(int i) {
    return words[i];
  }

  /** Word {@code i}: two syllables below 4900, one more per further factor of 70. */
  public static String word(int i) {
    StringBuilder sb = new StringBuilder();
    int v = i;
    int syllables = 0;
    do {
      int s = v % 70;
      sb.append(CONSONANTS.charAt(s % 14)).append(VOWELS.charAt(s / 14));
      v /= 70;
      syllables++;
    } while (v > 0 || syllables < 2);
    return sb.toString();
  }
}
