package org.streambench.harness.net;

/**
 * What link faults act on (docs/faults.md): the run's links by name ({@code engine-broker}, ...),
 * impaired, healed and reset as a whole or for one {@link Peer}. The {@link LinkProxy} carries them
 * byte by byte; {@link NetworkNamespaces} take a process's link down at the network device.
 */
public interface Links {
  /** Whether it carries {@code link}. */
  boolean carries(String link);

  /**
   * Adds {@code impairment} to {@code link}, on the connections of {@code peer} (every one if
   * null), from now on; the handle {@link #heal} takes it off with.
   */
  Object impair(String link, Impairment impairment, Peer peer);

  /** Takes the impairment of {@code handle} off {@code link}; any others stay. */
  void heal(String link, Object handle);

  /** Resets the connections of {@code link} that {@code peer} has (every one if null); how many. */
  int reset(String link, Peer peer);
}
