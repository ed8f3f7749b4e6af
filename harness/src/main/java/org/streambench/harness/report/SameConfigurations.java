package org.streambench.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.streambench.harness.Mode;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.Provenances;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.Resolution;
import org.streambench.harness.report.model.Spread;
import org.streambench.harness.results.RunResult;

/**
 * The same configuration measured by two published suites: every setting of its runs alike (but
 * those that size a run rather than define it) and the same faults injected, on the same processor
 * with the same engine and Kafka versions. Their figures should agree within the noise each suite
 * measured; where they do not, both pages say so and link each other.
 */
public final class SameConfigurations {
  /**
   * A configuration of this page that another page measured too, and one figure of both.
   *
   * @param otherPage the other page's name
   * @param here the configuration's name on this page
   * @param there its name on the other page
   * @param figure the figure's label and unit
   * @param ours this page's median and interval
   * @param theirs the other page's
   * @param resolution whether the two differ beyond their noise ({@link Resolution#of})
   */
  public record Match(
      String otherPage,
      String here,
      String there,
      String figure,
      Spread ours,
      Spread theirs,
      Resolution resolution) {

    /** Whether the two medians' intervals share no value: the pages disagree beyond their noise. */
    public boolean disagrees() {
      return resolution.resolved();
    }
  }

  /**
   * Settings that size or bound a run rather than define what it measures: a drain's record count
   * (resized to reach its steady part), how long a run lasts, the lag a valid run may show, and how
   * long a fault's recovery is waited for.
   */
  private static final Set<String> SIZING =
      Set.of(
          "run.records",
          "run.duration",
          "run.warmup",
          "run.idle-timeout",
          "run.max-generator-lag",
          "run.recovery-grace");

  private SameConfigurations() {}

  /** Each page's matches on other pages (a page without any is left out), pages by name. */
  public static Map<String, List<Match>> of(Map<String, ReportModel> pages) {
    Map<Object, List<Placed>> byIdentity = new LinkedHashMap<>();
    new TreeMap<>(pages)
        .forEach(
            (page, model) -> {
              for (Configuration c : model.measured()) {
                place(byIdentity, page, c, false);
              }
              for (Configuration c : model.searches()) {
                place(byIdentity, page, c, true);
              }
            });
    Map<String, List<Match>> matches = new TreeMap<>();
    for (List<Placed> same : byIdentity.values()) {
      for (Placed a : same) {
        for (Placed b : same) {
          if (!a.page().equals(b.page())) {
            matches.computeIfAbsent(a.page(), p -> new ArrayList<>()).addAll(between(a, b));
          }
        }
      }
    }
    return matches;
  }

  private record Placed(String page, Configuration configuration, boolean search) {}

  private static void place(
      Map<Object, List<Placed>> byIdentity, String page, Configuration c, boolean search) {
    Object identity = identity(c, search);
    if (identity != null) {
      byIdentity.computeIfAbsent(identity, k -> new ArrayList<>()).add(new Placed(page, c, search));
    }
  }

  /**
   * What makes two configurations the same: their runs' settings (a search's without the rate each
   * trial ran at), processor, engine versions and Kafka; null where its runs do not share one.
   */
  private static Object identity(Configuration c, boolean search) {
    List<Object> identities = c.runs().stream().map(r -> identity(r, search)).distinct().toList();
    return identities.size() == 1 ? identities.get(0) : null;
  }

  private static Object identity(RunResult r, boolean search) {
    if (r.config() == null || r.config().isEmpty() || Provenances.hostCores(r) == 0) {
      return null;
    }
    Map<String, String> settings = new TreeMap<>(r.config());
    settings.keySet().removeAll(SIZING);
    if (search) {
      settings.remove("run.rate");
    }
    // the faults injected, as asked: runs stored before their configuration named them have them
    // only here
    List<String> faults =
        r.faults() == null
            ? List.of()
            : r.faults().stream().map(RunResult.Fault::fault).distinct().sorted().toList();
    return List.of(search, Provenances.host(r), Provenances.engineVersion(r), settings, faults);
  }

  /** The figures a's page compares with b's: what the suite's mode measures. */
  private static List<Match> between(Placed a, Placed b) {
    Map<String, Function<Configuration, Spread>> figures = new LinkedHashMap<>();
    if (a.search()) {
      figures.put("sustainable rate (records/s)", EngineRanking::sustainable);
    } else {
      List<Figure> measured =
          a.configuration().runs().get(0).mode() == Mode.DRAIN
              ? List.of(Figure.THROUGHPUT_IN)
              : List.of(Figure.E2E_P50, Figure.E2E_P99);
      measured.forEach(f -> figures.put(EngineRanking.label(f), c -> c.spread(f)));
    }
    List<Match> out = new ArrayList<>();
    figures.forEach(
        (label, value) -> {
          Spread ours = value.apply(a.configuration());
          Spread theirs = value.apply(b.configuration());
          if (ours.n() > 0 && theirs.n() > 0) {
            out.add(
                new Match(
                    b.page(),
                    a.configuration().name(),
                    b.configuration().name(),
                    label,
                    ours,
                    theirs,
                    Resolution.of(ours, theirs)));
          }
        });
    return out;
  }

  /**
   * "beyond their noise with [other](other.md), ... on a configuration both measured": the pages
   * these matches disagree with; null if they disagree with none.
   */
  static String disagreement(List<Match> matches) {
    List<String> pages =
        matches.stream()
            .filter(Match::disagrees)
            .map(m -> "[" + m.otherPage() + "](" + m.otherPage() + ".md)")
            .distinct()
            .toList();
    return pages.isEmpty()
        ? null
        : "beyond their noise with "
            + String.join(", ", pages)
            + " on a configuration both measured";
  }

  /** The page's section: every match, disagreements first and loud; empty without a match. */
  static List<String> lines(List<Match> matches) {
    if (matches.isEmpty()) {
      return List.of();
    }
    List<String> lines = new ArrayList<>();
    lines.add("## The same configuration on other pages");
    lines.add("");
    lines.add(
        "Configurations another published suite measured too: the same settings (but a run's size"
            + " and length), processor, engine and Kafka versions. Their figures should agree"
            + " within the noise each suite measured (their medians' intervals overlap).");
    lines.add("");
    List<Match> ordered = new ArrayList<>(matches.stream().filter(Match::disagrees).toList());
    matches.stream().filter(m -> !m.disagrees()).forEach(ordered::add);
    for (Match m : ordered) {
      Resolution r = m.resolution();
      lines.add(
          String.format(
              "- %s: %s, %s %s here, %s on [%s](%s.md)%s: there %s",
              verdictWord(r),
              m.here(),
              m.figure(),
              ResultsPage.spread(m.ours()),
              ResultsPage.spread(m.theirs()),
              m.otherPage(),
              m.otherPage(),
              m.there().equals(m.here()) ? "" : " (as " + m.there() + ")",
              r.text().replaceFirst("^B ", "")));
    }
    lines.add("");
    return lines;
  }

  private static String verdictWord(Resolution r) {
    return switch (r.kind()) {
      case RESOLVED -> "**DISAGREE beyond their noise**";
      case NOT_RESOLVED -> "agree within their noise";
      case NO_ESTIMATE, NO_VALUE -> "not judged";
    };
  }
}
