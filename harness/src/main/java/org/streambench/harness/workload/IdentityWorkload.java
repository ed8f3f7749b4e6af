package org.streambench.harness.workload;

import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.verifier.workload.IdentityCheck;

/** identity: framework overhead, every record passed through unchanged. */
final class IdentityWorkload implements Workload {
  @Override
  public String name() {
    return "identity";
  }

  @Override
  public String description() {
    return "records pass through unchanged (framework overhead)";
  }

  @Override
  public Map<String, String> defaults() {
    // bytes per input record; the natural "seq,intendedMicros" is about 20
    return Map.of("record.size", "0");
  }

  @Override
  public boolean concurrentInput() {
    return true;
  }

  @Override
  public WorkloadRun newRun(Params params, long seed, Guarantee guarantee, long ratePerSecond) {
    return new WorkloadRun(new IdentityCheck(params.nonNegativeInt("record.size"), guarantee));
  }
}
