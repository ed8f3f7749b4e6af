package org.streambench.harness.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.streambench.harness.results.ProcessProfile;
import org.streambench.harness.results.RunResult;

/**
 * "Where the time went" of a run with {@code --cpu-profile}: per profiled process, the CPU by
 * owner, the top frames and allocation sites, and the flame graph inline (read from the run's
 * {@code profiles/} directory; where it is not there, as in a report made on another machine, the
 * section says so).
 */
final class ProfileSection {
  /** Flame graphs larger than this are linked, not inlined, to keep the page loadable. */
  private static final long MAX_INLINE_BYTES = 3L << 20;

  private ProfileSection() {}

  static void write(Html h, RunResult r) {
    if (r.profiles() == null) {
      return;
    }
    h.element("p", null, "CPU profile of the steady state, per process:");
    for (ProcessProfile p : r.profiles()) {
      h.raw("<details open><summary>");
      h.element("strong", null, p.process());
      h.text(
          p.error() != null
              ? " — not profiled: " + p.error()
              : String.format(
                  Locale.ROOT,
                  " — pid %d, %,d CPU samples (%s): %s",
                  p.pid(),
                  p.samples(),
                  p.event(),
                  p.ownersLine()));
      h.raw("</summary>");
      if (p.error() == null) {
        frames(h, "top frames, self (share of CPU samples)", p.topSelf());
        frames(h, "top methods, total: workload, parsing, Kafka client, harness", p.topTotal());
        frames(
            h,
            "top allocation sites (share of "
                + p.allocationSamples()
                + " sampled allocations' bytes)",
            p.topAllocations());
        flameGraph(h, r, p);
      }
      h.raw("</details>");
    }
  }

  private static void frames(Html h, String title, List<ProcessProfile.FrameShare> frames) {
    if (frames.isEmpty()) {
      return;
    }
    h.element("p", null, title + ":");
    h.open("table", "kv");
    for (ProcessProfile.FrameShare f : frames) {
      h.raw("<tr>")
          .element("td", null, String.format(Locale.ROOT, "%.1f %%", f.share() * 100))
          .element("td", null, f.frame())
          .raw("</tr>\n");
    }
    h.close("table");
  }

  private static void flameGraph(Html h, RunResult r, ProcessProfile p) {
    Path profiles = Path.of(r.runDir(), "profiles").normalize();
    Path svg = Path.of(r.runDir()).resolve(p.flameGraph()).normalize();
    if (!svg.startsWith(profiles) || !svg.getFileName().toString().endsWith(".svg")) {
      // only a flame graph this tool drew is inlined, whatever a stored result says
      h.element("p", "warn", "flame graph path outside the run's profiles: " + p.flameGraph());
      return;
    }
    try {
      if (Files.size(svg) <= MAX_INLINE_BYTES) {
        // drawn by FlameGraph, which escapes every frame name
        h.raw("<div class=\"flame\">" + Files.readString(svg) + "</div>");
        return;
      }
      h.element("p", null, "flame graph (too large to inline): " + svg);
    } catch (IOException e) {
      h.element("p", "warn", "flame graph not found at " + svg);
    }
  }
}
