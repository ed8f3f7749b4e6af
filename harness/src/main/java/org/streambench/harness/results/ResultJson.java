package org.streambench.harness.results;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Reads and writes {@code result.json}; writes go through a temporary file and an atomic move. */
public final class ResultJson {
  /** Enums by {@code toString}: the ids the command line and the docs use ("at-least-once"). */
  private static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(SerializationFeature.WRITE_ENUMS_USING_TO_STRING)
          .enable(DeserializationFeature.READ_ENUMS_USING_TO_STRING)
          .build();

  private ResultJson() {}

  public static String toJson(Object result) throws IOException {
    return MAPPER.writeValueAsString(result);
  }

  /** On one line: what a file with one value per line holds. */
  public static String toCompactJson(Object value) throws IOException {
    return MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value);
  }

  public static RunResult fromJson(String json) throws IOException {
    JsonNode tree = MAPPER.readTree(json);
    if (tree instanceof ObjectNode result && !result.has("findings")) {
      findingsOfVersion1(result);
    }
    return MAPPER.treeToValue(tree, RunResult.class);
  }

  /** A result of format 1 kept its reasons and warnings as texts only: each becomes a finding. */
  private static void findingsOfVersion1(ObjectNode result) {
    ArrayNode findings = result.putArray("findings");
    for (Finding.Severity severity : Finding.Severity.values()) {
      JsonNode texts = result.remove(severity == Finding.Severity.INVALID ? "reasons" : "warnings");
      if (texts != null) {
        texts.forEach(
            t -> findings.add(MAPPER.valueToTree(LegacyFindings.of(t.asText(), severity))));
      }
    }
  }

  public static <T> T fromJson(String json, Class<T> type) throws IOException {
    return MAPPER.readValue(json, type);
  }

  public static void write(Object result, Path file) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, toJson(result));
    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }
}
