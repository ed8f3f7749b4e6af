package org.streambench.harness.agent;

import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.streambench.harness.results.GeneratorReport;

/** Several agents' generator reports merged into the one report of a run. */
final class AgentReports {
  private AgentReports() {}

  /**
   * One report of {@code parts} (their end times on the harness's clock), with {@code lateness}
   * their lateness histograms merged, of a generation of {@code targetRate} from {@code
   * startMicros}.
   */
  static GeneratorReport merge(
      List<GeneratorReport> parts, Histogram lateness, long targetRate, long startMicros) {
    long sent = 0;
    long errors = 0;
    long maxLag = 0;
    long steadyMaxLag = 0;
    double threadCpu = 0;
    double networkCpu = 0;
    double allocated = 0;
    long end = startMicros;
    long[] perSecond = new long[0];
    for (GeneratorReport p : parts) {
      sent += p.sent();
      errors += p.sendErrors();
      maxLag = Math.max(maxLag, p.maxLagMicros());
      steadyMaxLag = Math.max(steadyMaxLag, p.steadyMaxLagMicros());
      threadCpu += p.threadCpuSeconds();
      networkCpu += p.networkThreadCpuSeconds();
      allocated += p.allocatedBytesPerRecord() * (p.sent() + p.sendErrors());
      end = Math.max(end, p.endMicros());
      long[] own = p.sentPerSecond();
      if (own.length > perSecond.length) {
        perSecond = Arrays.copyOf(perSecond, own.length);
      }
      for (int s = 0; s < own.length; s++) {
        perSecond[s] += own[s];
      }
    }
    long handed = sent + errors;
    double seconds = Math.max(1e-6, (end - startMicros) / 1e6);
    return new GeneratorReport(
        sent,
        errors,
        targetRate,
        handed / seconds,
        maxLag,
        steadyMaxLag,
        lateness.getValueAtPercentile(50),
        lateness.getValueAtPercentile(99),
        perSecond,
        startMicros,
        end,
        threadCpu,
        networkCpu,
        handed == 0 ? 0 : allocated / handed);
  }
}
