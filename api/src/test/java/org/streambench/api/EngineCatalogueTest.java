package org.streambench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EngineCatalogueTest {
  private final EngineCatalogue<String> catalogue =
      new EngineCatalogue<String>("the test engine", Guarantee.AT_LEAST_ONCE)
          .add("identity", "identity job")
          .add("grep", "grep job")
          .inJob("grep");

  @Test
  void listsWhatItBuildsInOrder() {
    assertEquals(List.of("identity", "grep"), catalogue.workloads());
    assertEquals(Set.of("grep"), catalogue.inJobWorkloads());
    assertEquals(Set.of(Guarantee.AT_LEAST_ONCE), catalogue.guarantees());
    assertEquals("grep job", catalogue.builder(spec("grep", Guarantee.AT_LEAST_ONCE, true)));
  }

  @Test
  void refusesInOneLine() {
    assertEquals(
        "the test engine has no workload 'nosuch' (it has: identity, grep)",
        refusal(spec("nosuch", Guarantee.AT_LEAST_ONCE, false)));
    assertEquals(
        "the test engine has no in-job source for workload identity",
        refusal(spec("identity", Guarantee.AT_LEAST_ONCE, true)));
    assertEquals(
        "the test engine does not offer exactly-once delivery (it offers: at-least-once)",
        refusal(spec("grep", Guarantee.EXACTLY_ONCE, false)));
    catalogue.noInJobBecause("it reads Kafka");
    assertEquals(
        "the test engine has no in-job source for workload identity: it reads Kafka",
        refusal(spec("identity", Guarantee.AT_LEAST_ONCE, true)));
  }

  @Test
  void inJobWorkloadsMustBeInTheCatalogue() {
    assertThrows(IllegalArgumentException.class, () -> catalogue.inJob("join"));
    assertThrows(IllegalArgumentException.class, () -> catalogue.add("grep", "again"));
  }

  private String refusal(JobSpec spec) {
    return assertThrows(UnsupportedOperationException.class, () -> catalogue.builder(spec))
        .getMessage();
  }

  private static JobSpec spec(String workload, Guarantee guarantee, boolean inJob) {
    return new JobSpec(
        "run-1",
        workload,
        "127.0.0.1:1",
        "in",
        "out",
        guarantee,
        1,
        Path.of("run"),
        Map.of(),
        inJob ? Map.of("source", "in-job") : Map.of());
  }
}
