package org.streambench.harness.report;

import java.util.ArrayList;
import java.util.List;
import org.streambench.harness.report.model.Configuration;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.run.DrainSteadyPart;

/**
 * The valid drains of a suite whose steady part stayed shorter than its {@code drain-seconds}
 * target: resizing stops at the record limit, after its last resize or when a longer drain no
 * longer drains more, and the figure then rests on fewer seconds than the suite asked for, which
 * its page says.
 */
final class ShortDrains {
  private ShortDrains() {}

  /** "configuration N s" for each such run, in the configurations' order. */
  static List<String> of(List<Configuration> measured, long targetSeconds) {
    List<String> shorts = new ArrayList<>();
    for (Configuration c : measured) {
      for (RunResult r : c.validRuns()) {
        double seconds = DrainSteadyPart.seconds(r);
        if (seconds < targetSeconds) {
          shorts.add(String.format("%s %.0f s", c.name(), seconds));
        }
      }
    }
    return shorts;
  }
}
