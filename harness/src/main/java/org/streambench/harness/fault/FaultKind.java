package org.streambench.harness.fault;

/**
 * A kind of fault, found by its name, the text before the first colon of a {@code --fault}: it
 * parses the option into its {@link FaultSpec}, whose {@link Injector} does it (docs/faults.md;
 * ARCHITECTURE.md says how to add one).
 */
public interface FaultKind {
  /** Its name, as a {@code --fault} starts ({@code kill}). */
  String name();

  /** The option's parts parsed into its spec; a usage error ({@link FaultText#bad}) otherwise. */
  FaultSpec parse(FaultText option);
}
