package org.streambench.harness.agent;

import java.util.List;
import java.util.Map;
import org.streambench.harness.collector.CollectorShare;

/**
 * What the harness asks of an agent's collector: a share of a run's output partitions, read and
 * checked on the agent, its records' latency on the harness's clock, and handed back when the
 * harness says the output is complete ({@link AgentServer}'s {@code /v1/collect}).
 *
 * @param bootstrapServers the Kafka the agent reads, as the agent reaches it
 * @param outputTopic the engine's output topic
 * @param workload the workload's name
 * @param params its parameters ({@code --param}), defaults filled in by the agent
 * @param seed the run's seed
 * @param guarantee the run's delivery guarantee, by id (read_committed for exactly-once)
 * @param rate records/s of the whole generation (some workloads' records depend on the schedule)
 * @param originMicros second 0 of the run's series, on the harness's clock (epoch µs)
 * @param clockOffsetMicros how far the agent's clock reads ahead of the harness's
 * @param share this agent's index among the {@code shares}: output partitions {@code p ≡ share (mod
 *     shares)}
 * @param shares the agents that collect
 * @param threads its consumer threads
 * @param ownLoops the generation's send loops this agent runs ({@code firstLoop, loops,
 *     totalLoops}), by which a seq tells the records it wrote itself
 */
public record CollectRequest(
    String bootstrapServers,
    String outputTopic,
    String workload,
    Map<String, String> params,
    long seed,
    String guarantee,
    long rate,
    long originMicros,
    long clockOffsetMicros,
    int share,
    int shares,
    int threads,
    List<Integer> ownLoops) {

  /** This agent's share, its clock corrected by {@code offsetMicros}. */
  CollectorShare collectorShare(long offsetMicros) {
    int first = ownLoops.get(0);
    int loops = ownLoops.get(1);
    int total = ownLoops.get(2);
    return CollectorShare.agent(
        share,
        shares,
        offsetMicros,
        seq ->
            seq >= 0
                && Math.floorMod(seq, total) >= first
                && Math.floorMod(seq, total) < first + loops);
  }
}
