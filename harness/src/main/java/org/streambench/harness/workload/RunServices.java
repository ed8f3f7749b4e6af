package org.streambench.harness.workload;

import org.streambench.harness.redis.Redis;

/**
 * Services outside Kafka that a run may use.
 *
 * @param redis the run's Redis, or null when the workload needs none
 * @param runId the run's id, to namespace what the run writes
 */
public record RunServices(Redis redis, String runId) {}
