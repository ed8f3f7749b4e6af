package org.streambench.harness.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.streambench.harness.UsageException;
import org.streambench.harness.compare.AaPairs;
import org.streambench.harness.compare.Comparison;
import org.streambench.harness.compare.ComparisonTable;
import org.streambench.harness.compare.RegressionRule;
import org.streambench.harness.compare.RunSet;
import org.streambench.harness.report.model.StoredSuite;
import org.streambench.harness.results.ResultStore;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.SuiteRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code streambench compare A B}: two runs or two suites, each difference resolved or not at their
 * noise, and the regression rule's call; {@code compare --aa SUITE}: the rules' false alarms on the
 * suite's A/A pairs.
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = {
      "Prints the differences between two runs or two suites (matched point by point): throughput,"
          + " latency percentiles, engine CPU and memory, each with its change in percent.",
      "A difference is resolved when the two sides' ranges do not overlap: with repetitions, the"
          + " medians' confidence intervals (order statistics); for single runs, ± the standard"
          + " deviation of the per-second values in the steady state (within-run noise only)."
          + " Otherwise it is not resolved, and the smallest difference the noise could resolve is"
          + " printed.",
      "Regression rule: B is a regression (or improvement) of A when |B − A| / A exceeds the"
          + " larger of --threshold and twice the relative spread of A's repetitions.",
      "With --aa SUITE: each configuration's odd repetitions against its even ones, and how often"
          + " either rule calls a difference there (its false-alarm rate)."
    })
final class CompareCommand implements Callable<Integer> {
  @Parameters(
      arity = "0..2",
      paramLabel = "A B",
      description = "Two run or suite ids (or unique prefixes); none with --aa.")
  List<String> ids = new ArrayList<>();

  @Option(
      names = "--threshold",
      paramLabel = "PERCENT",
      description =
          "The regression rule's fixed share, in percent (default: ${DEFAULT-VALUE}); the rule's"
              + " bar is the larger of it and twice A's relative spread.",
      defaultValue = "5")
  double thresholdPercent;

  @Option(
      names = "--aa",
      paramLabel = "SUITE",
      description =
          "Measure the rules' false-alarm rate on the suite's A/A pairs (odd against even"
              + " repetitions of each configuration).")
  String aa;

  @Mixin DataOptions data;

  @Override
  public Integer call() throws Exception {
    if (!(thresholdPercent >= 0) || Double.isInfinite(thresholdPercent)) {
      throw new UsageException("--threshold must be a percentage of 0 or more");
    }
    RegressionRule rule = new RegressionRule(thresholdPercent / 100);
    if (aa != null) {
      if (!ids.isEmpty()) {
        throw new UsageException("--aa takes one suite and no A B");
      }
      AaPairs pairs;
      try (ResultStore store = data.open(data.home())) {
        SuiteRecord suite = store.suites().find(aa);
        if (suite == null) {
          throw new UsageException(
              "no suite with id (or unique prefix) '" + aa + "' (unknown or ambiguous)");
        }
        pairs = AaPairs.of(StoredSuite.load(store, suite), rule);
      }
      ComparisonTable.printAa(pairs, System.out);
      return 0;
    }
    if (ids.size() != 2) {
      throw new UsageException("compare takes two runs or suites, A and B (or --aa SUITE)");
    }
    Comparison comparison;
    try (ResultStore store = data.open(data.home())) {
      comparison = Comparison.of(resolve(store, ids.get(0)), resolve(store, ids.get(1)), rule);
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
