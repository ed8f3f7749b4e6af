package org.streambench.harness.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.JoinParts;
import org.streambench.verifier.workload.JoinCheck;

/** join: parts of a sample on two or three streams, merged in keyed state until a timer fires. */
final class JoinWorkload implements Workload {
  @Override
  public String name() {
    return "join";
  }

  @Override
  public String description() {
    return "union of streams, keyed state and timers (heap vs on-disk state study)";
  }

  @Override
  public Map<String, String> defaults() {
    return Map.of(
        "streams", "3", "delay.records", "3000", "timer.ms", "10000", "payload.bytes", "100");
  }

  @Override
  public void validate(Params params) {
    int streams = params.positiveInt("streams");
    if (streams < 2 || streams > JoinParts.STREAMS.length) {
      throw new org.streambench.harness.UsageException("join parameter streams must be 2 or 3");
    }
    params.positiveInt("timer.ms");
  }

  @Override
  public List<String> inputTopics(String inputTopic, Params params) {
    List<String> topics = new ArrayList<>();
    for (int i = 0; i < params.positiveInt("streams"); i++) {
      topics.add(JoinParts.topic(inputTopic, i));
    }
    return topics;
  }

  @Override
  public WorkloadRun newRun(Params params, long seed, Guarantee guarantee, long ratePerSecond) {
    return new WorkloadRun(
        new JoinCheck(
            new JoinParts(
                seed,
                params.positiveInt("streams"),
                params.nonNegativeInt("delay.records"),
                params.nonNegativeInt("payload.bytes")),
            params.nonNegativeInt("payload.bytes"),
            params.positiveInt("timer.ms") * 1000L,
            guarantee));
  }
}
