package org.streambench.api.workload;

import java.io.Serializable;
import org.streambench.api.WorkloadParams;

/**
 * Where ysb's Redis is and the prefix of its window hashes, from the parameters {@code redis.host},
 * {@code redis.port} and {@code redis.prefix}. Serializable, for the engines' functions that
 * connect to it (each with its own client: this module has none).
 */
public record YsbRedis(String host, int port, String prefix) implements Serializable {

  /** The Redis the job's parameters name. */
  public static YsbRedis of(WorkloadParams params) {
    return new YsbRedis(
        params.string("redis.host"), params.integer("redis.port"), params.string("redis.prefix"));
  }
}
