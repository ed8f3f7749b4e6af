package org.streambench.harness.fault;

import org.streambench.harness.process.ProcessSlot;

/**
 * What a fault hit: a process (its slot, name and pid as it was hit), or nothing, with why.
 *
 * @param name what was hit, as its outcome names it, or null
 * @param pid the process's id when it was hit, or 0
 * @param slot the process's slot, or null
 * @param note why nothing was hit, or null
 */
public record Hit(String name, long pid, ProcessSlot slot, String note) {
  static Hit of(ProcessSlot slot) {
    return new Hit(slot.name(), slot.process().pid(), slot, null);
  }

  static Hit nothing(String why) {
    return new Hit(null, 0, null, why);
  }

  public boolean hitSomething() {
    return name != null;
  }
}
