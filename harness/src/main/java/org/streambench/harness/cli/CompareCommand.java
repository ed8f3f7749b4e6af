package org.streambench.harness.cli;

import java.util.concurrent.Callable;
import org.streambench.harness.UsageException;
import org.streambench.harness.compare.Comparison;
import org.streambench.harness.compare.ComparisonTable;
import org.streambench.harness.compare.RunSet;
import org.streambench.harness.report.model.StoredSuite;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code streambench compare A B}: two runs or two suites, changes beyond their noise flagged. */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = {
      "Prints the differences between two runs or two suites (matched point by point): throughput,"
          + " latency percentiles, engine CPU and memory, each with its change in percent.",
      "A change is flagged when it is larger than the noise: with repetitions, when the two sides'"
          + " min–max ranges do not overlap; for single runs, when their ranges of ± the standard"
          + " deviation of the per-second values in the steady state do not overlap."
    })
final class CompareCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "A", description = "A run or suite id (or unique prefix).")
  String a;

  @Parameters(index = "1", paramLabel = "B", description = "Another run or suite id (or prefix).")
  String b;

  @Mixin DataOptions data;

  @Override
  public Integer call() throws Exception {
    Comparison comparison;
    try (ResultStore store = data.open(data.home())) {
      comparison = Comparison.of(resolve(store, a), resolve(store, b));
    }
    ComparisonTable.print(comparison, System.out);
    return 0;
  }

  private static RunSet resolve(ResultStore store, String id) throws Exception {
    RunResult run = store.find(id);
    SuiteRecord suite = store.suites().find(id);
    if (run != null && suite != null) {
      throw new UsageException("'" + id + "' names both a run and a suite; give more of its id");
    }
    if (run != null) {
      return RunSet.ofRun(run);
    }
    if (suite != null) {
      return RunSet.ofSuite(StoredSuite.load(store, suite));
    }
    throw new UsageException(
        "no run or suite with id (or unique prefix) '" + id + "' (unknown or ambiguous)");
  }
}
