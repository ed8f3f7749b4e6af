package org.streambench.harness.results;

/**
 * One execution of a suite file as stored in {@code suites}.
 *
 * @param suiteId unique id (also the prefix of its runs' ids in reports)
 * @param name the suite's name
 * @param file the suite file it was read from
 * @param startedAt ISO-8601 instant
 * @param finishedAt ISO-8601 instant, null while running or if interrupted
 * @param status running, completed or aborted
 * @param specJson the expanded suite as JSON, so a resume runs exactly the same points
 */
public record SuiteRecord(
    String suiteId,
    String name,
    String file,
    String startedAt,
    String finishedAt,
    String status,
    String specJson) {
  public static final String RUNNING = "running";
  public static final String COMPLETED = "completed";
  public static final String ABORTED = "aborted";
}
