package org.streambench.harness.agent;

import java.nio.file.Path;
import java.util.List;

/**
 * The agents a run's load comes from ({@code --agents}), and the file of the token they share
 * ({@code --agent-token-file}, null for agents that run without one, on loopback).
 */
public record Agents(List<String> addresses, Path tokenFile) {
  /** No agents: this JVM generates. */
  public static final Agents NONE = new Agents(List.of(), null);

  public Agents {
    addresses = List.copyOf(addresses);
    if (addresses.isEmpty() && tokenFile != null) {
      throw new org.streambench.harness.UsageException("--agent-token-file needs --agents");
    }
  }

  public boolean none() {
    return addresses.isEmpty();
  }

  /** A client of each agent, in the order given. */
  public List<AgentClient> clients() {
    AgentToken token = token();
    return addresses.stream().map(a -> AgentClient.of(a, token)).toList();
  }

  /** Checks, without a connection, that each address is HOST:PORT and the token is readable. */
  public void check() {
    addresses.forEach(AgentClient::base);
    token();
  }

  private AgentToken token() {
    return tokenFile == null ? null : AgentToken.read(tokenFile, "--agent-token-file");
  }
}
