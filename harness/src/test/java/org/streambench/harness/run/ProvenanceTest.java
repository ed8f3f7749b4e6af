package org.streambench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Reading git's porcelain status, the basis of "dirty". */
class ProvenanceTest {
  @Test
  void aPorcelainLineIsNamedByItsPathOrARenamesTarget() {
    assertEquals("b.yaml", Provenance.porcelainPath("R  a.yaml -> b.yaml"));
    assertEquals("suites/x.yaml", Provenance.porcelainPath("?? suites/x.yaml"));
    assertEquals("Makefile", Provenance.porcelainPath(" M Makefile"));
    assertEquals("Makefile", Provenance.porcelainPath("M Makefile"));
    assertEquals("Makefile", Provenance.porcelainPath("MM Makefile"));
  }
}
