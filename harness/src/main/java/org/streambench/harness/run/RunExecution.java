package org.streambench.harness.run;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.streambench.harness.Home;
import org.streambench.harness.agent.AgentGeneration;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.generator.InputGenerator;
import org.streambench.harness.hadoop.Hadoop;
import org.streambench.harness.kafka.KafkaCluster;
import org.streambench.harness.process.ProcessSampler;
import org.streambench.harness.profile.CpuProfiler;
import org.streambench.harness.redis.Redis;
import org.streambench.harness.results.RunResult;
import org.streambench.harness.results.RunResultBuilder;
import org.streambench.harness.workload.ExternalCheck;
import org.streambench.harness.workload.RunServices;
import org.streambench.harness.workload.WorkloadRun;

/**
 * One execution of a {@link BenchmarkRun}, with its mutable state: the run's services watched, its
 * flow driven, its processes stopped whatever happens, and its result assembled.
 */
final class RunExecution {
  private final Home home;
  private final RunRequest request;
  private final EngineDescriptor engine;
  private final Map<String, String> settings;
  private final RunLayout layout;
  private final KafkaCluster kafka;
  private final Redis redis;
  private final Hadoop hadoop;
  private final Consumer<String> progress;
  private final ModeFlow flow;
  private final ProcessSampler sampler = new ProcessSampler();
  private final ServiceWatch watch = new ServiceWatch();
  private final EngineProcesses engineProcesses;
  private final List<RunProbe> probes;
  private final RunTopics topics;
  private RunContext context;
  private EngineLinks engineLinks;
  private final RunOutcome outcome = new RunOutcome();
  private Measurements measured;
  private ExternalCheck external;
  private AgentGeneration agents;

  RunExecution(
      Home home,
      RunRequest request,
      EngineDescriptor engine,
      Map<String, String> settings,
      RunLayout layout,
      KafkaCluster kafka,
      Redis redis,
      Hadoop hadoop,
      Consumer<String> progress)
      throws IOException {
    this.home = home;
    this.request = request;
    this.engine = engine;
    this.settings = settings;
    this.flow = ModeFlow.of(request.mode());
    this.layout = layout;
    this.kafka = kafka;
    this.redis = redis;
    // a session's Hadoop is for its runs that need it: the others run as if there were none
    this.hadoop = request.needsHadoop() ? hadoop : null;
    this.progress = progress;
    this.engineProcesses = new EngineProcesses(engine, layout, request, this.hadoop);
    this.topics = new RunTopics(kafka, layout, progress);
    this.probes =
        RunProbes.of(
            engine,
            request,
            layout,
            kafka,
            flow.usesTopics(),
            engineProcesses,
            sampler,
            request.cpuProfile() ? CpuProfiler.forRun(home.dataDir(), layout.runDir()) : null,
            () -> context == null ? -1 : context.seriesOriginMillis(),
            this.hadoop,
            progress);
  }

  void end(RunResult.Status status, RunResult.Failure failure) {
    outcome.set(status, failure);
    sampler.close();
  }

  void run() {
    WorkloadRun workload =
        request
            .workloadDefinition()
            .newRun(
                request.workloadParams(), request.seed(), request.guarantee(), request.pacedRate());
    InputGenerator generator = InputGenerators.of(request, kafka, layout, workload);
    agents = generator instanceof AgentGeneration a ? a : null;
    context =
        new RunContext(
            request,
            layout,
            kafka,
            workload,
            generator,
            engineProcesses,
            sampler,
            watch,
            probes,
            progress);
    context.watchServices(redis, hadoop);
    try {
      watch.check();
      if (flow.usesTopics()) {
        topics.create(request.partitions());
      }
      probes.forEach(RunProbe::start);
      engineLinks = EngineLinks.of(engine, request);
      context.engineLinks(engineLinks);
      RunServices services = new RunServices(redis, layout.runId());
      Map<String, String> jobSettings =
          CheckpointUri.with(
              EngineLinks.settingsWith(engineLinks, settings), request, hadoop, layout.runId());
      JobSpecs.of(request, layout, kafka, jobSettings, workload.setUp(services))
          .write(layout.specFile());
      measured = flow.run(context);
      if (flow.usesTopics()) {
        external = workload.checkExternal(services, measured.steady());
      }
    } catch (Exception e) {
      String reason = outcome.fail(e, engineProcesses::logTail);
      if (reason != null) {
        progress.accept("run failed: " + reason);
      }
    } finally {
      // a pending interrupt would break the graceful stop and the writes below
      Thread.interrupted();
      context.stopFaults();
      context.stopDrivers();
      probes.forEach(RunProbe::stop);
      engineProcesses.stop();
      if (engineLinks != null) {
        engineLinks.close();
      }
      sampler.close();
      topics.delete();
      outcome.abortIfStopping(engineProcesses::logTail);
    }
  }

  RunResult result(Instant started) {
    boolean completed = outcome.completed() && measured != null;
    List<RunResult.Fault> faults =
        context == null
            ? List.of()
            : context.faultOutcomes(completed ? measured.intervals() : List.of());
    RunVerdict verdict =
        completed
            ? RunVerdict.judge(context, measured, external, faults)
            : RunVerdict.unknown(
                outcome.status()
                    + ": "
                    + (outcome.failure() == null
                        ? "no output report"
                        : outcome.failure().reason()));
    Map<String, String> config = ResolvedConfig.of(request, engine, settings, kafka);
    RunResultBuilder result =
        RunResult.builder()
            .run(layout.runId(), layout.runDir().toString(), engine.name(), request.workload())
            .setup(request.mode(), request.guarantee(), request.parallelism(), request.partitions())
            .times(started.toString(), Instant.now().toString())
            .steady(request.steady())
            .outcome(outcome.status(), outcome.failure())
            .faults(faults)
            .verdict(verdict.verdict(), verdict.findings())
            .verification(verdict.counts(), verdict.examples())
            .config(config, ResolvedConfig.hash(config))
            .provenance(
                Provenance.ofRun(home, engineProcesses.infoFile(), kafka, redis, hadoop, request));
    long origin = context == null ? -1 : context.seriesOriginMillis();
    probes.forEach(probe -> probe.addTo(result, origin));
    if (completed) {
      measured.addTo(result, request.mode(), external);
    }
    if (agents != null && !agents.shares().isEmpty()) {
      result.agents(agents.shares());
    }
    return result.build();
  }
}
