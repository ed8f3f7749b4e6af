package org.streambench.api;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * What a worker of a cluster deployment works on, over time, as its engine sees it: one line per
 * change in {@code worker-N-work.tsv} of the run directory (epoch milliseconds, a tab, the items it
 * holds from then on, comma-separated; none: a spare). An engine that hands out work through a
 * group (Kafka Streams' tasks, the baseline's partitions) appends a line whenever its share
 * changes, Flink's job client for each TaskManager from the JobManager's view; the harness reads
 * them to say which workers were idle and who took over after a fault. An engine that does not know
 * writes nothing.
 *
 * <pre>
 * WorkLog.append(spec, List.of(WorkLog.partition(spec, "sb-42-in", 0)));  // "in-0"
 * List&lt;WorkLog.Change&gt; changes = WorkLog.read(runDir, 2);
 * </pre>
 */
public final class WorkLog {
  private WorkLog() {}

  /**
   * One change of a worker's share.
   *
   * @param atMillis when it changed (epoch milliseconds)
   * @param items what the worker holds from then on, sorted; empty when nothing
   */
  public record Change(long atMillis, List<String> items) {}

  /** The file of worker {@code instance} (1-based). */
  public static String file(int instance) {
    return "worker-" + instance + "-work.tsv";
  }

  /**
   * An input partition as a worker's item: the topic without the run's {@code sb-<run id>-} prefix,
   * a dash, the partition ({@code in-0}).
   */
  public static String partition(JobSpec spec, String topic, int partition) {
    String prefix = "sb-" + spec.runId() + "-";
    return (topic.startsWith(prefix) ? topic.substring(prefix.length()) : topic) + "-" + partition;
  }

  /** Appends this process's share, now; does nothing for a process that is no cluster worker. */
  public static void append(JobSpec spec, Collection<String> items) {
    if (spec.instance() != JobSpec.SOLE) {
      append(spec.runDir(), spec.instance(), items);
    }
  }

  /**
   * Appends worker {@code instance}'s share, now: for a process that sees where the work runs (a
   * job client asking its cluster). Commas in an item become semicolons.
   */
  public static void append(Path runDir, int instance, Collection<String> items) {
    TreeSet<String> sorted = new TreeSet<>();
    items.forEach(i -> sorted.add(i.replace(',', ';')));
    String line = System.currentTimeMillis() + "\t" + String.join(",", sorted) + "\n";
    try {
      Files.writeString(
          runDir.resolve(file(instance)),
          line,
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      System.err.println("streambench: cannot write " + file(instance) + ": " + e);
    }
  }

  /** Worker {@code instance}'s changes in order; empty if its engine wrote none. */
  public static List<Change> read(Path runDir, int instance) throws IOException {
    Path path = runDir.resolve(file(instance));
    List<Change> changes = new ArrayList<>();
    if (!Files.exists(path)) {
      return changes;
    }
    for (String line : Files.readAllLines(path, StandardCharsets.UTF_8)) {
      int tab = line.indexOf('\t');
      if (tab < 0) {
        continue; // a line cut short by a kill
      }
      String items = line.substring(tab + 1).strip();
      changes.add(
          new Change(
              Long.parseLong(line.substring(0, tab)),
              items.isEmpty() ? List.of() : List.of(items.split(","))));
    }
    return changes;
  }
}
