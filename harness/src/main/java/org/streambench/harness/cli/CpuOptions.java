package org.streambench.harness.cli;

import java.util.ArrayList;
import java.util.List;
import org.streambench.harness.process.CpuPlacement;
import picocli.CommandLine.Option;

/** {@code --cpus}: the CPUs each role's processes run on (docs/engines.md, "CPU placement"). */
final class CpuOptions {
  static final String OPTION = "--cpus";

  @Option(
      names = OPTION,
      paramLabel = "ROLE=CPUS[,ROLE=CPUS...]",
      description =
          "Run each role's processes on these CPUs (Linux list syntax, e.g. 0-3,6), by CPU"
              + " affinity (taskset, inherited by what a process spawns): engine (every engine"
              + " process, a cluster's daemons and the workers and executors they start), master"
              + " and worker (a cluster deployment's, instead of engine's), broker (every Kafka"
              + " node), driver (the harness: generator and collector), redis, hadoop (the daemons of"
              + " the Hadoop streambench starts; the broker's CPUs unless named). E.g. --cpus"
              + " engine=1,broker=0,driver=0. A role not named runs on every CPU. Recorded in the"
              + " result with each process's allowed CPUs; docs/engines.md, CPU placement."
              + " auto: the engine on the upper half of the CPUs, the rest on the lower half"
              + " (engine=1,broker=0,driver=0,redis=0 on two). none: every process on every CPU."
              + " Default: auto on four CPUs or more, none on fewer.")
  List<String> specs = new ArrayList<>();

  boolean given() {
    return !specs.isEmpty();
  }

  /**
   * The placement asked for, or this machine's default without {@code --cpus}, checked against its
   * CPUs and {@code taskset}.
   */
  CpuPlacement placement() {
    CpuPlacement asked =
        given() ? CpuPlacement.parse(specs, OPTION) : CpuPlacement.defaultHere(OPTION);
    return asked.requireUsableHere();
  }
}
