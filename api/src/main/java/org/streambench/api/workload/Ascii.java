package org.streambench.api.workload;

import java.nio.charset.StandardCharsets;

/** Appends ASCII text to a byte buffer without allocating: the generators' one writer. */
public final class Ascii {
  private final byte[] buf;
  private int pos;

  public Ascii(byte[] buf) {
    this.buf = buf;
  }

  public Ascii reset() {
    pos = 0;
    return this;
  }

  public int length() {
    return pos;
  }

  public Ascii put(char c) {
    buf[pos++] = (byte) c;
    return this;
  }

  public Ascii put(byte[] ascii) {
    System.arraycopy(ascii, 0, buf, pos, ascii.length);
    pos += ascii.length;
    return this;
  }

  public Ascii put(String ascii) {
    for (int i = 0; i < ascii.length(); i++) {
      buf[pos++] = (byte) ascii.charAt(i);
    }
    return this;
  }

  public Ascii put(long value) {
    if (value < 0) {
      buf[pos++] = '-';
      value = -value;
    }
    int len = 1;
    for (long v = value / 10; v > 0; v /= 10) {
      len++;
    }
    for (int i = pos + len - 1; i >= pos; i--) {
      buf[i] = (byte) ('0' + value % 10);
      value /= 10;
    }
    pos += len;
    return this;
  }

  /** The bytes of a string constant, for {@link #put(byte[])}. */
  public static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
