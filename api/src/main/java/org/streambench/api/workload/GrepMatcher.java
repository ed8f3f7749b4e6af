package org.streambench.api.workload;

import java.io.Serializable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * grep's match rule, the same in every engine: the regex is found ({@link Matcher#find()}) in the
 * line's text, i.e. after {@code seq,t,}, so that {@code ^} anchors there and {@code seq} and
 * {@code t} never match. The regex is compiled once, where the job is built (a bad one fails
 * there); the instance is serializable, so that an engine's function holds it, and each task's
 * deserialized copy makes its own {@link Matcher} on first use and reuses it: one instance per
 * thread.
 */
public final class GrepMatcher implements Serializable {
  private static final long serialVersionUID = 1L;

  private final Pattern pattern;
  private transient Matcher matcher;

  public GrepMatcher(Pattern pattern) {
    this.pattern = pattern;
  }

  public GrepMatcher(String regex) {
    this(Pattern.compile(regex));
  }

  /** Whether the text of {@code line} ({@code seq,t,text}) matches. */
  public boolean matches(String line) {
    return matches(line, line.length());
  }

  /**
   * Whether the text of {@code line} matches where it ends at {@code textEnd}: before the {@code
   * ,in} of a line stamped on entry, so that {@code $} anchors there too.
   */
  public boolean matches(String line, int textEnd) {
    if (matcher == null) {
      matcher = pattern.matcher("");
    }
    int text = line.indexOf(',', line.indexOf(',') + 1) + 1;
    return matcher.reset(line).region(text, textEnd).find();
  }
}
