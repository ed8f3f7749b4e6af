package org.streambench.harness.agent;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.streambench.harness.UsageException;
import org.streambench.harness.collector.CollectedPart;
import org.streambench.harness.collector.Collector;
import org.streambench.harness.collector.CollectorReport;
import org.streambench.harness.collector.HistogramBytes;
import org.streambench.harness.collector.MergedCollection;
import org.streambench.harness.collector.OutputCollector;
import org.streambench.harness.collector.OutputRecords;
import org.streambench.harness.collector.SteadyWindow;
import org.streambench.harness.generator.PacingSchedule;
import org.streambench.harness.results.AgentShare;
import org.streambench.harness.results.IntervalPoint;

/**
 * A run's output read by its agents, each a share of the output partitions, checked where it is
 * read. The harness follows them a few times a second (lost after {@link
 * AgentGeneration#LOST_AFTER}, naming the agent), decides as its own collector would when the
 * output is complete (their checks' observations merged: every expected output seen once), settled
 * or idle, then takes their parts and merges them into one report ({@link MergedCollection}).
 */
public final class AgentCollection implements OutputCollector {
  private static final long POLL_MILLIS = 100;
  private static final long SETTLE_NANOS = Duration.ofSeconds(1).toNanos();
  private static final long COMPLETION_CHECK_NANOS = Duration.ofMillis(500).toNanos();

  /** A busy engine may stay silent this many idle timeouts at most, as with one collector. */
  private static final int MAX_BUSY_SILENCE = 20;

  /**
   * What the harness's side of the collection needs.
   *
   * @param topic the engine's output topic
   * @param workload the run's workload, whose check knows what was generated
   * @param intervalLog the run's latency log, written from the agents' seconds
   * @param originMicros second 0 of the run's series
   * @param idleTimeout how long it waits for missing output with nothing arriving
   * @param threadsPerAgent consumer threads on each agent
   */
  public record Output(
      String topic,
      OutputRecords workload,
      Path intervalLog,
      long originMicros,
      Duration idleTimeout,
      int threadsPerAgent) {}

  private final List<AgentClient> agents;
  private final Output output;
  private final MergedCollection merged;
  private final CountDownLatch finished = new CountDownLatch(1);
  private volatile BooleanSupplier engineBusy = () -> false;
  private volatile boolean stopped;
  private volatile boolean complete;
  private volatile long received;
  private volatile long lastReceiveMicros;
  private volatile IntervalPoint latestSecond;
  private volatile CollectorReport report;
  private volatile List<CollectedPart> parts = List.of();
  private volatile Exception failure;

  private AgentCollection(List<AgentClient> agents, Output output) throws IOException {
    this.agents = agents;
    this.output = output;
    this.merged =
        new MergedCollection(output.workload(), output.intervalLog(), output.originMicros());
  }

  /** Starts every agent's share and the thread that follows them. */
  static AgentCollection start(
      List<AgentClient> agents,
      AgentOffsets offsets,
      int loopsPerAgent,
      AgentGeneration.Job job,
      Output output)
      throws Exception {
    AgentCollection collection = new AgentCollection(agents, output);
    List<ClockOffset> clocks = offsets.get();
    try {
      for (int i = 0; i < agents.size(); i++) {
        agents
            .get(i)
            .startCollect(
                new CollectRequest(
                    job.bootstrapServers(),
                    output.topic(),
                    job.workload(),
                    job.params(),
                    job.seed(),
                    job.guarantee(),
                    job.rate(),
                    output.originMicros(),
                    clocks.get(i).offsetMicros(),
                    i,
                    agents.size(),
                    output.threadsPerAgent(),
                    List.of(i * loopsPerAgent, loopsPerAgent, agents.size() * loopsPerAgent)));
      }
    } catch (IOException e) {
      collection.stopAgents();
      collection.merged.close();
      throw e;
    }
    Thread thread = new Thread(collection::follow, Collector.THREAD_NAME + "-agents");
    thread.setDaemon(true);
    thread.start();
    return collection;
  }

  /** {@code shares} (in the agents' order) with what each read, once the collection ended. */
  List<AgentShare> addTo(List<AgentShare> shares) {
    List<CollectedPart> read = parts;
    if (read.size() != shares.size()) {
      return shares;
    }
    List<AgentShare> out = new ArrayList<>();
    for (int i = 0; i < shares.size(); i++) {
      CollectedPart p = read.get(i);
      out.add(
          shares
              .get(i)
              .withCollection(
                  p.received(), p50(p.ownE2e()), p50(p.othersE2e()), p.threadCpuSeconds()));
    }
    return List.copyOf(out);
  }

  private static long p50(byte[] histogram) {
    org.HdrHistogram.Histogram h = HistogramBytes.decode(histogram);
    return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(50);
  }

  /**
   * The harness's record of the window, and every agent's: each records the steady state's latency
   * of what it reads.
   */
  @Override
  public void setSteadyWindow(SteadyWindow steady) {
    merged.setSteadyWindow(steady);
    for (AgentClient agent : agents) {
      try {
        agent.setSteadyWindow(steady.fromMicros(), steady.toMicros());
      } catch (IOException e) {
        throw new IllegalStateException(UsageException.firstLine(e), e);
      }
    }
  }

  @Override
  public void setSchedule(long startMicros, PacingSchedule schedule, long total) {
    merged.setSchedule(startMicros, schedule, total);
  }

  @Override
  public void setEngineBusy(BooleanSupplier busy) {
    engineBusy = busy;
  }

  @Override
  public long lastReceiveMicros() {
    return lastReceiveMicros;
  }

