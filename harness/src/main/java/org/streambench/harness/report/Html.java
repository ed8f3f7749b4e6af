package org.streambench.harness.report;

/** Builds the page's HTML; every piece of text goes through {@link #text}, escaped. */
final class Html {
  private final StringBuilder out = new StringBuilder(1 << 16);

  static String escape(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder b = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  /** Markup written as is: only literals and already-safe fragments (rendered SVG). */
  Html raw(String markup) {
    out.append(markup);
    return this;
  }

  Html text(String text) {
    out.append(escape(text));
    return this;
  }

  /** {@code <tag class="cls">text</tag>}; {@code cls} may be null. */
  Html element(String tag, String cls, String text) {
    open(tag, cls);
    text(text);
    return close(tag);
  }

  Html open(String tag, String cls) {
    out.append('<').append(tag);
    if (cls != null) {
      out.append(" class=\"").append(escape(cls)).append('"');
    }
    out.append('>');
    return this;
  }

  Html close(String tag) {
    out.append("</").append(tag).append(">\n");
    return this;
  }

  /** A table row of cells, each escaped; {@code header} makes them {@code th}. */
  Html row(boolean header, String... cells) {
    out.append("<tr>");
    for (String c : cells) {
      element(header ? "th" : "td", null, c);
    }
    out.append("</tr>\n");
    return this;
  }

  @Override
  public String toString() {
    return out.toString();
  }
}
