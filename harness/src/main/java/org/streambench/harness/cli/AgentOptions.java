package org.streambench.harness.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.streambench.harness.agent.Agents;
import picocli.CommandLine.Option;

/** {@code --agents} and {@code --agent-token-file}: input generated on agents (docs/agents.md). */
final class AgentOptions {
  @Option(
      names = "--agents",
      paramLabel = "HOST:PORT[,HOST:PORT...]",
      split = ",",
      description =
          "Generate the input on these agents (streambench agent, on this machine or others)"
              + " instead of in this process: each runs --generator-threads send loops (1 for"
              + " auto) of the one open-loop schedule, a disjoint share of the records and"
              + " partitions, its clock measured against this one's. Fixed-rate runs of identity,"
              + " sleep and grep. docs/agents.md.")
  List<String> addresses = new ArrayList<>();

  @Option(
      names = "--agent-token-file",
      paramLabel = "FILE",
      description = "The file of the token the agents were started with (their --token-file).")
  Path tokenFile;

  boolean given() {
    return !addresses.isEmpty();
  }

  Agents agents() {
    return new Agents(addresses, tokenFile);
  }
}
