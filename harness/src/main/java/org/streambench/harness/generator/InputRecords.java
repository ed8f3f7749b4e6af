package org.streambench.harness.generator;

/** What the generator writes: record {@code seq} for intended time {@code t}, in seq order. */
public interface InputRecords {
  /** An upper bound of the bytes {@link #encode} writes. */
  int maxRecordBytes();

  /** Encodes record {@code seq} with intended send time {@code t} (µs) into {@code buf}. */
  int encode(long seq, long t, byte[] buf);

  /** The input stream (index into the generator's topics) of the record just encoded. */
  default int stream() {
    return 0;
  }

  /** The Kafka key of the record just encoded, or null. */
  default byte[] key() {
    return null;
  }

  /** The end marker written to every partition after the last record, or -1 for none. */
  default int encodeEndMarker(long lastT, byte[] buf) {
    return -1;
  }
}
