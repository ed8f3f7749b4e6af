package org.streambench.harness.run;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.streambench.harness.UsageException;
import org.streambench.harness.generator.Generator;
import org.streambench.harness.results.GeneratorReport;

/**
 * One generation (paced or pre-fill) on a thread of its own, so that the run's thread can watch the
 * services meanwhile and no generator can block the run.
 */
final class GeneratorTask {
  private final FutureTask<GeneratorReport> result;
  private final Thread thread;

  private GeneratorTask(Callable<GeneratorReport> generation) {
    result = new FutureTask<>(generation);
    thread = new Thread(result, Generator.THREAD_NAME);
    thread.setDaemon(true);
  }

  static GeneratorTask start(Callable<GeneratorReport> generation) {
    GeneratorTask task = new GeneratorTask(generation);
    task.thread.start();
    return task;
  }

  boolean running() {
    return thread.isAlive();
  }

  /** Waits up to {@code millis} for the generation to end. */
  void join(long millis) throws InterruptedException {
    thread.join(millis);
  }

  /** Ends a wait early when the generation has already failed. */
  void failIfFailed() throws Exception {
    if (result.isDone()) {
      report();
    }
  }

  /** The finished generation's report; its failure as the run's, in one line. */
  GeneratorReport report() throws Exception {
    try {
      return result.get();
    } catch (ExecutionException e) {
      throw new IllegalStateException(
          "the generator failed: " + UsageException.firstLine(e.getCause()), e.getCause());
    }
  }

  /** After {@link Generator#stop}: gives the thread 10 s to notice. */
  void joinQuietly() {
    try {
      thread.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
