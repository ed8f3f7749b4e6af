package org.streambench.harness.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.streambench.harness.Home;
import org.streambench.harness.engine.EngineRegistry;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.report.SummaryTable;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.run.BenchmarkRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code streambench run}: one measured run of one engine. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Runs one workload on one engine, verifies its output and stores the result.",
      "Example: streambench run --engine flink --rate 50000 --duration 60s --warmup 10s"
          + " --parallelism 2 --guarantee exactly-once"
    })
final class RunCommand implements Callable<Integer> {
  @Option(
      names = "--engine",
      required = true,
      description = "Engine to run (see engines/*/engine.properties: baseline, flink, ...).")
  String engine;

  @Mixin RunOptions run;
  @Mixin KafkaOptions kafka;
  @Mixin DatabaseOption db;

  @Override
  public Integer call() throws Exception {
    Home home = Home.detect();
    BenchmarkRun prepared =
        BenchmarkRun.prepare(home, EngineRegistry.scan(home.enginesDir()), run.toRequest(engine));
    Progress progress = new Progress();
    try (KafkaCluster cluster = kafka.open(home, progress);
        ResultStore store = db.open(home)) {
      progress.context(engine);
      RunResult result = prepared.execute(cluster, store, progress);
      progress.context("");
      System.out.println();
      SummaryTable.print(List.of(result), System.out);
      return exitCode(List.of(result));
    }
  }

  static int exitCode(List<RunResult> results) {
    if (results.stream().anyMatch(r -> r.status().equals(RunResult.ABORTED))) {
      return StreambenchCli.EXIT_ABORTED;
    }
    return results.stream().allMatch(r -> r.verdict().equals("valid"))
        ? 0
        : StreambenchCli.EXIT_INVALID;
  }
}
