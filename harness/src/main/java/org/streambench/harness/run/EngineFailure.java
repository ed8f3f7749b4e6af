package org.streambench.harness.run;

/** The engine process died or never became ready; the run is stored as failed. */
final class EngineFailure extends Exception {
  EngineFailure(String message) {
    super(message);
  }
}
