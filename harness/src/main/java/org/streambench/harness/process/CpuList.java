package org.streambench.harness.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * CPU lists in Linux syntax ({@code 0-3,6}), as the kernel writes them and {@code taskset} reads
 * them.
 */
public final class CpuList {
  /** The highest CPU number a list may name (the kernel's default {@code NR_CPUS} limit). */
  private static final int MAX_CPU = 8191;

  private CpuList() {}

  /**
   * The CPUs process {@code pid} may run on as the kernel says ({@code Cpus_allowed_list} of {@code
   * /proc/<pid>/status}, e.g. {@code 0-1}), or null if it cannot be read.
   */
  public static String ofProcess(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
        if (line.startsWith("Cpus_allowed_list:")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      return null;
    }
    return null;
  }

  /** The CPUs of several processes' lists together (null entries skipped); null if none. */
  public static String union(Collection<String> lists) {
    SortedSet<Integer> all = new TreeSet<>();
    for (String l : lists) {
      SortedSet<Integer> set = l == null ? null : parse(l);
      if (set != null) {
        all.addAll(set);
      }
    }
    return all.isEmpty() ? null : format(all);
  }

  /** How many CPUs a list names; 0 if null or malformed. */
  public static int count(String list) {
    SortedSet<Integer> set = list == null ? null : parse(list);
    return set == null ? 0 : set.size();
  }

  /** A CPU list ({@code 0-3,6}) as its CPUs, or null if it is malformed. */
  public static SortedSet<Integer> parse(String list) {
    SortedSet<Integer> out = new TreeSet<>();
    for (String part : list.split(",", -1)) {
      if (!part.matches("\\d{1,4}(-\\d{1,4})?")) {
        return null;
      }
      int dash = part.indexOf('-');
      int from = Integer.parseInt(dash < 0 ? part : part.substring(0, dash));
      int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1));
      if (from > to || to > MAX_CPU) {
        return null;
      }
      for (int c = from; c <= to; c++) {
        out.add(c);
      }
    }
    return out;
  }

  /** CPUs as a list in Linux syntax, runs as ranges: {@code 0-3,6}. */
  public static String format(SortedSet<Integer> set) {
    List<String> runs = new ArrayList<>();
    int start = -1;
    int prev = -2;
    for (int c : set) {
      if (c != prev + 1) {
        if (start >= 0) {
          runs.add(start == prev ? Integer.toString(start) : start + "-" + prev);
        }
        start = c;
      }
      prev = c;
    }
    if (start >= 0) {
      runs.add(start == prev ? Integer.toString(start) : start + "-" + prev);
    }
    return String.join(",", runs);
  }
}
