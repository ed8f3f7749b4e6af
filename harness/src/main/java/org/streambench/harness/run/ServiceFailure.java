package org.streambench.harness.run;

/** A process the run depends on died or never became ready; the run is stored as failed. */
final class ServiceFailure extends Exception {
  private final String logTail;

  ServiceFailure(String message, String logTail) {
    super(message);
    this.logTail = logTail;
  }

  /** The last lines of that process's log, stored with the failed run. */
  String logTail() {
    return logTail;
  }
}
