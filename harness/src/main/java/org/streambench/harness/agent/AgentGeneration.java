package org.streambench.harness.agent;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongConsumer;
import org.HdrHistogram.Histogram;
import org.streambench.api.EpochMicros;
import org.streambench.harness.UsageException;
import org.streambench.harness.generator.InputGenerator;
import org.streambench.harness.results.AgentShare;
import org.streambench.harness.results.GeneratorReport;

/**
 * A run's input written by agents: each runs its share of the send loops of one paced schedule,
 * whose start the harness fixes on its own clock and each agent finds on its own through the clock
 * offset measured just before. The harness follows every agent's load a few times a second (which
 * renews their leases) and fails the generation, naming the agent, when one fails or has not
 * answered for {@link #LOST_AFTER}. Their reports and lateness histograms merge into one.
 */
public final class AgentGeneration implements InputGenerator {
  /** Time for every agent to be told, and its producers to look up their partitions. */
  private static final Duration START_AHEAD = Duration.ofSeconds(3);

  private static final long POLL_MILLIS = 250;

  /** An agent that has not answered for this long is lost. */
  static final Duration LOST_AFTER = Duration.ofSeconds(5);

  /** What every agent's request shares; {@link #request} fills in its share and start. */
  public record Job(
      String bootstrapServers,
      List<String> topics,
      String workload,
      Map<String, String> params,
      long seed,
      String guarantee,
      long rate) {}

  private final List<AgentClient> agents;
  private final AgentOffsets offsets;
  private final int loopsPerAgent;
  private final Job job;
  private final AtomicLongArray sent;
  private volatile boolean stopped;
  private volatile Exception firstError;
  private volatile List<AgentShare> shares = List.of();
  private volatile AgentCollection collection;

  /**
   * @param loopsPerAgent send loops (threads) each agent runs
   */
  public AgentGeneration(List<AgentClient> agents, int loopsPerAgent, Job job) {
    this.agents = List.copyOf(agents);
    this.offsets = new AgentOffsets(agents);
    this.loopsPerAgent = loopsPerAgent;
    this.job = job;
    this.sent = new AtomicLongArray(agents.size());
  }

  /**
   * A collection of the run's output by the same agents, each a share of its partitions, their
   * clocks' offsets the generation's ({@link AgentOffsets}).
   */
  public AgentCollection collection(AgentCollection.Output output) throws Exception {
    collection = AgentCollection.start(agents, offsets, loopsPerAgent, job, output);
    return collection;
  }

  /**
   * Each agent's share of the last generation, once it ended, with what it read of the output once
   * its collection ended.
   */
  public List<AgentShare> shares() {
    AgentCollection read = collection;
    return read == null ? shares : read.addTo(shares);
  }

  @Override
  public GeneratorReport runPaced(
      long rate, Duration warmup, Duration duration, LongConsumer onStart) throws Exception {
    List<ClockOffset> offsets = this.offsets.get();
    List<AgentStatus> before = new ArrayList<>();
    for (AgentClient agent : agents) {
      // the machine's busy cores are reported from here to the status after the load
      before.add(agent.status());
    }
    long start = EpochMicros.now() + START_AHEAD.toNanos() / 1_000;
    onStart.accept(start);
    for (int i = 0; i < agents.size(); i++) {
      agents.get(i).startLoad(request(i, rate, warmup, duration, start, offsets.get(i)));
    }
    List<LoadStatus> ended = follow();
    List<GeneratorReport> reports = new ArrayList<>();
    Histogram lateness = new Histogram(3);
    List<AgentShare> done = new ArrayList<>();
    for (int i = 0; i < agents.size(); i++) {
      LoadStatus status = ended.get(i);
      GeneratorReport report = onHarnessClock(status.report(), offsets.get(i).offsetMicros());
      if (status.error() != null && firstError == null) {
        firstError = new IOException("agent " + agents.get(i).name() + ": " + status.error());
      }
      reports.add(report);
      lateness.add(status.latenessHistogram());
      done.add(share(i, report, offsets.get(i), before.get(i)));
    }
    shares = List.copyOf(done);
    return AgentReports.merge(reports, lateness, rate, start);
  }

