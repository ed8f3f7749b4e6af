package org.streambench.harness.report.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.streambench.harness.results.PointOutcome;
import org.streambench.harness.results.ResultJson;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;

/**
 * A suite as stored: its record, its finished points and the runs they took. Besides the result
 * database it is kept as one file beside its published page ({@link #FILE_NAME}), the page's only
 * source: the database is not part of the repository, and a page must be checkable from a clone.
 *
 * @param suite the suite
 * @param points its finished points, in the order they finished
 * @param runs the runs of those points by id (a run no longer stored is missing)
 */
public record StoredSuite(
    SuiteRecord suite, List<PointOutcome> points, Map<String, RunResult> runs) {
  /** The file beside a page that holds its suite: {@code docs/results/<suite>/suite.json}. */
  public static final String FILE_NAME = "suite.json";

  private static final int FILE_FORMAT = 1;

  public static StoredSuite load(ResultStore store, SuiteRecord suite)
      throws SQLException, IOException {
    List<PointOutcome> points = store.suites().points(suite.suiteId());
    Set<String> ids = new LinkedHashSet<>();
    points.forEach(p -> ids.addAll(p.runIds()));
    Map<String, RunResult> runs = new LinkedHashMap<>();
    store.runs(List.copyOf(ids)).forEach(r -> runs.put(r.runId(), r));
    return new StoredSuite(suite, points, runs);
  }

  /**
   * Writes this suite to {@code file} (through a temporary file): one line per point and per run,
   * so that a change to the data shows in a diff as the lines it touched.
   */
  public void write(Path file) throws IOException {
    StringBuilder json = new StringBuilder();
    json.append("{\"format\":").append(FILE_FORMAT).append(",\n\"suite\":");
    json.append(ResultJson.toCompactJson(suite)).append(",\n\"points\":[");
    appendLines(json, new ArrayList<>(points));
    json.append("],\n\"runs\":[");
    appendLines(json, new ArrayList<>(runs.values()));
    json.append("]}\n");
    Files.createDirectories(file.toAbsolutePath().getParent());
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, json, StandardCharsets.UTF_8);
    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  private static void appendLines(StringBuilder json, List<Object> values) throws IOException {
    for (int i = 0; i < values.size(); i++) {
      json.append(i == 0 ? "\n" : ",\n").append(ResultJson.toCompactJson(values.get(i)));
    }
  }

  /** The suite {@link #write} wrote; its runs read like {@code result.json}, old formats too. */
  public static StoredSuite read(Path file) throws IOException {
    ObjectMapper mapper = new ObjectMapper();
    JsonNode root = mapper.readTree(Files.readString(file, StandardCharsets.UTF_8));
    if (root.path("format").asInt() != FILE_FORMAT) {
      throw new IOException(file + ": not a stored suite of format " + FILE_FORMAT);
    }
    SuiteRecord suite = ResultJson.fromJson(root.get("suite").toString(), SuiteRecord.class);
    List<PointOutcome> points = new ArrayList<>();
    for (JsonNode p : root.get("points")) {
      points.add(ResultJson.fromJson(p.toString(), PointOutcome.class));
    }
    Map<String, RunResult> runs = new LinkedHashMap<>();
    for (JsonNode r : root.get("runs")) {
      RunResult run = ResultJson.fromJson(r.toString());
      runs.put(run.runId(), run);
    }
    return new StoredSuite(suite, points, runs);
  }
}
