package org.streambench.harness.net;

import java.util.List;

/**
 * What the impairments in force on a link do to one of its connections: their sum, and the
 * bandwidth of each (shared with the other connections it applies to) that its bytes must pass.
 */
record Effect(Impairment impairment, List<Pacer> out, List<Pacer> back) {
  static final Effect PASS = new Effect(Impairment.PASS, List.of(), List.of());

  /** When {@code bytes} the given way are through every bandwidth on them (nanoTime), or 0. */
  long reserve(boolean outward, int bytes) {
    long release = 0;
    for (Pacer p : outward ? out : back) {
      release = Math.max(release, p.reserve(bytes));
    }
    return release;
  }
}
