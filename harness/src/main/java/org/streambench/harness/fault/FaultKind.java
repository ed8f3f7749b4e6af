package org.streambench.harness.fault;

import java.util.function.Function;

/**
 * A kind of fault, found by its name, the text before the first colon of a {@code --fault}: it
 * parses the option into its {@link FaultSpec}, whose {@link Injector} does it (docs/faults.md;
 * ARCHITECTURE.md says how to add one).
 *
 * @param name its name, as a {@code --fault} starts ({@code kill})
 * @param parser the option's parts parsed into its spec; a usage error ({@link FaultText#bad})
 *     otherwise
 */
public record FaultKind(String name, Function<FaultText, FaultSpec> parser) {
  FaultSpec parse(FaultText option) {
    return parser.apply(option);
  }
}
