package org.streambench.harness.summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.streambench.harness.report.model.Resolution;
import org.streambench.harness.report.model.SettingDifference;
import org.streambench.harness.report.model.Spread;

/**
 * The suite summary's comparisons: every two points of the same kind whose labels differ in exactly
 * one setting other than the rate, each figure's difference resolved or not ({@link Resolution}), a
 * difference that is not resolved with the smallest one the repetitions could have resolved.
 */
final class PointDifferences {
  private static final int MAX_PAIRS = 100;

  private PointDifferences() {}

  /**
   * A point as the summary compares it.
   *
   * @param name its description in the summary
   * @param labels its labels
   * @param search whether it is a search (compared only with searches)
   * @param figures each figure's spread over its repetitions, by the figure's name
   */
  record Point(
      String name, Map<String, String> labels, boolean search, Map<String, Spread> figures) {}

  static List<String> lines(List<Point> points) {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < points.size(); i++) {
      for (int j = i + 1; j < points.size(); j++) {
        Point a = points.get(i);
        Point b = points.get(j);
        String varied = SettingDifference.of(a.labels(), b.labels());
        if (a.search() != b.search() || varied == null || varied.equals("rate")) {
          continue;
        }
        if (lines.size() == MAX_PAIRS) {
          lines.add("  ... (only the first " + MAX_PAIRS + " pairs)");
          return lines;
        }
        List<String> figures = new ArrayList<>();
        a.figures()
            .forEach(
                (figure, spread) -> {
                  Spread other = b.figures().get(figure);
                  if (spread.n() > 0 && other != null && other.n() > 0) {
                    figures.add(figure + ": " + Resolution.of(spread, other).text());
                  }
                });
        lines.add(
            String.format(
                "  A %s, B %s=%s: %s",
                a.name(),
                varied,
                b.labels().get(varied),
                figures.isEmpty() ? "no valid run on a side" : String.join("; ", figures)));
      }
    }
    return lines;
  }
}
