package org.streambench.harness.workload;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.streambench.api.EpochMicros;
import org.streambench.api.Guarantee;
import org.streambench.harness.collector.Collector;
import org.streambench.harness.collector.CollectorReport;
import org.streambench.harness.collector.SteadyWindow;

/**
 * The collector reading a topic of engine-like identity output from its start, every record in the
 * steady window, outside a run: the rig's warm-up and calibrate's collector probe.
 */
public final class TopicReadBack {
  private TopicReadBack() {}

  /**
   * Reads {@code records} records of {@code topic} with {@code threads} consumer threads, writing
   * the latency log to {@code log}.
   *
   * @throws IOException if fewer than {@code records} arrived within {@code timeout}
   */
  public static CollectorReport read(
      String bootstrap, String topic, int threads, long records, Path log, Duration timeout)
      throws Exception {
    WorkloadRun identity = Workloads.identity(0);
    Collector collector =
        new Collector(
            bootstrap,
            topic,
            Guarantee.AT_LEAST_ONCE,
            identity,
            log,
            EpochMicros.now(),
            Duration.ofSeconds(10),
            threads);
    collector.setSteadyWindow(SteadyWindow.ALL);
    identity.expect(records);
    Thread reader = new Thread(collector, Collector.THREAD_NAME + "-" + topic);
    reader.setDaemon(true);
    reader.start();
    CollectorReport report = collector.awaitReport(timeout);
    if (report == null || report.received() < records) {
      collector.stop();
      throw new IOException(
          "the collector did not read all " + records + " records of " + topic + " in " + timeout);
    }
    return report;
  }
}
