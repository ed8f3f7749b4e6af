package org.streambench.harness.generator;

/**
 * The exact-length value array a record is sent with, reused while record lengths repeat (a
 * generator's records mostly have one length), so that sending allocates no array of its own.
 *
 * <p>Reuse is safe because Kafka's producer copies a value into its batch before {@code send}
 * returns ({@code KafkaProducer.doSend → RecordAccumulator.append → ProducerBatch.tryAppend →
 * MemoryRecordsBuilder.append → DefaultRecord.writeTo}, Kafka 4.x) and keeps only its length; the
 * producer here has no interceptors that could hold on to the record.
 */
final class ValueCopy {
  private byte[] value = new byte[0];

  /** {@code buf[0..len)} in an array of exactly {@code len} bytes, valid until the next call. */
  byte[] of(byte[] buf, int len) {
    if (value.length != len) {
      value = new byte[len];
    }
    System.arraycopy(buf, 0, value, 0, len);
    return value;
  }
}
