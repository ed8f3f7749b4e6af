package org.streambench.harness.agent;

import java.time.Duration;
import org.streambench.api.Guarantee;
import org.streambench.harness.UsageException;
import org.streambench.harness.agent.LoadStatus.State;
import org.streambench.harness.collector.CollectedPart;
import org.streambench.harness.collector.Collector;
import org.streambench.harness.collector.CollectorReport;
import org.streambench.harness.collector.SteadyWindow;
import org.streambench.harness.results.IntervalPoint;
import org.streambench.harness.workload.Params;
import org.streambench.harness.workload.Workload;
import org.streambench.harness.workload.WorkloadRun;
import org.streambench.harness.workload.Workloads;

/**
 * One share of a run's output an agent reads for its harness, on a collector thread of its own,
 * until the harness stops it and takes its {@link CollectedPart}.
 */
final class AgentCollect {
  /** Never used to stop: the harness decides when the output is complete or idle. */
  private static final Duration NO_IDLE_TIMEOUT = Duration.ofDays(1);

  private final Collector collector;
  private volatile State state = State.RUNNING;
  private volatile String error;

  private AgentCollect(Collector collector) {
    this.collector = collector;
  }

  /**
   * Starts reading {@code request}'s share; a usage error for a request the agent cannot run.
   *
   * @param injectedMicros how far this agent's clock was set ahead for a test (0 otherwise)
   */
  static AgentCollect start(CollectRequest request, long injectedMicros) throws Exception {
    Workload workload = Workloads.get(request.workload());
    Params params = Params.resolve(workload, request.params());
    workload.validate(params, request.rate());
    WorkloadRun run =
        workload.newRun(
            params, request.seed(), Guarantee.parse(request.guarantee()), request.rate());
    if (!run.check().mergesObservations()) {
      throw new UsageException(
          "workload " + request.workload() + "'s output cannot be checked in shares by agents");
    }
    Collector collector =
        new Collector(
            request.bootstrapServers(),
            request.outputTopic(),
            Guarantee.parse(request.guarantee()),
            run,
            null,
            request.originMicros(),
            NO_IDLE_TIMEOUT,
            request.threads(),
            request.collectorShare(request.clockOffsetMicros() - injectedMicros));
    AgentCollect collect = new AgentCollect(collector);
    Thread thread = new Thread(collector, Collector.THREAD_NAME);
    thread.setDaemon(true);
    thread.start();
    return collect;
  }

  boolean running() {
    return state == State.RUNNING;
  }

  /** Records whose intended send time is in {@code [from, to)} (epoch µs) are its steady state. */
  void setSteadyWindow(long fromMicros, long toMicros) {
    collector.setSteadyWindow(new SteadyWindow(fromMicros, toMicros));
  }

  /** What its check has observed so far. */
  byte[] observations() {
    return collector.observations();
  }

  /**
   * Stops reading and waits for its part (up to 10 s); null if it failed.
   *
   * @param asked whether the harness asked (else its lease ran out or the agent is stopping)
   */
  CollectedPart stop(boolean asked) {
    if (state == State.RUNNING) {
      state = asked ? State.DONE : State.STOPPED;
    }
    collector.stop();
    try {
      CollectorReport report = collector.awaitReport(Duration.ofSeconds(10));
      if (report == null) {
        fail("its collector did not stop within 10 s");
      }
      return collector.part();
    } catch (Exception e) {
      fail(e.getClass().getSimpleName() + ": " + UsageException.firstLine(e));
      return null;
    }
  }

  private void fail(String why) {
    error = why;
    state = State.FAILED;
  }

  CollectStatus status() {
    if (state == State.RUNNING) {
      try {
        if (collector.awaitReport(Duration.ZERO) != null) {
          fail("its collector stopped on its own");
        }
      } catch (Exception e) {
        fail(e.getClass().getSimpleName() + ": " + UsageException.firstLine(e));
      }
    }
    IntervalPoint latest = collector.latestSecond();
    return new CollectStatus(
        state,
        collector.receivedSoFar(),
        collector.lastReceiveMicros(),
        latest == null ? 0 : latest.out(),
        latest == null ? 0 : latest.e2eP99Micros(),
        error);
  }
}
