package org.streambench.harness.collector;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/** An HdrHistogram as compressed bytes, to carry it to another process (JSON gives them base64). */
public final class HistogramBytes {
  private HistogramBytes() {}

  public static byte[] encode(Histogram h) {
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buffer);
    return Arrays.copyOf(buffer.array(), length);
  }

  /** The histogram {@link #encode} wrote; an empty one for null. */
  public static Histogram decode(byte[] bytes) {
    if (bytes == null) {
      return new Histogram(3);
    }
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
    } catch (DataFormatException | RuntimeException e) {
      throw new IllegalArgumentException("not an encoded histogram", e);
    }
  }
}
