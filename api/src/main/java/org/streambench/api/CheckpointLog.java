package org.streambench.api;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The checkpoints an engine took during a run, as the engine reports them: one line per finished
 * checkpoint in {@value #FILE} in the run directory, appended by the engine as they finish and read
 * by the harness after the run. An engine without checkpoints, or that does not expose them, writes
 * no file.
 */
public final class CheckpointLog {
  public static final String FILE = "checkpoints.csv";
  private static final String HEADER =
      "id,status,triggered_at_ms,duration_ms,checkpointed_bytes,state_bytes,alignment_ms,"
          + "start_delay_ms";

  private CheckpointLog() {}

  /**
   * One checkpoint.
   *
   * @param id the engine's checkpoint id
   * @param status {@code completed} or {@code failed}; {@code batch} for a micro-batch's commit
   *     (Spark), which is no checkpoint of the whole job's state
   * @param triggeredAtMillis when it was triggered (epoch milliseconds)
   * @param durationMillis from its trigger to its last acknowledgement
   * @param checkpointedBytes bytes this checkpoint wrote (less than the state with incremental
   *     checkpoints)
   * @param stateBytes the full size of the state it covers
   * @param alignmentMillis the longest barrier alignment of any task (-1 if unknown)
   * @param startDelayMillis the longest time a barrier took to reach a task from the trigger: the
   *     back-pressure in front of it (-1 if unknown)
   */
  public record Checkpoint(
      long id,
      String status,
      long triggeredAtMillis,
      long durationMillis,
      long checkpointedBytes,
      long stateBytes,
      long alignmentMillis,
      long startDelayMillis) {

    String line() {
      return String.join(
          ",",
          Long.toString(id),
          status,
          Long.toString(triggeredAtMillis),
          Long.toString(durationMillis),
          Long.toString(checkpointedBytes),
          Long.toString(stateBytes),
          Long.toString(alignmentMillis),
          Long.toString(startDelayMillis));
    }

    static Checkpoint parse(String line) {
      String[] f = line.split(",", -1);
      if (f.length != 8) {
        throw new IllegalArgumentException("not a checkpoint line: " + line);
      }
      return new Checkpoint(
          Long.parseLong(f[0]),
          f[1],
          Long.parseLong(f[2]),
          Long.parseLong(f[3]),
          Long.parseLong(f[4]),
          Long.parseLong(f[5]),
          Long.parseLong(f[6]),
          Long.parseLong(f[7]));
    }
  }

  /** Appends one checkpoint to the run directory's log, starting it with its header. */
  public static synchronized void append(Path runDir, Checkpoint c) throws IOException {
    Path file = runDir.resolve(FILE);
    String text = (Files.exists(file) ? "" : HEADER + "\n") + c.line() + "\n";
    Files.writeString(
        file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  /**
   * The checkpoints in the run directory's log, in the order written; none without a log. A last
   * line cut short by a killed engine is left out.
   */
  public static List<Checkpoint> read(Path runDir) throws IOException {
    Path file = runDir.resolve(FILE);
    List<Checkpoint> out = new ArrayList<>();
    if (!Files.isRegularFile(file)) {
      return out;
    }
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.isBlank() || line.equals(HEADER)) {
        continue;
      }
      try {
        out.add(Checkpoint.parse(line));
      } catch (IllegalArgumentException e) {
        // written half when the engine was stopped
      }
    }
    return out;
  }
}
