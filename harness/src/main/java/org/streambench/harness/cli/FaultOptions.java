package org.streambench.harness.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.streambench.harness.fault.FaultSchedule;
import org.streambench.harness.fault.LinkMechanism;
import picocli.CommandLine.Option;

/** The faults of one run (docs/faults.md), part of {@link RunOptions}. */
final class FaultOptions {
  @Option(
      names = "--fault",
      paramLabel = "KIND:TARGET@TIME",
      description =
          "Inject a fault, counted from the start of the steady state (repeatable; fixed rate):"
              + " kill:worker@20s (SIGKILL), stop:worker@20s (SIGTERM), pause:worker@20s/5s"
              + " (SIGSTOP for 5 s), kill:worker@every:15s, kill:master@30s, kill:broker@20s"
              + " (--brokers 2 or more); a trailing :norestart leaves a killed or stopped process"
              + " down. Workers and masters need --deployment cluster. On links through the"
              + " link proxy: partition:engine-broker@20s/30s (A->B one way, A every link of A,"
              + " worker-broker one worker's, worker-master a worker and its master,"
              + " worker-worker a worker and the other workers, :drop resets),"
              + " slow:engine-broker@20s/20s:50ms[~10ms],"
              + " bandwidth:generator-broker@20s/20s:1mbit, reset:engine-broker@20s."
              + " See docs/faults.md.")
  List<String> faults = new ArrayList<>();

  @Option(
      names = "--restart-delay",
      defaultValue = "5s",
      description =
          "How long a killed or stopped process stays down before it is started again, as a"
              + " supervisor would (default: ${DEFAULT-VALUE}).")
  Duration restartDelay;

  @Option(
      names = "--recovery-grace",
      defaultValue = "120s",
      description =
          "A fault not recovered from within this long counts as not recovered"
              + " (default: ${DEFAULT-VALUE}).")
  Duration recoveryGrace;

  @Option(
      names = "--link-mechanism",
      paramLabel = "proxy|namespaces",
      defaultValue = "proxy",
      description =
          "How faults cut the engine's links to the brokers: proxy (default), through the"
              + " harness's link proxy, which can also slow, throttle and reset them; namespaces,"
              + " each engine process in a network namespace of its own whose device a partition"
              + " takes down (root only; partitions both ways only; the embedded Kafka; baseline"
              + " and Kafka Streams). docs/faults.md.")
  String linkMechanism;

  @Option(
      names = "--after-recovery",
      paramLabel = "DURATION",
      description =
          "End the steady state this long after every fault has happened and its recovery was"
              + " seen (judged as the result judges it: docs/faults.md), on a whole second, instead"
              + " of at --duration, which stays the longest it runs; throughput and latency are"
              + " then over the shorter window. Off by default, so that runs compare equal"
              + " windows.")
  Duration afterRecovery;

  /** The run's faults, validated. */
  FaultSchedule schedule() {
    FaultSchedule schedule =
        FaultSchedule.parse(
            faults, restartDelay, recoveryGrace, LinkMechanism.parse(linkMechanism));
    return afterRecovery == null ? schedule : schedule.endingAfterRecovery(afterRecovery);
  }
}
