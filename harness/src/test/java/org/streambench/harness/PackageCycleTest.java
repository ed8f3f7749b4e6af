package org.streambench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No package of the harness depends on itself through others: each package's dependencies are read
 * from its sources (its imports, and qualified names in its code, comments and string literals left
 * out) and searched for a cycle. A cycle is shown with the file behind each step.
 */
class PackageCycleTest {
  private static final Path SOURCES = Path.of("src/main/java");
  private static final String ROOT = "org.streambench.harness";
  private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");

  /** A type, or all of a package's ({@code .*}), named with its package: the package's segments. */
  private static final Pattern REFERENCE =
      Pattern.compile("\\borg\\.streambench\\.harness((?:\\.[a-z]\\w*)*)\\.(?:[A-Z]|\\*)");

  @Test
  void harnessPackagesHaveNoCycle() throws IOException {
    Map<String, Map<String, String>> graph = harnessGraph();
    assertTrue(graph.size() > 10, "harness packages read from " + SOURCES.toAbsolutePath());
    List<String> cycle = cycle(graph);
    assertTrue(cycle.isEmpty(), "package cycle:\n" + String.join("\n", cycle));
  }

  /**
   * The stored model ({@code results}) depends on nothing live: only on the root package, so that
   * measuring code maps into it when a run ends and a report reads it without measuring code.
   */
  @Test
  void theStoredModelUsesOnlyTheRootPackage() throws IOException {
    Map<String, String> uses = harnessGraph().get("results");
    assertEquals(
        Set.of("(root)"), uses.keySet(), () -> "results uses live packages, first in: " + uses);
  }

  @Test
  void findsACycleThroughSeveralPackages() {
    Map<String, String> sources = new TreeMap<>();
    sources.put(
        "a/A.java",
        "package org.streambench.harness.a;\nimport org.streambench.harness.b.B;\nclass A {}");
    sources.put(
        "b/B.java",
        "package org.streambench.harness.b;\n"
            + "/** not a dependency: org.streambench.harness.a.A */\n"
            + "class B { String s = \"org.streambench.harness.a.A\";"
            + " org.streambench.harness.c.sub.C c; }");
    sources.put(
        "c/sub/C.java",
        "package org.streambench.harness.c.sub;\nimport org.streambench.harness.a.*;\nclass C {}");
    Map<String, Map<String, String>> graph = dependencies(sources);
    assertEquals(Set.of("b"), graph.get("a").keySet());
    assertEquals(Set.of("c.sub"), graph.get("b").keySet(), "comments and strings name nothing");
    assertEquals(
        List.of("a → b (a/A.java)", "b → c.sub (b/B.java)", "c.sub → a (c/sub/C.java)"),
        cycle(graph));
    sources.put("c/sub/C.java", "package org.streambench.harness.c.sub;\nclass C {}");
    assertEquals(List.of(), cycle(dependencies(sources)));
  }

  /** The harness's packages and what each uses, read from its main sources. */
  private static Map<String, Map<String, String>> harnessGraph() throws IOException {
    Path root = SOURCES.resolve(ROOT.replace('.', '/'));
    Map<String, String> sources = new TreeMap<>();
    try (Stream<Path> files = Files.walk(root)) {
      files
          .filter(f -> f.toString().endsWith(".java"))
          .forEach(f -> sources.put(root.relativize(f).toString(), read(f)));
    }
    return dependencies(sources);
  }

  /**
   * Package → the harness packages it uses → the first file that uses each; packages named relative
   * to {@code org.streambench.harness} (which itself is {@code (root)}).
   */
  static Map<String, Map<String, String>> dependencies(Map<String, String> sourcesByFile) {
    Map<String, Map<String, String>> graph = new TreeMap<>();
    sourcesByFile.forEach(
        (file, source) -> {
          Matcher declared = PACKAGE.matcher(source);
          if (!declared.find() || !declared.group(1).startsWith(ROOT)) {
            return;
          }
          String from = name(declared.group(1).substring(ROOT.length()));
          Map<String, String> uses = graph.computeIfAbsent(from, p -> new TreeMap<>());
          Matcher m = REFERENCE.matcher(code(source));
          while (m.find()) {
            String to = name(m.group(1));
            if (!to.equals(from)) {
              uses.putIfAbsent(to, file);
            }
          }
        });
    return graph;
  }

  private static String name(String suffix) {
    return suffix.isEmpty() ? "(root)" : suffix.substring(1);
  }

  /** The first cycle found, one step a line ({@code a → b (a/A.java)}), or empty if none. */
  static List<String> cycle(Map<String, Map<String, String>> graph) {
    Set<String> done = new HashSet<>();
    for (String start : graph.keySet()) {
      List<String> path = new ArrayList<>();
      if (search(graph, start, path, done)) {
        int from = path.indexOf(path.get(path.size() - 1));
        List<String> steps = new ArrayList<>();
        for (int i = from; i < path.size() - 1; i++) {
          String a = path.get(i);
          String b = path.get(i + 1);
          steps.add(a + " → " + b + " (" + graph.get(a).get(b) + ")");
        }
        return steps;
      }
    }
    return List.of();
  }

  /** Depth first; true with {@code path} ending in a package already on it. */
  private static boolean search(
      Map<String, Map<String, String>> graph, String p, List<String> path, Set<String> done) {
    if (path.contains(p)) {
      path.add(p);
      return true;
    }
    if (done.contains(p)) {
      return false;
    }
    path.add(p);
    for (String next : graph.getOrDefault(p, Map.of()).keySet()) {
      if (search(graph, next, path, done)) {
        return true;
      }
    }
    path.remove(path.size() - 1);
    done.add(p);
    return false;
  }

  /** The source with comments and string and character literals blanked out. */
  static String code(String s) {
    StringBuilder out = new StringBuilder(s.length());
    int i = 0;
    while (i < s.length()) {
      if (s.startsWith("//", i)) {
        int end = s.indexOf('\n', i);
        i = end < 0 ? s.length() : end;
      } else if (s.startsWith("/*", i)) {
        int end = s.indexOf("*/", i + 2);
        i = end < 0 ? s.length() : end + 2;
        out.append(' ');
      } else if (s.startsWith("\"\"\"", i)) {
        i = skipLiteral(s, i + 3, "\"\"\"");
        out.append(' ');
      } else if (s.charAt(i) == '"' || s.charAt(i) == '\'') {
        i = skipLiteral(s, i + 1, String.valueOf(s.charAt(i)));
        out.append(' ');
      } else {
        out.append(s.charAt(i++));
      }
    }
    return out.toString();
  }

  /** The index after the literal's closing {@code quote}, escapes skipped. */
  private static int skipLiteral(String s, int i, String quote) {
    while (i < s.length() && !s.startsWith(quote, i)) {
      i += s.charAt(i) == '\\' ? 2 : 1;
    }
    return Math.min(s.length(), i + quote.length());
  }

  private static String read(Path f) {
    try {
      return Files.readString(f);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
