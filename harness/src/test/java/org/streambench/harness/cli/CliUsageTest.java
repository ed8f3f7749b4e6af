package org.streambench.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** Bad input: one line naming the problem, exit code 2, nothing stored. */
class CliUsageTest {
  @TempDir Path dir;

  private int run(StringWriter err, String... args) {
    CommandLine cl = StreambenchCli.commandLine();
    cl.setErr(new PrintWriter(err, true));
    String[] withDb = new String[args.length + 2];
    System.arraycopy(args, 0, withDb, 0, args.length);
    withDb[args.length] = "--db";
    withDb[args.length + 1] = dir.resolve("results.db").toString();
    return cl.execute(withDb);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "run --engine nope | unknown engine 'nope'",
        "run --engine baseline --workload nope | unknown workload 'nope'",
        "run --engine baseline --workload wordcount | engine baseline cannot run workload 'wordcount'",
        "run --engine flink --mode in-job | workload identity has no in-job source mode",
        "run --engine flink --profile nope | engine flink has no profile 'nope'",
        "run --engine storm --guarantee exactly-once | engine storm does not offer exactly-once delivery: ",
        "run --engine spark --guarantee exactly-once | engine spark does not offer exactly-once delivery: ",
        "run --engine kafka-streams --guarantee at-most-once | engine kafka-streams does not offer at-most-once delivery: ",
        "run --engine kafka-streams --workload grep --mode in-job | engine kafka-streams has no in-job source for workload grep",
        "run --engine spark --workload grep --mode in-job | engine spark has no in-job source for workload grep",
        "run --engine baseline --mode in-job --workload grep | engine baseline cannot run workload 'grep'",
        "run --engine flink --mode in-job --workload wordcount | workload wordcount has no in-job source mode",
        "run --engine flink --workload uricount --param parser=json | parser must be one of",
        "run --engine flink --workload grep --param pattern=( | pattern is not a regular expression",
        "run --engine flink --workload join --param streams=5 | streams must be 2 or 3",
        "run --engine flink --workload grep --param match.fraction=2 | must be a number in [0, 1]",
        "run --engine flink --guarantee twice | unknown guarantee 'twice'",
        "run --engine flink --rate 0 | --rate must be positive",
        "run --engine flink --duration 0s | --duration must be positive",
        "run --engine flink --mode drain --records -1 | --records must be positive",
        "run --engine flink --mode sideways | unknown mode 'sideways'",
        "run --engine flink --parallelism 0 | --parallelism must be positive",
        "run --engine flink --duration soon | not a duration",
        "run --engine flink --set novalue | --set expects key=value",
        "run --engine baseline --kafka 127.0.0.1:1 | Kafka at 127.0.0.1:1 is unreachable",
        "run | Missing required option: '--engine",
        "run --engine baseline --param nope=1 | has no parameter 'nope'",
        "run --engine baseline --param record.size=-3 | record.size must be a non-negative integer",
        "run --engine flink --workload-config /nonexistent.yaml | config file not found: /nonexistent.yaml",
      })
  void badInputIsOneLineAndExitCode2(String args, String message) {
    StringWriter err = new StringWriter();
    assertEquals(2, run(err, args.trim().split("\\s+")));
    String out = err.toString().strip();
    assertTrue(out.contains(message), out);
    assertFalse(out.contains("\n"), "one line: " + out);
    assertFalse(Files.exists(dir.resolve("results.db")), "nothing stored");
  }

  @Test
  void occupiedBrokerPortIsAUsageError() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      StringWriter err = new StringWriter();
      int code =
          run(
              err,
              "run",
              "--engine",
              "baseline",
              "--broker-port",
              Integer.toString(taken.getLocalPort()));
      assertEquals(2, code);
      assertTrue(err.toString().contains("already in use"), err.toString());
      assertFalse(Files.exists(dir.resolve("results.db")));
    }
  }
}
