package org.streambench.harness.generator;

import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.streambench.api.EpochMicros;
import org.streambench.harness.results.GeneratorReport;

/** The generator's report made from its send loops' figures. */
final class LoopReports {
  private LoopReports() {}

  /** The send loops' lateness, merged. */
  static Histogram lateness(List<SendLoop> loops) {
    Histogram lateness = new Histogram(3);
    for (SendLoop loop : loops) {
      lateness.add(loop.lateness());
    }
    return lateness;
  }

  /** Merges the send loops' figures into one report, ending now; {@code lateness} is theirs. */
  static GeneratorReport ofLoops(
      List<SendLoop> loops,
      Histogram lateness,
      long errors,
      long targetRate,
      long startMicros,
      double networkCpu) {
    long endMicros = EpochMicros.now();
    long[] perSecond = new long[0];
    long sent = 0;
    long maxLag = 0;
    long steadyMaxLag = 0;
    double threadCpu = 0;
    long allocated = 0;
    for (SendLoop loop : loops) {
      long[] own = loop.perSecond();
      if (own.length > perSecond.length) {
        perSecond = Arrays.copyOf(perSecond, own.length);
      }
      for (int i = 0; i < own.length; i++) {
        perSecond[i] += own[i];
      }
      sent += loop.sent();
      maxLag = Math.max(maxLag, loop.maxLag());
      steadyMaxLag = Math.max(steadyMaxLag, loop.steadyMaxLag());
      threadCpu += loop.threadCpu();
      allocated += loop.allocated();
    }
    double seconds = Math.max(1e-6, (endMicros - startMicros) / 1e6);
    int usedSeconds = perSecond.length;
    while (usedSeconds > 0 && perSecond[usedSeconds - 1] == 0) {
      usedSeconds--;
    }
    return new GeneratorReport(
        sent - errors,
        errors,
        targetRate,
        sent / seconds,
        maxLag,
        steadyMaxLag,
        lateness.getValueAtPercentile(50),
        lateness.getValueAtPercentile(99),
        Arrays.copyOf(perSecond, usedSeconds),
        startMicros,
        endMicros,
        threadCpu,
        networkCpu,
        sent == 0 ? 0 : (double) allocated / sent);
  }
}
