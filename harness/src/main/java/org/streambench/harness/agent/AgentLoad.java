package org.streambench.harness.agent;

import org.streambench.api.Guarantee;
import org.streambench.harness.UsageException;
import org.streambench.harness.agent.LoadStatus.State;
import org.streambench.harness.generator.Generator;
import org.streambench.harness.results.GeneratorReport;
import org.streambench.harness.workload.Params;
import org.streambench.harness.workload.Workload;
import org.streambench.harness.workload.WorkloadRun;
import org.streambench.harness.workload.Workloads;

/** One generation an agent runs for its harness, on a thread of its own. */
final class AgentLoad {
  private final Generator generator;
  private final Thread thread;
  private volatile State state = State.RUNNING;
  private volatile GeneratorReport report;
  private volatile String error;

  private AgentLoad(Generator generator, LoadRequest request, long offsetMicros) {
    this.generator = generator;
    this.thread = new Thread(() -> generate(request, offsetMicros), Generator.THREAD_NAME);
    thread.setDaemon(true);
  }

  /**
   * Starts {@code request}'s share; a usage error for a request the agent cannot run (unknown
   * workload, bad parameters, input that one thread must generate).
   *
   * @param injectedMicros how far this agent's clock was set ahead for a test (0 otherwise): its
   *     stamps must come out right all the same once the harness has measured the offset
   */
  static AgentLoad start(LoadRequest request, long injectedMicros) {
    Workload workload = Workloads.get(request.workload());
    Params params = Params.resolve(workload, request.params());
    workload.validate(params, request.rate());
    WorkloadRun run =
        workload.newRun(
            params, request.seed(), Guarantee.parse(request.guarantee()), request.rate());
    if (request.totalLoops() > 1 && !run.encodesConcurrently()) {
      throw new UsageException(
          "workload "
              + request.workload()
              + " keeps a tally of its input as it is generated: one process must generate it,"
              + " not several agents");
    }
    Generator generator =
        new Generator(request.bootstrapServers(), request.topics(), run, request.share());
    AgentLoad load =
        new AgentLoad(generator, request, request.clockOffsetMicros() - injectedMicros);
    load.thread.start();
    return load;
  }

  private void generate(LoadRequest request, long offsetMicros) {
    try {
      report =
          generator.runPacedFrom(
              request.rate(),
              request.warmup(),
              request.duration(),
              request.startMicros(),
              offsetMicros);
      if (state == State.RUNNING) {
        // send errors are counted in the report and judged by the harness, as a local run's
        error = generator.firstError() == null ? null : message(generator.firstError());
        state = State.DONE;
      }
    } catch (Exception e) {
      if (state == State.RUNNING) {
        error = message(e);
        state = State.FAILED;
      }
    }
  }

  private static String message(Throwable e) {
    return e.getClass().getSimpleName() + ": " + UsageException.firstLine(e);
  }

  boolean running() {
    return state == State.RUNNING;
  }

  /** Stops sending at once (the harness asked, or went away); waits up to 10 s for the thread. */
  void stop() {
    if (state == State.RUNNING) {
      state = State.STOPPED;
    }
    generator.stop();
    try {
      thread.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  LoadStatus status() {
    State now = state; // first: a load that ended wrote its report before its state
    GeneratorReport ended = report;
    return new LoadStatus(
        now,
        ended == null ? generator.sentSoFar() : ended.sent(),
        error,
        ended,
        ended == null ? null : LoadStatus.encode(generator.lateness()));
  }
}
