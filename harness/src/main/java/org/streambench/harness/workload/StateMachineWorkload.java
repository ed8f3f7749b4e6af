package org.streambench.harness.workload;

import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.StateMachineInput;
import org.streambench.verifier.workload.StateMachineCheck;

/** statemachine: per-key sessions checked by a state machine in engine-managed state. */
final class StateMachineWorkload implements Workload {
  @Override
  public String name() {
    return "statemachine";
  }

  @Override
  public String description() {
    return "per-user sessions through a state machine; any alert is a consistency violation";
  }

  @Override
  public Map<String, String> defaults() {
    return Map.of("keys", "1000", "requests.mean", "3", "reorder.every", "0");
  }

  @Override
  public void validate(Params params) {
    params.positiveInt("keys");
  }

  @Override
  public WorkloadRun newRun(Params params, long seed, Guarantee guarantee, long ratePerSecond) {
    return new WorkloadRun(
        new StateMachineCheck(
            new StateMachineInput(
                seed,
                params.positiveInt("keys"),
                params.nonNegativeInt("requests.mean"),
                params.nonNegativeInt("reorder.every")),
            params.positiveInt("keys"),
            guarantee));
  }
}