  @Override
  public long receivedSoFar() {
    return received;
  }

  @Override
  public boolean outputComplete() {
    return complete;
  }

  /** For progress lines: the agents' newest seconds, records added and the highest p99. */
  @Override
  public IntervalPoint latestSecond() {
    return latestSecond;
  }

  /** Agents keep their seconds until the end (runs with faults, which need them, refuse agents). */
  @Override
  public List<IntervalPoint> secondsSoFar() {
    return List.of();
  }

  /** Stops following and waits (up to 25 s) until every agent that answers was told to stop. */
  @Override
  public void stop() {
    stopped = true;
    try {
      finished.await(25, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public CollectorReport awaitReport(Duration timeout) throws Exception {
    if (!finished.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      return null;
    }
    if (failure != null) {
      throw failure;
    }
    return report;
  }

  /** Follows the agents until the output is complete and settled, or idle; then merges. */
  private void follow() {
    try {
      Boolean timedOut = decide();
      if (timedOut != null) {
        List<CollectedPart> taken = new ArrayList<>();
        for (AgentClient agent : agents) {
          taken.add(agent.stopCollect());
        }
        parts = List.copyOf(taken);
        report = merged.report(parts, timedOut);
      }
    } catch (Exception e) {
      failure = e;
    } finally {
      if (report == null) {
        stopAgents();
        if (failure == null) {
          failure = new IllegalStateException("the run stopped the agents' collection");
        }
      }
      merged.close();
      finished.countDown();
    }
  }

  /** Whether the collection timed out (true) or completed (false); null if stopped. */
  private Boolean decide() throws Exception {
    int n = agents.size();
    CollectStatus[] last = new CollectStatus[n];
    long[] heardNanos = new long[n];
    Arrays.fill(heardNanos, System.nanoTime());
    long lastChangeNanos = System.nanoTime();
    long checkedAt = 0;
    long checkedReceived = -1;
    long allSeenAt = -1;
    while (!stopped) {
      Thread.sleep(POLL_MILLIS);
      long total = 0;
      long newest = 0;
      long out = 0;
      long p99 = 0;
      for (int i = 0; i < n; i++) {
        last[i] = poll(i, last[i], heardNanos);
        total += last[i] == null ? 0 : last[i].received();
        newest = Math.max(newest, last[i] == null ? 0 : last[i].lastReceiveMicros());
        out += last[i] == null ? 0 : last[i].latestOut();
        p99 = Math.max(p99, last[i] == null ? 0 : last[i].latestE2eP99Micros());
      }
      long now = System.nanoTime();
      if (total != received) {
        lastChangeNanos = now;
      }
      received = total;
      lastReceiveMicros = newest;
      latestSecond = new IntervalPoint(0, out, 0, p99, 0, -1);
      if (output.workload().expectedSoFar() < 0) {
        continue;
      }
      if (allSeenAt < 0 && total != checkedReceived && now - checkedAt >= COMPLETION_CHECK_NANOS) {
        checkedAt = now;
        checkedReceived = total;
        List<byte[]> observations = observations();
        if (observations == null) {
          checkedReceived = -1; // again next time; a lost agent fails its status poll
        } else if (merged.complete(observations)) {
          allSeenAt = now;
          complete = true;
        }
      }
      if (allSeenAt >= 0 && now - allSeenAt >= SETTLE_NANOS) {
        return false;
      }
      long silent = now - lastChangeNanos;
      long idle = output.idleTimeout().toNanos();
      if (silent >= idle && (silent >= MAX_BUSY_SILENCE * idle || !engineBusy.getAsBoolean())) {
        return true;
      }
    }
    return null;
  }

  /**
   * Agent {@code i}'s status now, or {@code last} while it does not answer; fails naming it once it
   * has not answered for {@link AgentGeneration#LOST_AFTER}, or when its collection failed.
   */
  private CollectStatus poll(int i, CollectStatus last, long[] heardNanos) throws IOException {
    AgentClient agent = agents.get(i);
    CollectStatus status;
    try {
      status = agent.collectStatus();
      heardNanos[i] = System.nanoTime();
    } catch (IOException e) {
      if (System.nanoTime() - heardNanos[i] > AgentGeneration.LOST_AFTER.toNanos()) {
        throw new IOException("agent " + agent.name() + " lost: " + UsageException.firstLine(e), e);
      }
      return last;
    }
    if (status.state() != LoadStatus.State.RUNNING) {
      throw new IOException(
          "agent "
              + agent.name()
              + "'s collection "
              + (status.error() != null
                  ? "failed: " + status.error()
                  : "stopped before its end (its lease ran out?)"));
    }
    return status;
  }

  /** Every agent's observations now, or null if one did not answer. */
  private List<byte[]> observations() {
    List<byte[]> observations = new ArrayList<>();
    for (AgentClient agent : agents) {
      try {
        observations.add(agent.observations());
      } catch (IOException e) {
        return null;
      }
    }
    return observations;
  }

  /**
   * Stops every agent's collection at once, as far as each still answers: one that hangs does not
   * hold up the others (each stop waits up to 15 s for its answer).
   */
  private void stopAgents() {
    List<Thread> stops = new ArrayList<>();
    for (AgentClient agent : agents) {
      Thread stop =
          new Thread(
              () -> {
                try {
                  agent.stopCollect();
                } catch (IOException e) {
                  // lost, or never started: nothing to stop there
                }
              },
              Collector.THREAD_NAME + "-stop");
      stop.setDaemon(true);
      stop.start();
      stops.add(stop);
    }
    for (Thread stop : stops) {
      try {
        stop.join(20_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
