package org.streambench.harness.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.report.model.Configuration.Member;
import org.streambench.harness.report.model.Figure;
import org.streambench.harness.report.model.KeepingUp;
import org.streambench.harness.report.model.LatencyDistribution;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.report.model.Spread;
import org.streambench.harness.results.IntervalPoint;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.ProcessUsage;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.suite.Sustainability;

/** The figures behind a report as CSV tables (one per kind of row) and one JSON document. */
final class ReportData {
  private ReportData() {}

  /** Each table's CSV text by table name: runs, percentiles, timeseries, processes, trials. */
  static Map<String, String> tables(ReportModel m) {
    Map<String, String> tables = new LinkedHashMap<>();
    tables.put("runs", runs(m));
    tables.put("percentiles", percentiles(m));
    tables.put("timeseries", timeseries(m));
    tables.put("processes", processes(m));
    tables.put("trials", trials(m));
    return tables;
  }

  static String runs(ReportModel m) {
    List<String> header =
        new ArrayList<>(
            List.of(
                "run_id",
                "configuration",
                "member",
                "labels",
                "engine",
                "workload",
                "mode",
                "guarantee",
                "parallelism",
                "rate",
                "status",
                "verdict",
                "reasons",
                "kept_up"));
    for (Figure f : Figure.values()) {
      header.add(f.column());
    }
    header.add("config_hash");
    Csv csv = new Csv(header.toArray(String[]::new));
    for (Configuration c : m.configurations()) {
      String labels =
          c.labels().entrySet().stream()
              .map(e -> e.getKey() + "=" + e.getValue())
              .collect(Collectors.joining(";"));
      for (Member member : c.members()) {
        RunResult r = member.run();
        Sustainability.Judgement kept = KeepingUp.judge(r);
        List<Object> row =
            new ArrayList<>(
                Arrays.<Object>asList(
                    r.runId(),
                    c.name(),
                    member.label(),
                    labels,
                    r.engine(),
                    r.workload(),
                    r.mode(),
                    r.guarantee(),
                    r.parallelism(),
                    Configuration.rateOf(r),
                    r.status(),
                    r.verdict(),
                    String.join("; ", r.reasons()),
                    kept == null ? "" : Boolean.toString(kept.sustainable())));
        for (Figure f : Figure.values()) {
          row.add(f.of(r));
        }
        row.add(r.configHash());
        csv.row(row.toArray());
      }
    }
    return csv.toString();
  }

  static String percentiles(ReportModel m) {
    Csv csv = new Csv("run_id", "latency", "percentile", "value_us", "source");
    m.distributions()
        .forEach(
            (runId, distributions) -> {
              for (LatencyDistribution d : distributions) {
                for (LatencyDistribution.Point p : d.points()) {
                  csv.row(
                      runId,
                      d.latency(),
                      p.percentile(),
                      p.micros(),
                      d.fromLog() ? "latency.hlog" : "stored");
                }
              }
            });
    return csv.toString();
  }

  static String timeseries(ReportModel m) {
    Csv csv =
        new Csv("run_id", "second", "out", "e2e_p50_us", "e2e_p99_us", "engine_p99_us", "backlog");
    for (RunResult r : m.runs()) {
      if (r.timeseries() != null) {
        for (IntervalPoint p : r.timeseries()) {
          csv.row(
              r.runId(),
              p.second(),
              p.out(),
              p.e2eP50Micros(),
              p.e2eP99Micros(),
              p.engineP99Micros(),
              p.backlog());
        }
      }
    }
    return csv.toString();
  }

  static String processes(ReportModel m) {
    Csv csv =
        new Csv(
            "run_id",
            "role",
            "pid",
            "cpu_seconds",
            "steady_cores",
            "peak_rss_bytes",
            "allowed_cpus");
    for (RunResult r : m.runs()) {
      if (r.processes() != null) {
        for (ProcessUsage p : r.processes()) {
          csv.row(
              r.runId(),
              p.role(),
              p.pid(),
              p.cpuSeconds(),
              p.steadyCores(),
              p.peakRssBytes(),
              p.allowedCpus());
        }
      }
    }
    return csv.toString();
  }

  static String trials(ReportModel m) {
    Csv csv =
        new Csv(
            "configuration",
            "point_key",
            "repetition",
            "trial",
            "rate",
            "sustainable",
            "reason",
            "run_id",
            "sustainable_rate",
            "converged");
    for (Configuration c : m.searches()) {
      for (PointOutcome p : c.points()) {
        if (p.search() == null) {
          continue;
        }
        List<PointOutcome.Trial> trials = p.search().trials();
        for (int i = 0; i < trials.size(); i++) {
          PointOutcome.Trial t = trials.get(i);
          csv.row(
              c.name(),
              p.pointKey(),
              p.repetition(),
              i + 1,
              t.rate(),
              t.sustainable(),
              t.reason(),
              t.runId(),
              p.search().sustainableRate(),
              p.search().converged());
        }
      }
    }
    return csv.toString();
  }

  /** Everything as one document: the selection, configurations with their figures, points, runs. */
  static Map<String, Object> document(ReportModel m) {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("title", m.title());
    doc.put("selection", m.selection());
    doc.put("suite", m.suite());
    List<Map<String, Object>> configurations = new ArrayList<>();
    for (Configuration c : m.configurations()) {
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("key", c.key());
      one.put("name", c.name());
      one.put("labels", c.labels());
      one.put("search", c.search());
      one.put(
          "runs",
          c.members().stream()
              .map(mb -> Map.of("label", mb.label(), "runId", mb.run().runId()))
              .toList());
      Map<String, Spread> figures = new LinkedHashMap<>();
      for (Figure f : Figure.values()) {
        figures.put(f.column(), c.spread(f));
      }
      one.put("figuresOverValidRuns", figures);
      one.put("points", c.points());
      configurations.add(one);
    }
    doc.put("configurations", configurations);
    doc.put("latencyDistributions", m.distributions());
    doc.put("runs", m.runs());
    return doc;
  }
}
