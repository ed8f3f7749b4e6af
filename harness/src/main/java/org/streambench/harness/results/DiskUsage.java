package org.streambench.harness.results;

/**
 * Storage reads and writes of one process (or of a role's processes together) in the steady state,
 * from {@code read_bytes} and {@code write_bytes} of {@code /proc/<pid>/io}: bytes that reached the
 * block layer (a write is counted when its page is dirtied), not reads served from the page cache.
 *
 * @param readBytesPerSecond bytes read from storage per second
 * @param writtenBytesPerSecond bytes written to storage per second
 */
public record DiskUsage(double readBytesPerSecond, double writtenBytesPerSecond) {}
