package org.streambench.harness.agent;

/**
 * What the harness reads of an agent's collector while it runs.
 *
 * @param state running, or how it ended
 * @param received output records it has read
 * @param lastReceiveMicros when it read the newest, on the harness's clock (0 before the first)
 * @param latestOut records of its newest complete second
 * @param latestE2eP99Micros their e2e p99
 * @param error why it failed, or null
 */
public record CollectStatus(
    LoadStatus.State state,
    long received,
    long lastReceiveMicros,
    long latestOut,
    long latestE2eP99Micros,
    String error) {}
