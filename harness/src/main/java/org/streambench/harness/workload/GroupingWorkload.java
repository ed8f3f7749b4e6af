package org.streambench.harness.workload;

import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.GroupingRecords;
import org.streambench.api.workload.KeyDistribution;
import org.streambench.verifier.workload.GroupingCheck;

/** grouping: a running count and sum per key, through a real repartition. */
final class GroupingWorkload implements Workload {
  @Override
  public String name() {
    return "grouping";
  }

  @Override
  public String description() {
    return "running count and sum per key behind a shuffle (has --mode in-job)";
  }

  @Override
  public Map<String, String> defaults() {
    return Map.of("keys", "10000", "distribution", "uniform", "zipf.exponent", "1.0");
  }

  @Override
  public void validate(Params params) {
    records(params, 0);
  }

  @Override
  public boolean hasInJobMode() {
    return true;
  }

  static GroupingRecords records(Params params, long seed) {
    return new GroupingRecords(
        seed,
        KeyDistribution.of(
            params.choice("distribution", "uniform", "zipf"),
            params.positiveInt("keys"),
            params.positiveDouble("zipf.exponent")));
  }

  @Override
  public WorkloadRun newRun(Params params, long seed, Guarantee guarantee, long ratePerSecond) {
    return new WorkloadRun(
        new GroupingCheck(records(params, seed), params.positiveInt("keys"), guarantee));
  }
}
