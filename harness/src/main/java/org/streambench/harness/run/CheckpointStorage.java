package org.streambench.harness.run;

import java.util.Arrays;
import org.streambench.harness.UsageException;

/**
 * Where an engine keeps its checkpoints ({@code --checkpoint-storage}): on local disk in the run
 * directory, or on HDFS (the Hadoop the harness starts, or the user's), under {@code
 * /streambench/<run id>/checkpoints}.
 */
public enum CheckpointStorage {
  LOCAL("local"),
  HDFS("hdfs");

  private final String id;

  CheckpointStorage(String id) {
    this.id = id;
  }

  public String id() {
    return id;
  }

  /** The storage named {@code text}, or a one-line usage error naming those there are. */
  public static CheckpointStorage parse(String text) {
    return Arrays.stream(values())
        .filter(s -> s.id.equals(text))
        .findFirst()
        .orElseThrow(
            () ->
                new UsageException(
                    "--checkpoint-storage must be local or hdfs, was '" + text + "'"));
  }
}
