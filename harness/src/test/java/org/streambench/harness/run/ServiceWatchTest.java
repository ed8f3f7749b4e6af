package org.streambench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How a dead service's ending is told. */
class ServiceWatchTest {
  @Test
  void anEngineThatRanOutOfMemorySaysSoFromItsLog() {
    String log =
        "05:16:05.981 [Legacy Source Thread] INFO  o.a.f.r.t.Task - Source switched to RUNNING\n"
            + "05:16:06.070 [System Time Trigger] ERROR o.a.f.u.FatalExitExceptionHandler - FATAL:"
            + " Thread 'System Time Trigger' produced an uncaught exception. Stopping the process...\n"
            + "java.lang.OutOfMemoryError: Java heap space\n"
            + "Exception: java.lang.OutOfMemoryError thrown from the UncaughtExceptionHandler\n";
    assertEquals(
        Optional.of("java.lang.OutOfMemoryError: Java heap space"), ServiceWatch.outOfMemory(log));
    assertEquals(Optional.empty(), ServiceWatch.outOfMemory("INFO all well\nINFO stopping\n"));
    // Kafka's clients name the thread after the message
    assertEquals(
        Optional.of("java.lang.OutOfMemoryError: Java heap space"),
        ServiceWatch.outOfMemory(
            "java.lang.OutOfMemoryError: Java heap space [in thread \"kafka-admin-client-thread\"]"));
  }

  @Test
  void exitCodesAboveOneHundredTwentyEightAreSignals() {
    assertEquals("was killed by signal 9 (SIGKILL), exit code 137", ServiceWatch.ending(137));
    assertEquals("exited unexpectedly with code 239", ServiceWatch.ending(239));
  }
}
