package org.streambench.harness.workload;

import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.streambench.api.Guarantee;
import org.streambench.api.workload.GrepLines;
import org.streambench.harness.UsageException;
import org.streambench.verifier.workload.GrepCheck;

/** grep: keep the lines matching a regular expression; no shuffle. */
final class GrepWorkload implements Workload {
  @Override
  public String name() {
    return "grep";
  }

  @Override
  public String description() {
    return "keep lines matching a regex (embarrassingly parallel; has --mode in-job)";
  }

  @Override
  public Map<String, String> defaults() {
    return Map.of("match.fraction", "0.1", "pattern", "ERROR", "words", "8");
  }

  @Override
  public void validate(Params params) {
    lines(params, 0);
    pattern(params);
  }

  @Override
  public boolean hasInJobMode() {
    return true;
  }

  static GrepLines lines(Params params, long seed) {
    return new GrepLines(seed, params.fraction("match.fraction"), params.nonNegativeInt("words"));
  }

  static Pattern pattern(Params params) {
    try {
      return Pattern.compile(params.text("pattern"));
    } catch (PatternSyntaxException e) {
      throw new UsageException(
          "grep parameter pattern is not a regular expression: " + e.getDescription());
    }
  }

  @Override
  public boolean concurrentInput() {
    return true;
  }

  @Override
  public WorkloadRun newRun(Params params, long seed, Guarantee guarantee, long ratePerSecond) {
    return new WorkloadRun(new GrepCheck(lines(params, seed), pattern(params), guarantee));
  }
}
