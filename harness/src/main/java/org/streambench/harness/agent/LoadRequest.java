package org.streambench.harness.agent;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.streambench.harness.generator.LoopShare;

/**
 * What the harness asks of an agent's generator: its share of one paced generation, as JSON over
 * the control channel. Every agent of a run gets the same schedule (rate, warm-up, duration, start)
 * and a disjoint {@link LoopShare} of it, so that each record is written once, by one agent.
 *
 * @param bootstrapServers the Kafka the agent writes to, as the agent reaches it
 * @param topics one topic per input stream of the workload
 * @param workload the workload's name
 * @param params its parameters ({@code --param}), defaults filled in by the agent
 * @param seed the run's seed
 * @param guarantee the run's delivery guarantee, by id
 * @param rate records/s of the whole generation, over every agent
 * @param warmupMillis the warm-up, whose records count in no lateness figure
 * @param durationMillis the measured part after it
 * @param startMicros when record 0 is due, on the harness's clock (epoch µs)
 * @param clockOffsetMicros how far the agent's clock reads ahead of the harness's ({@link
 *     ClockOffset})
 * @param firstLoop the first send loop of this agent's share
 * @param loops its send loops, one thread each
 * @param totalLoops the loops of the whole generation
 */
public record LoadRequest(
    String bootstrapServers,
    List<String> topics,
    String workload,
    Map<String, String> params,
    long seed,
    String guarantee,
    long rate,
    long warmupMillis,
    long durationMillis,
    long startMicros,
    long clockOffsetMicros,
    int firstLoop,
    int loops,
    int totalLoops) {

  /** The loops this agent runs. */
  public LoopShare share() {
    return new LoopShare(firstLoop, loops, totalLoops);
  }

  public Duration warmup() {
    return Duration.ofMillis(warmupMillis);
  }

  public Duration duration() {
    return Duration.ofMillis(durationMillis);
  }
}
