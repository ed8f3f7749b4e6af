package org.streambench.harness.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.streambench.api.EngineProcess;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.process.ChildProcess;

/**
 * The JVM options of a cluster role's process that the engine's own code works out ({@code
 * cluster.role.<role>.jvm.options-from}, e.g. Flink's memory flags): its resolver run as a process
 * of the engine, which prints them on its {@link EngineProcess#JVM_OPTIONS_LINE}.
 */
final class ResolvedJvmOptions {
  private static final Duration RESOLVE_TIMEOUT = Duration.ofSeconds(60);

  private ResolvedJvmOptions() {}

  /**
   * Runs {@code resolver} for process {@code p} (under {@code launcher}) and returns its options.
   */
  static List<String> of(
      EngineDescriptor engine,
      RunLayout layout,
      String resolver,
      EngineProcess p,
      Path specFile,
      List<String> launcher)
      throws IOException, InterruptedException, ServiceFailure {
    List<String> args = new ArrayList<>(List.of(specFile.toString()));
    args.addAll(p.args());
    Path log = layout.file(p.name() + "-jvm-options.log");
    ChildProcess child =
        ChildProcess.startJava(
            "engine",
            layout.runId(),
            engine.jar(),
            resolver,
            List.of(),
            args,
            Map.of(),
            log,
            launcher);
    if (!child.waitFor(RESOLVE_TIMEOUT) || child.exitCode() != 0) {
      child.stop(0);
      throw new ServiceFailure(
          "cannot resolve the JVM options of engine process " + p.name(), child.logTail(40));
    }
    return Files.readAllLines(log).stream()
        .filter(l -> l.startsWith(EngineProcess.JVM_OPTIONS_LINE))
        .reduce((a, b) -> b)
        .map(
            l -> List.of(l.substring(EngineProcess.JVM_OPTIONS_LINE.length()).trim().split("\\s+")))
        .orElseThrow(
            () ->
                new ServiceFailure(
                    resolver + " printed no JVM options for " + p.name(), child.logTail(40)));
  }
}
