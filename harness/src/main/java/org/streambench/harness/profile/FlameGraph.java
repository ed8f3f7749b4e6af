package org.streambench.harness.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A flame graph as one self-contained SVG: the root at the bottom, each frame as wide as its share
 * of the samples, coloured by its owner ({@link FrameOwner}); hovering a frame shows its name and
 * share. Frames narrower than {@link #MIN_SHARE} of the samples are left out, which keeps the file
 * small enough to inline in a report.
 */
final class FlameGraph {
  static final double MIN_SHARE = 0.004;
  private static final int WIDTH = 1200;
  private static final int FRAME_HEIGHT = 16;
  private static final int TOP_MARGIN = 24;
  private static final double CHAR_WIDTH = 6.5;

  private FlameGraph() {}

  /** The SVG of {@code collapsed} stacks (root first, frames joined by ';', with their counts). */
  static String svg(String title, Map<String, Long> collapsed) {
    Node root = new Node("all");
    collapsed.forEach((stack, n) -> root.add(stack.split(";"), n));
    long total = root.count;
    int depth = total == 0 ? 0 : root.depth(total);
    int height = TOP_MARGIN + (depth + 1) * FRAME_HEIGHT + 4;
    List<String> rects = new ArrayList<>();
    if (total > 0) {
      root.layout(0, 0, WIDTH / (double) total, total, height - 4, rects);
    }
    StringBuilder svg = new StringBuilder();
    svg.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d"
                + " %d\" font-family=\"monospace\" font-size=\"11\">\n",
            WIDTH,
            height,
            WIDTH,
            height));
    svg.append("<text x=\"4\" y=\"15\" font-size=\"13\">")
        .append(escape(title + " (" + total + " samples)"))
        .append("</text>\n");
    rects.forEach(r -> svg.append(r).append('\n'));
    return svg.append("</svg>\n").toString();
  }

  private static final class Node {
    final String name;
    long count;
    final Map<String, Node> children = new TreeMap<>();

    Node(String name) {
      this.name = name;
    }

    void add(String[] frames, long n) {
      count += n;
      Node at = this;
      for (String f : frames) {
        at = at.children.computeIfAbsent(f, Node::new);
        at.count += n;
      }
    }

    /** The depth of the deepest frame drawn below this one (0 for a leaf). */
    int depth(long total) {
      int deepest = 0;
      for (Node c : children.values()) {
        if (c.count >= total * MIN_SHARE) {
          deepest = Math.max(deepest, 1 + c.depth(total));
        }
      }
      return deepest;
    }

    /** Draws this frame at {@code depth} above the bottom line {@code base}, then its children. */
    void layout(int depth, double x, double pxPerSample, long total, int base, List<String> rects) {
      double w = count * pxPerSample;
      rects.add(rect(base - (depth + 1) * FRAME_HEIGHT, x, w, total));
      double cx = x;
      for (Node c : children.values()) {
        if (c.count >= total * MIN_SHARE) {
          c.layout(depth + 1, cx, pxPerSample, total, base, rects);
        }
        cx += c.count * pxPerSample;
      }
    }

    private String rect(int y, double x, double w, long total) {
      String label = name + " (" + count + " samples, " + percent(count, total) + ")";
      int fit = (int) ((w - 4) / CHAR_WIDTH);
      String text = fit < 3 ? "" : name.length() <= fit ? name : name.substring(0, fit - 2) + "..";
      return String.format(
          Locale.ROOT,
          "<g><title>%s</title><rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\""
              + " fill=\"%s\"/>%s</g>",
          escape(label),
          x,
          y,
          Math.max(w - 0.3, 0.1),
          FRAME_HEIGHT - 1,
          color(name),
          text.isEmpty()
              ? ""
              : String.format(
                  Locale.ROOT, "<text x=\"%.1f\" y=\"%d\">%s</text>", x + 2, y + 12, escape(text)));
    }
  }

  private static String percent(long n, long total) {
    return String.format(Locale.ROOT, "%.2f%%", 100.0 * n / total);
  }

  /** The frame's owner's colour: Java frames by their package, native frames in one tone. */
  static String color(String frame) {
    boolean java = frame.indexOf('.') > 0 && !frame.contains("::") && !frame.contains(" ");
    if (!java) {
      return "#e0b080";
    }
    FrameOwner owner = FrameOwner.ofJavaFrame(frame);
    if (owner == null) {
      return "#cfcfcf";
    }
    return switch (owner) {
      case SERIALIZATION -> "#f08a5d";
      case KAFKA_CLIENT -> "#7fb3e0";
      case WORKLOAD -> "#8fd18f";
      case ENGINE -> "#f3c969";
      case HARNESS -> "#c3a6e0";
      default -> "#cfcfcf";
    };
  }

  static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
