package org.streambench.engine.baseline;

import org.streambench.api.EpochMicros;
import org.streambench.api.IdentityRecords;

/** What the baseline does to each record of a workload, given the time its batch was polled. */
@FunctionalInterface
interface Transform {
  /** identity: the record with its entry stamp and its exit stamp appended. */
  Transform IDENTITY =
      (value, inMicros) ->
          IdentityRecords.appendStamp(
              IdentityRecords.appendStamp(value, inMicros), EpochMicros.now());

  byte[] apply(byte[] value, long inMicros);
}
