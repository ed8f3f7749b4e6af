package org.streambench.harness.workload;

import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.verifier.workload.IdentityCheck;

/** sleep: identity whose job holds each record {@code sleep.ms}; scales with parallelism. */
final class SleepWorkload implements Workload {
  @Override
  public String name() {
    return "sleep";
  }

  @Override
  public String description() {
    return "identity holding each record sleep.ms (long-running user code, scheduling)";
  }

  @Override
  public Map<String, String> defaults() {
    return Map.of("sleep.ms", "1");
  }

  @Override
  public boolean concurrentInput() {
    return true;
  }

  @Override
  public WorkloadRun newRun(Params params, long seed, Guarantee guarantee, long ratePerSecond) {
    params.nonNegativeInt("sleep.ms");
    return new WorkloadRun(new IdentityCheck(0, guarantee));
  }
}
