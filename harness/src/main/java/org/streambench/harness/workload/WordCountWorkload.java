package org.streambench.harness.workload;

import java.util.Map;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.KeyDistribution;
import org.streambench.api.workload.WordSentences;
import org.streambench.verifier.workload.WordCountCheck;

/** wordcount: JSON sentences, split into words, a count window of 10 per word. */
final class WordCountWorkload implements Workload {
  @Override
  public String name() {
    return "wordcount";
  }

  @Override
  public String description() {
    return "parse JSON sentences, count window of window.size per word";
  }

  @Override
  public Map<String, String> defaults() {
    return Map.of(
        "vocabulary", "1000",
        "words", "10",
        "distribution", "uniform",
        "zipf.exponent", "1.0",
        "window.size", "10");
  }

  @Override
  public void validate(Params params) {
    sentences(params, 0);
    params.positiveInt("window.size");
  }

  private static WordSentences sentences(Params params, long seed) {
    return new WordSentences(
        seed,
        params.positiveInt("words"),
        KeyDistribution.of(
            params.choice("distribution", "uniform", "zipf"),
            params.positiveInt("vocabulary"),
            params.positiveDouble("zipf.exponent")));
  }

  @Override
  public WorkloadRun newRun(Params params, long seed, Guarantee guarantee, long ratePerSecond) {
    return new WorkloadRun(
        new WordCountCheck(
            sentences(params, seed),
            params.positiveInt("vocabulary"),
            params.positiveInt("window.size"),
            guarantee));
  }
}
