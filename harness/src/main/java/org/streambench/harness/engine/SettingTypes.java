package org.streambench.harness.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.streambench.harness.UsageException;

/**
 * The kind of value each setting takes, learnt from the engine's own config files: a setting that
 * is a duration, a whole number or a boolean in every file that names it must be one in the user's
 * files and {@code --set}s too. A value of the wrong kind is refused before anything starts, not
 * found by the engine after the broker and the engine have started.
 */
final class SettingTypes {
  enum Kind {
    // "512m" is not here: Flink reads it as a memory size, others as minutes
    DURATION("a duration such as 500ms, 10s or 1min", "\\d+\\s*(ms|s|min|h)"),
    NUMBER("a whole number", "-?\\d+"),
    BOOLEAN("true or false", "true|false"),
    TEXT("text", ".*");

    final String expected;
    final Pattern pattern;

    Kind(String expected, String pattern) {
      this.expected = expected;
      this.pattern = Pattern.compile(pattern, Pattern.CASE_INSENSITIVE);
    }

    static Kind of(String value) {
      for (Kind k : values()) {
        if (k.pattern.matcher(value.trim()).matches()) {
          return k;
        }
      }
      return TEXT;
    }
  }

  private final Map<String, Kind> kinds = new TreeMap<>();
  private final Map<String, String> examples = new TreeMap<>();

  /** The kinds of every setting in the engine's conf directory (defaults, guarantees, profiles). */
  static SettingTypes of(EngineDescriptor engine) {
    SettingTypes types = new SettingTypes();
    try (Stream<Path> files = Files.walk(engine.confDir())) {
      files
          .filter(f -> f.toString().endsWith(".yaml"))
          .sorted()
          .forEach(
              f -> {
                String shown = "engines/" + engine.confDir().getParent().getParent().relativize(f);
                EngineSettings.readYaml(f, false).forEach((k, v) -> types.learn(k, v, shown));
              });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return types;
  }

  private void learn(String key, String value, String file) {
    Kind kind = Kind.of(value);
    Kind known = kinds.get(key);
    if (known == null) {
      kinds.put(key, kind);
      examples.put(key, file);
    } else if (known != kind) {
      kinds.put(key, Kind.TEXT); // the engine's own files disagree: no check
    }
  }

  /** Refuses {@code value} for {@code key} if the engine's files give it another kind of value. */
  void check(String key, String value, String source) {
    Kind expected = kinds.getOrDefault(key, Kind.TEXT);
    Kind given = Kind.of(value);
    boolean millis = expected == Kind.DURATION && given == Kind.NUMBER; // Flink reads bare ms
    if (expected != Kind.TEXT && given != expected && !millis) {
      throw new UsageException(
          String.format(
              "%s %s=%s: expected %s (as in %s)",
              source, key, value, expected.expected, examples.get(key)));
    }
  }
}
