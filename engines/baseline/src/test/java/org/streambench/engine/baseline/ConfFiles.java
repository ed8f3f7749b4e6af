package org.streambench.engine.baseline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.streambench.api.Guarantee;

/**
 * The baseline's settings for a guarantee as the harness resolves them (conf/defaults.yaml, then
 * conf/<guarantee>.yaml, nested keys joined with dots), for tests. Reads the subset of YAML those
 * files use: comments, {@code key: value} and {@code key:} with indented children.
 */
final class ConfFiles {
  private ConfFiles() {}

  static Map<String, String> settings(Guarantee guarantee) throws IOException {
    Map<String, String> settings = new TreeMap<>();
    settings.putAll(read(Path.of("conf", "defaults.yaml")));
    settings.putAll(read(Path.of("conf", guarantee.id() + ".yaml")));
    return settings;
  }

  private static Map<String, String> read(Path file) throws IOException {
    Map<String, String> flat = new TreeMap<>();
    List<String> parents = new ArrayList<>(); // parents.get(depth) = key at that depth
    for (String line : Files.readAllLines(file)) {
      String content = line.strip();
      if (content.isEmpty() || content.startsWith("#")) {
        continue;
      }
      int depth = (line.length() - line.stripLeading().length()) / 2;
      int colon = content.indexOf(':');
      String key = content.substring(0, colon).strip();
      String value = content.substring(colon + 1).strip();
      parents.subList(Math.min(depth, parents.size()), parents.size()).clear();
      String path = String.join(".", parents) + (parents.isEmpty() ? "" : ".") + key;
      if (value.isEmpty()) {
        parents.add(key);
      } else {
        flat.put(path, value.replace("\"", ""));
      }
    }
    return flat;
  }
}
