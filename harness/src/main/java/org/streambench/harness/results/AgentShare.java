package org.streambench.harness.results;

/**
 * One agent's part of a run's load (docs/agents.md): where it ran, how its clock stood against the
 * harness's, and what it sent.
 *
 * @param agent its address as given ({@code HOST:PORT})
 * @param host its host name, as it reports it
 * @param clockOffsetMicros its clock minus the harness's before the load, the records' stamps
 *     corrected by it
 * @param clockBoundMicros the largest error of that offset
 * @param clockOffsetEndMicros the same measured again after the load: the clocks' drift over it
 * @param firstLoop its first send loop of the generation
 * @param loops its send loops (threads)
 * @param sent records it wrote
 * @param sendErrors records the broker refused it
 * @param latenessP99Micros p99 of its steady records' lateness behind their intended times
 * @param generatorCpuSeconds its generator and producer network threads' CPU time
 * @param processCpuSeconds its whole JVM's CPU time over the load (GC and JIT included), from its
 *     status before the load to its status after
 * @param steadyMaxLagMicros how far its send loops fell behind the schedule in the steady state
 * @param cpus its machine's CPUs
 * @param machineBusyCores its machine's busy cores over the load (-1: unknown)
 * @param harnessHost whether it runs on the harness's machine (the same host name), sharing its
 *     CPUs with the broker and a local engine
 * @param received output records it read, where it collected a share of the output (0: the harness
 *     collected)
 * @param ownE2eP50Micros e2e p50 of the steady records it both wrote and read: its own clock at
 *     both ends, no offset in it (0: none)
 * @param othersE2eP50Micros e2e p50 of the steady records other agents wrote that it read: two
 *     offsets corrected (0: none)
 * @param collectorCpuSeconds its collector threads' CPU time
 */
public record AgentShare(
    String agent,
    String host,
    long clockOffsetMicros,
    long clockBoundMicros,
    long clockOffsetEndMicros,
    int firstLoop,
    int loops,
    long sent,
    long sendErrors,
    long latenessP99Micros,
    long steadyMaxLagMicros,
    double generatorCpuSeconds,
    double processCpuSeconds,
    int cpus,
    double machineBusyCores,
    boolean harnessHost,
    long received,
    long ownE2eP50Micros,
    long othersE2eP50Micros,
    double collectorCpuSeconds) {

  /** Whether it read a share of the output. */
  public boolean collected() {
    return received > 0 || collectorCpuSeconds > 0;
  }

  /** The same share with what it read of the output. */
  public AgentShare withCollection(
      long received, long ownE2eP50Micros, long othersE2eP50Micros, double collectorCpuSeconds) {
    return new AgentShare(
        agent,
        host,
        clockOffsetMicros,
        clockBoundMicros,
        clockOffsetEndMicros,
        firstLoop,
        loops,
        sent,
        sendErrors,
        latenessP99Micros,
        steadyMaxLagMicros,
        generatorCpuSeconds,
        processCpuSeconds,
        cpus,
        machineBusyCores,
        harnessHost,
        received,
        ownE2eP50Micros,
        othersE2eP50Micros,
        collectorCpuSeconds);
  }
}
