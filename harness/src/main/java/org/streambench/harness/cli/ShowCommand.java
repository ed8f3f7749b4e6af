package org.streambench.harness.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.streambench.harness.UsageException;
import org.streambench.harness.calibrate.CalibrationTable;
import org.streambench.harness.report.model.WhereTimeWent;
import org.streambench.harness.results.CalibrationResult;
import org.streambench.harness.results.ProcessProfile;
import org.streambench.harness.results.ResultJson;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.summary.SummaryTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code streambench show RUN}: one run's summary. */
@Command(
    name = "show",
    mixinStandardHelpOptions = true,
    description =
        "Prints one stored run (its figures, verdict, warnings and provenance) or calibration.")
final class ShowCommand implements Callable<Integer> {
  @Parameters(
      paramLabel = "ID",
      description = "Run id (or a unique prefix of one), or a calibration id.")
  String runId;

  @Option(names = "--json", description = "Print the full result.json instead.")
  boolean json;

  @Mixin DataOptions data;

  @Override
  public Integer call() throws Exception {
    RunResult r;
    CalibrationResult calibration;
    try (ResultStore store = data.open(data.home())) {
      r = store.find(runId);
      calibration = r == null ? store.findCalibration(runId) : null;
    }
    if (calibration != null) {
      if (json) {
        System.out.println(ResultJson.toJson(calibration));
      } else {
        CalibrationTable.print(calibration, System.out);
      }
      return 0;
    }
    if (r == null) {
      throw new UsageException("no stored run with id (or unique prefix) '" + runId + "'");
    }
    if (json) {
      System.out.println(ResultJson.toJson(r));
      return 0;
    }
    SummaryTable.print(List.of(r), System.out);
    if (r.failure() != null) {
      System.out.println("failure: " + r.failure().reason());
      if (r.failure().logTail() != null) {
        System.out.println("engine log tail:\n" + r.failure().logTail());
      }
    }
    if (r.verificationExamples() != null) {
      r.verificationExamples()
          .forEach((kind, ex) -> System.out.println("examples of " + kind + ": " + ex));
    }
    printWhereTimeWent(r);
    System.out.println("config hash: " + r.configHash());
    if (r.provenance() != null) {
      for (Map.Entry<String, Object> e : r.provenance().entrySet()) {
        System.out.println(e.getKey() + ": " + e.getValue());
      }
    }
    System.out.println("run directory: " + r.runDir());
    return 0;
  }

  /**
   * "Where the time went": GC, state, checkpoints and consumer lag, then with --cpu-profile per
   * process its CPU by owner.
   */
  private static void printWhereTimeWent(RunResult r) {
    List<WhereTimeWent.Line> lines = WhereTimeWent.of(r);
    if (lines.isEmpty() && r.profiles() == null) {
      return;
    }
    System.out.println("where the time went (docs/where-time-went.md):");
    lines.forEach(l -> System.out.println("  " + l.label() + ": " + l.text()));
    if (r.profiles() == null) {
      return;
    }
    System.out.println("  CPU profile of the steady state:");
    for (ProcessProfile p : r.profiles()) {
      if (p.error() != null) {
        System.out.println("    " + p.process() + ": not profiled: " + p.error());
        continue;
      }
      System.out.printf("    %s: %s (%,d samples)%n", p.process(), p.ownersLine(), p.samples());
      p.topSelf().stream()
          .limit(3)
          .forEach(f -> System.out.printf("      %5.1f %% self  %s%n", f.share() * 100, f.frame()));
      System.out.println("      flame graph: " + Path.of(r.runDir()).resolve(p.flameGraph()));
    }
  }
}
