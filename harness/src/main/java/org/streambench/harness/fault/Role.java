package org.streambench.harness.fault;

import java.util.Locale;

/** A kind of process of the run that a fault can hit. */
public enum Role {
  /** The engine's unit of failure: a TaskManager, an instance, a supervisor, a Spark worker. */
  WORKER,
  /** The engine's master: a JobManager, Nimbus, a Spark master. */
  MASTER,
  /** A broker of the embedded Kafka. */
  BROKER;

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
