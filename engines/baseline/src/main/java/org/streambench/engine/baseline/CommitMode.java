package org.streambench.engine.baseline;

/** When the baseline commits consumed offsets relative to producing the output. */
enum CommitMode {
  /** At-most-once: commit, then produce. */
  BEFORE_PRODUCE,
  /** At-least-once: produce and flush, then commit. */
  AFTER_PRODUCE,
  /** Exactly-once: output and offsets in one Kafka transaction. */
  TRANSACTIONAL;

  static CommitMode parse(String id) {
    return valueOf(id.toUpperCase(java.util.Locale.ROOT).replace('-', '_'));
  }
}
