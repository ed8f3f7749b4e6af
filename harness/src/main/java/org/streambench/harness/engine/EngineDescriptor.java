package org.streambench.harness.engine;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import org.streambench.api.Guarantee;

/**
 * An engine's registration, read from {@code engines/<name>/engine.properties}: how to start its
 * process and what it can run. Its settings live beside it in {@code engines/<name>/conf/}.
 */
public record EngineDescriptor(
    String name,
    String description,
    Path dir,
    Path jar,
    String mainClass,
    List<String> workloads,
    List<Guarantee> guarantees,
    List<String> jvmOptions) {

  static EngineDescriptor load(Path file) throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    }
    Path dir = file.getParent();
    return new EngineDescriptor(
        require(p, "name", file),
        p.getProperty("description", ""),
        dir,
        dir.resolve(require(p, "jar", file)),
        require(p, "main", file),
        list(require(p, "workloads", file)),
        list(require(p, "guarantees", file)).stream().map(Guarantee::parse).toList(),
        Arrays.stream(p.getProperty("jvm.options", "").trim().split("\\s+"))
            .filter(s -> !s.isEmpty())
            .toList());
  }

  public Path confDir() {
    return dir.resolve("conf");
  }

  private static List<String> list(String csv) {
    return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }

  private static String require(Properties p, String key, Path file) {
    String v = p.getProperty(key);
    if (v == null || v.isBlank()) {
      throw new IllegalStateException(file + " lacks '" + key + "'");
    }
    return v.trim();
  }
}
