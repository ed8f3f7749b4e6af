package org.streambench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.report.model.ReportFixtures;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.results.ResultJson;

/** The CSV tables and the JSON written beside the HTML. */
class ReportDataTest {
  private final ReportModel model = ReportModel.ofSuite(ReportHtmlTest.suite());

  private static List<String> lines(String csv) {
    return List.of(csv.split("\r\n"));
  }

  @Test
  void eachTableHasItsColumns() {
    Map<String, String> tables = ReportData.tables(model);
    assertEquals(
        List.of("runs", "percentiles", "timeseries", "processes", "trials"),
        List.copyOf(tables.keySet()));
    assertTrue(
        lines(tables.get("runs"))
            .get(0)
            .startsWith(
                "run_id,configuration,member,labels,engine,workload,mode,guarantee,parallelism,rate,"
                    + "status,verdict,reasons,kept_up,throughput_in_per_s,throughput_out_per_s,"
                    + "throughput_in_per_engine_core,throughput_in_per_given_core,"
                    + "e2e_p50_ms,e2e_p99_ms,e2e_p999_ms,engine_p50_us,engine_p99_us,engine_steady_cores,"
                    + "broker_steady_cores,harness_steady_cores,engine_core_seconds_per_million,"
                    + "broker_core_seconds_per_million,machine_busy_cores,machine_steal_cores,"
                    + "machine_canary_us,machine_canary_walk_us,machine_canary_arithmetic_us,"
                    + "engine_peak_rss_mb,engine_heap_after_gc_mb,state_on_disk_mb,"
                    + "engine_disk_read_mb_per_s,engine_disk_written_mb_per_s,checkpoint_median_ms,"
                    + "checkpoint_size_median_mb,hdfs_datanode_written_mb,ysb_window_p50_ms,ysb_window_p99_ms,fault_recovery_s,fault_output_gap_ms,"
                    + "engine_start_s,"
                    + "config_hash"));
    assertEquals(
        "run_id,latency,percentile,value_us,source", lines(tables.get("percentiles")).get(0));
    assertEquals(
        "run_id,second,out,e2e_p50_us,e2e_p99_us,engine_p99_us,backlog",
        lines(tables.get("timeseries")).get(0));
    assertEquals(
        "run_id,role,pid,cpu_seconds,steady_cores,peak_rss_bytes,allowed_cpus",
        lines(tables.get("processes")).get(0));
    assertEquals(
        "configuration,point_key,repetition,trial,rate,sustainable,reason,run_id,sustainable_rate,converged",
        lines(tables.get("trials")).get(0));
  }

  @Test
  void oneRowPerRunSecondProcessAndTrial() {
    Map<String, String> tables = ReportData.tables(model);
    int runs = 11;
    assertEquals(1 + runs, lines(tables.get("runs")).size());
    int seconds = ReportFixtures.WARMUP + ReportFixtures.DURATION;
    assertEquals(1 + runs * seconds, lines(tables.get("timeseries")).size());
    assertEquals(1 + runs * 3, lines(tables.get("processes")).size());
    assertEquals(1 + 3, lines(tables.get("trials")).size());
    // no run directory: the five stored percentiles of e2e and of engine latency
    assertEquals(1 + runs * 2 * 5, lines(tables.get("percentiles")).size());
  }

  @Test
  void quotesFieldsWithCommasAndQuotes() {
    String csv = new Csv("a", "b").row("x, y", "say \"hi\"").row(1.5, Double.NaN).toString();
    assertEquals(List.of("a,b", "\"x, y\",\"say \"\"hi\"\"\"", "1.5,"), lines(csv));
  }

  @Test
  void writesHtmlCsvAndJsonSideBySide(@TempDir Path dir) throws Exception {
    List<Path> written = ReportWriter.write(model, dir.resolve("r.html"));
    assertEquals(dir.resolve("r.html"), written.get(0));
    for (String name :
        List.of(
            "r-runs.csv",
            "r-percentiles.csv",
            "r-timeseries.csv",
            "r-processes.csv",
            "r-trials.csv",
            "r.json")) {
      assertTrue(Files.isRegularFile(dir.resolve(name)), name);
      assertTrue(Files.readString(dir.resolve("r.html")).contains("href=\"" + name + "\""), name);
    }
    Map<?, ?> json = ResultJson.fromJson(Files.readString(dir.resolve("r.json")), Map.class);
    assertEquals(5, ((List<?>) json.get("configurations")).size());
    assertEquals(11, ((List<?>) json.get("runs")).size());
  }
}