  /**
   * Agent {@code i}'s share of the generation that just ended: its clock before the load ({@code
   * offset}) and again now, what its report says, and its JVM's and machine's CPU since its status
   * before the load ({@code before}).
   */
  private AgentShare share(int i, GeneratorReport report, ClockOffset offset, AgentStatus before)
      throws IOException {
    AgentClient agent = agents.get(i);
    ClockOffset after = agent.clockOffset(AgentOffsets.EXCHANGES);
    AgentStatus machine = agent.status();
    return new AgentShare(
        agent.name(),
        machine.host(),
        offset.offsetMicros(),
        offset.boundMicros(),
        after.offsetMicros(),
        i * loopsPerAgent,
        loopsPerAgent,
        report.sent(),
        report.sendErrors(),
        report.latenessP99Micros(),
        report.steadyMaxLagMicros(),
        report.threadCpuSeconds() + report.networkThreadCpuSeconds(),
        machine.processCpuSeconds() - before.processCpuSeconds(),
        machine.cpus(),
        Double.isNaN(machine.machineBusyCores()) ? -1 : machine.machineBusyCores(),
        machine.host().equals(AgentStatus.hostName()),
        0,
        0,
        0,
        0);
  }

  private LoadRequest request(
      int agent, long rate, Duration warmup, Duration duration, long start, ClockOffset offset) {
    return new LoadRequest(
        job.bootstrapServers(),
        job.topics(),
        job.workload(),
        job.params(),
        job.seed(),
        job.guarantee(),
        rate,
        warmup.toMillis(),
        duration.toMillis(),
        start,
        offset.offsetMicros(),
        agent * loopsPerAgent,
        loopsPerAgent,
        agents.size() * loopsPerAgent);
  }

  /**
   * Follows every agent's load until all have ended; fails naming the first agent that failed,
   * stopped on its own or was not heard from for {@link #LOST_AFTER}.
   */
  private List<LoadStatus> follow() throws Exception {
    int n = agents.size();
    LoadStatus[] last = new LoadStatus[n];
    long[] heardNanos = new long[n];
    java.util.Arrays.fill(heardNanos, System.nanoTime());
    boolean running = true;
    while (running) {
      Thread.sleep(POLL_MILLIS);
      if (stopped) {
        throw new IllegalStateException("the run stopped the agents' load");
      }
      running = false;
      for (int i = 0; i < n; i++) {
        if (last[i] != null && !last[i].running()) {
          continue;
        }
        try {
          last[i] = agents.get(i).load();
          heardNanos[i] = System.nanoTime();
        } catch (IOException e) {
          if (System.nanoTime() - heardNanos[i] > LOST_AFTER.toNanos()) {
            stop();
            throw new IOException(
                "agent " + agents.get(i).name() + " lost: " + UsageException.firstLine(e), e);
          }
          running = true;
          continue;
        }
        sent.set(i, last[i].sent());
        switch (last[i].state()) {
          case RUNNING -> running = true;
          case DONE -> {}
          case FAILED, STOPPED -> {
            stop();
            throw new IllegalStateException(
                "agent "
                    + agents.get(i).name()
                    + "'s load "
                    + (last[i].state() == LoadStatus.State.FAILED
                        ? "failed: " + last[i].error()
                        : "stopped before its end (its lease ran out?)"));
          }
        }
      }
    }
    return List.of(last);
  }

  /** An agent's report with its end time moved onto the harness's clock. */
  private static GeneratorReport onHarnessClock(GeneratorReport r, long offsetMicros) {
    return new GeneratorReport(
        r.sent(),
        r.sendErrors(),
        r.targetRate(),
        r.achievedRate(),
        r.maxLagMicros(),
        r.steadyMaxLagMicros(),
        r.latenessP50Micros(),
        r.latenessP99Micros(),
        r.sentPerSecond(),
        r.startMicros(),
        r.endMicros() - offsetMicros,
        r.threadCpuSeconds(),
        r.networkThreadCpuSeconds(),
        r.allocatedBytesPerRecord());
  }

  @Override
  public GeneratorReport runUnpaced(long records) {
    throw new UsageException("agents generate paced load only: --agents needs --mode fixed-rate");
  }

  @Override
  public int threads() {
    return agents.size() * loopsPerAgent;
  }

  @Override
  public Exception firstError() {
    return firstError;
  }

  @Override
  public long sentSoFar() {
    long total = 0;
    for (int i = 0; i < sent.length(); i++) {
      total += sent.get(i);
    }
    return total;
  }

  /** Stops every agent's load, as far as each still answers. */
  /** Agents run their schedule to its end (runs with faults, which end early, refuse agents). */
  @Override
  public void finishBefore(long records) {
    throw new UnsupportedOperationException("agents' generations run their schedule to its end");
  }

  @Override
  public void stop() {
    stopped = true;
    for (AgentClient agent : agents) {
      try {
        agent.stopLoad();
      } catch (IOException e) {
        // lost, or never started: nothing to stop there
      }
    }
  }
}
