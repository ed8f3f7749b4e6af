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
        "run --engine flink --agents 127.0.0.1:7391 --mode drain | --agents generate paced load: they need --mode fixed-rate",
        "run --engine flink --agents 127.0.0.1:7391 --workload wordcount | keeps a tally of its input as it is generated",
        "run --engine flink --agents 127.0.0.1:1,127.0.0.1:2 --partitions 3 | 2 agents × 1 generator threads each cannot share 3 partitions evenly",
        "run --engine flink --agents 127.0.0.1:1,127.0.0.1:1 --partitions 2 | --agents names an agent twice",
        "run --engine flink --agents nohost | --agents: 'nohost' is not HOST:PORT",
        "run --engine flink --agent-token-file token | --agent-token-file needs --agents",
        "run --engine baseline --kafka 127.0.0.1:1 | Kafka at 127.0.0.1:1 is unreachable",
        "run | Missing required option: '--engine",
        "run --engine baseline --param nope=1 | has no parameter 'nope'",
        "run --engine baseline --param record.size=-3 | record.size must be a non-negative integer",
        "run --engine flink --workload-config /nonexistent.yaml | config file not found: /nonexistent.yaml",
        "run --engine flink --warmup -3s | '-3s' is not a duration",
        "run --engine flink --rate lots | 'lots' is not a whole number",
        "run --engine flink --guarantee exactly-once --set flink.execution.checkpointing.interval=banana | --set flink.execution.checkpointing.interval=banana: expected a duration such as 500ms, 10s or 1min (as in engines/flink/conf/",
        "run --engine kafka-streams --set streams.commit.interval.ms=1s | expected a whole number",
        "run --engine flink --workload wordcount --generator-threads 2 | workload wordcount is generated by one thread",
        "run --engine flink --generator-threads none | --generator-threads must be a positive number or auto",
        "run --engine flink --collector-threads 0 | --collector-threads must be a positive number or auto",
        "run --engine storm --flink-rest http://127.0.0.1:1 | --flink-rest is a flink cluster; it goes with --engine flink",
        "run --engine flink --spark-master spark://127.0.0.1:7077 | --spark-master is a spark cluster; it goes with --engine spark",
        "run --engine spark --spark-master http://127.0.0.1:7077 | --spark-master expects a standalone master's URL such as spark://master:7077",
        "run --engine spark --spark-master spark://127.0.0.1:7077 --flink-rest http://127.0.0.1:1 | --flink-rest and --spark-master name two clusters; give one",
        "run --engine flink --flink-rest 127.0.0.1:8081 | --flink-rest expects the JobManager's REST URL such as http://jobmanager:8081, was '127.0.0.1:8081'",
        "run --engine flink --flink-rest http://127.0.0.1:1 | a run on your own cluster needs --kafka HOST:PORT",
        "run --engine flink --storm-nimbus 127.0.0.1 | --storm-nimbus is a storm cluster; it goes with --engine storm",
        "run --engine storm --storm-nimbus http://127.0.0.1:6627 | --storm-nimbus expects Nimbus's HOST or HOST:PORT such as nimbus:6627, was 'http://127.0.0.1:6627'",
        "run --engine storm --storm-nimbus 127.0.0.1:x | --storm-nimbus expects Nimbus's HOST or HOST:PORT",
        "run --engine storm --storm-nimbus 127.0.0.1 | a run on your own cluster needs --kafka HOST:PORT",
        "run --engine storm --workload grep --mode in-job --storm-nimbus 127.0.0.1 --kafka 127.0.0.1:1 | engine storm has no in-job mode on a cluster: its completion is counted in the engine JVM",
        "run --engine flink --flink-rest http://127.0.0.1:1 --deployment cluster | a run on your own cluster cannot go with --deployment, --workers and --slots-per-worker",
        "run --engine storm --workload grep --mode in-job --deployment cluster | engine storm has no in-job mode on a cluster: its completion is counted in the engine JVM",
        "run --engine flink --deployment external | --deployment must be local, cluster or yarn, was 'external'",
        "run --engine flink --deployment cluster --workers 0 | --workers and --slots-per-worker must be at least 1",
        "run --engine flink --fault kill:worker@5s | --fault on a worker or master needs --deployment cluster",
        "run --engine flink --deployment cluster --fault kill:worker | --fault kill:worker: expected --fault KIND:TARGET@TIME",
        "run --engine flink --deployment cluster --duration 10s --fault kill:worker@every:20s | falls after the steady state ends (--duration 10s)",
        "run --engine baseline --deployment cluster --mode drain --fault kill:worker@5s | --fault needs --mode fixed-rate",
        "run --engine kafka-streams --deployment cluster --fault kill:master@5s | engine kafka-streams cannot take master faults: it has no master process",
        "run --engine kafka-streams --deployment cluster --fault partition:worker-master@5s/5s | engine kafka-streams cannot take faults on worker-master links: its instances talk only to the brokers",
        "run --engine baseline --deployment cluster --fault partition:worker-worker@5s/5s | engine baseline cannot take faults on worker-worker links: its instances talk only to the brokers, never to each other",
        "run --engine storm --deployment cluster --fault partition:worker-worker@5s/5s | engine storm cannot take faults on worker-worker links: its processes' addresses cannot be put behind the link proxy yet",
        "run --engine flink --fault partition:worker-master@5s/5s | --fault on a worker or master needs --deployment cluster",
        "run --engine baseline --fault partition:engine-broker@5s/5s --link-mechanism wires | --link-mechanism: 'wires' is not proxy (the default) or namespaces",
        "run --engine flink --fault partition:engine-broker@5s/5s --link-mechanism namespaces | engine flink cannot take --link-mechanism namespaces: its processes talk to each other",
        "run --engine baseline --fault slow:engine-broker@5s/5s:50ms --link-mechanism namespaces | with --link-mechanism namespaces the engine's link to the brokers only goes down whole",
        "run --engine baseline --fault partition:engine->broker@5s/5s --link-mechanism namespaces | only goes down whole, a partition both ways",
        "run --engine baseline --fault partition:generator-broker@5s/5s --link-mechanism namespaces | --link-mechanism namespaces cuts the engine's links to the brokers, and no --fault acts on them",
        "run --engine baseline --fault partition:engine-broker@5s/5s --link-mechanism namespaces --kafka 127.0.0.1:1 | --link-mechanism namespaces needs the embedded Kafka",
        "run --engine flink --fault partition:engine-worker@5s/5s | no link 'engine-worker'",
        "run --engine flink --deployment cluster --fault kill:master@5s | engine flink cannot take master faults: a JobManager without high availability",
        "run --engine flink --deployment cluster --guarantee at-most-once --fault kill:worker@5s | engine flink cannot take faults under at-most-once",
        "run --engine baseline --fault kill:broker@5s | --fault on a broker needs --brokers 2 or more",
        "run --engine baseline --fault kill:broker@5s --kafka 127.0.0.1:1 | --fault on a broker needs the embedded Kafka",
        "run --engine baseline --deployment cluster --fault kill:worker@5s --restart-delay 1x | Invalid value for option '--restart-delay'",
        "run --engine baseline --cpus gpu=1 | --cpus: unknown role 'gpu' in 'gpu=1' (roles: engine, master, worker, broker, driver, redis, hadoop)",
        "run --engine baseline --cpus engine=a | --cpus: 'a' of role engine is not a CPU list (Linux syntax: 0-3,6)",
        "run --engine baseline --cpus engine=2-1 | --cpus: '2-1' of role engine is not a CPU list",
        "run --engine baseline --cpus 1,engine=0 | --cpus: '1,engine=0' must be ROLE=CPUS",
        "run --engine baseline --cpus engine=0,engine=1 | --cpus: role engine is given twice",
        "run --engine baseline --cpus engine= | --cpus: role engine has no CPUs",
        "run --engine baseline --cpus engine=4095 | --cpus: CPU 4095 of role engine is not on this machine (its CPUs: ",
        "run --engine baseline --cpus worker=0 | --cpus master= and worker= place a cluster deployment's processes",
        "run --engine flink --checkpoint-storage s3 | --checkpoint-storage must be local or hdfs, was 's3'",
        "run --engine flink --deployment yarn --fault kill:worker@5s | --fault kill:worker@5s: on --deployment yarn the engine asks YARN for a new container itself, so the harness starts nothing again: add :norestart",
        "run --engine flink --deployment yarn --fault kill:master@5s | --fault on the master is not offered on --deployment yarn",
        "run --engine storm --deployment yarn | engine storm has no --deployment yarn: Storm has no YARN deployment of its own",
        "run --engine kafka-streams --deployment yarn | engine kafka-streams has no --deployment yarn: it has no client",
        "run --engine flink --deployment mesos | --deployment must be local, cluster or yarn, was 'mesos'",
        "run --engine flink --deployment yarn --workers 1 --slots-per-worker 1 --parallelism 2 | --parallelism 2 needs as many task slots",
        "run --engine kafka-streams --checkpoint-storage hdfs | engine kafka-streams offers no --checkpoint-storage hdfs: Kafka Streams keeps its state in local stores",
        "run --engine storm --checkpoint-storage hdfs | engine storm offers no --checkpoint-storage hdfs",
        "run --engine flink --checkpoint-storage hdfs --hadoop-conf /nonexistent | --hadoop-conf /nonexistent holds no core-site.xml",
      })
  void badInputIsOneLineAndExitCode2(String args, String message) {
    StringWriter err = new StringWriter();
    assertEquals(2, run(err, args.trim().split("\\s+")));
    String out = err.toString().strip();
    assertTrue(out.contains(message), out);
    assertFalse(out.contains("\n"), "one line: " + out);
    assertFalse(out.contains("java."), "no Java class names: " + out);
    assertFalse(Files.exists(dir.resolve("results.db")), "nothing stored");
  }

  @Test
  void aSuiteWithItsOwnBrokerCountsOnAnExternalKafkaIsAUsageError() throws Exception {
    Path suite = dir.resolve("brokers.yaml");
    Files.writeString(
        suite, "engines: [baseline]\nworkloads: [identity]\nrates: [1000]\nbrokers: [3]\n");
    StringWriter err = new StringWriter();
    assertEquals(2, run(err, "suite", suite.toString(), "--kafka", "127.0.0.1:1"));
    assertTrue(err.toString().contains("it cannot go with --kafka"), err.toString());
    assertFalse(Files.exists(dir.resolve("results.db")), "nothing stored");
  }

  @Test
  void aSuitePlacedOnCpusThisMachineHasNotIsAUsageError() throws Exception {
    Path suite = dir.resolve("cpus.yaml");
    Files.writeString(
        suite, "engines: [baseline]\nworkloads: [identity]\nrates: [1000]\ncpus: engine=4095\n");
    StringWriter err = new StringWriter();
    assertEquals(2, run(err, "suite", suite.toString()));
    assertTrue(
        err.toString()
            .contains("suite file key cpus: CPU 4095 of role engine is not on this machine"),
        err.toString());
    assertFalse(Files.exists(dir.resolve("results.db")), "nothing stored");
    err = new StringWriter();
    assertEquals(2, run(err, "suite", suite.toString(), "--cpus", "engine=x"));
    assertTrue(
        err.toString().contains("--cpus: 'x' of role engine is not a CPU list"), err.toString());
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
