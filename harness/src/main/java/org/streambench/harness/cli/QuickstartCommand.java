package org.streambench.harness.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.streambench.harness.Home;
import org.streambench.harness.engine.EngineRegistry;
import org.streambench.harness.process.CpuPlacement;
import org.streambench.harness.run.BenchmarkRun;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code streambench quickstart}: identity on the baseline and on Flink, side by side. */
@Command(
    name = "quickstart",
    mixinStandardHelpOptions = true,
    description = {
      "Starts an embedded Kafka broker, runs the identity workload on each engine in turn"
          + " (baseline, then Flink) at a modest fixed rate, verifies both outputs, prints them"
          + " side by side, stores the results and stops everything it started.",
      "Every option of 'run' applies to each engine; the defaults here are short."
    },
    defaultValueProvider = QuickstartCommand.ShortDefaults.class)
final class QuickstartCommand implements Callable<Integer> {
  @Option(
      names = "--engines",
      split = ",",
      defaultValue = "baseline,flink",
      description = "Engines to compare, in order (default: ${DEFAULT-VALUE}).")
  List<String> engines;

  @Mixin RunOptions run;
  @Mixin CpuOptions cpus;
  @Mixin KafkaOptions kafka;
  @Mixin RedisOptions redis;
  @Mixin HadoopOptions hadoop;
  @Mixin DataOptions data;

  @Override
  public Integer call() throws Exception {
    Home home = data.home();
    EngineRegistry registry = EngineRegistry.scan(home.enginesDir());
    List<BenchmarkRun> prepared = new ArrayList<>();
    CpuPlacement placement = cpus.placement();
    for (String engine : engines) {
      prepared.add(BenchmarkRun.prepare(home, registry, run.toRequest(engine, placement)));
    }
    return RunSession.execute(home, prepared, kafka, redis, hadoop, data);
  }

  /** A short demonstration unless the user asks otherwise. */
  static final class ShortDefaults implements CommandLine.IDefaultValueProvider {
    private static final Map<String, String> DEFAULTS =
        Map.of("--rate", "20000", "--duration", "20s", "--warmup", "10s");

    @Override
    public String defaultValue(CommandLine.Model.ArgSpec arg) {
      return arg instanceof CommandLine.Model.OptionSpec o ? DEFAULTS.get(o.longestName()) : null;
    }
  }
}
