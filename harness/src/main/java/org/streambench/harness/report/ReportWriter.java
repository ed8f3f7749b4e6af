package org.streambench.harness.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.streambench.harness.report.model.ReportModel;
import org.streambench.harness.results.ResultJson;

/**
 * Writes a report: {@code NAME.html} and beside it {@code NAME-<table>.csv} for each table and
 * {@code NAME.json} with everything.
 */
public final class ReportWriter {
  private ReportWriter() {}

  /** Writes the report to {@code html} and its data beside it; returns every file written. */
  public static List<Path> write(ReportModel model, Path html) throws IOException {
    Path dir = html.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    String base = html.getFileName().toString().replaceFirst("\\.html?$", "");
    List<Path> written = new ArrayList<>();
    Map<String, String> dataFiles = new LinkedHashMap<>();
    for (Map.Entry<String, String> table : ReportData.tables(model).entrySet()) {
      Path csv = dir.resolve(base + "-" + table.getKey() + ".csv");
      Files.writeString(csv, table.getValue(), StandardCharsets.UTF_8);
      written.add(csv);
      dataFiles.put("(CSV: " + table.getKey() + ")", csv.getFileName().toString());
    }
    Path json = dir.resolve(base + ".json");
    Files.writeString(json, ResultJson.toJson(ReportData.document(model)), StandardCharsets.UTF_8);
    written.add(json);
    dataFiles.put(
        "(JSON: configurations, suite points, full results)", json.getFileName().toString());
    Files.writeString(html, HtmlReport.render(model, dataFiles), StandardCharsets.UTF_8);
    written.add(0, html);
    return written;
  }
}
