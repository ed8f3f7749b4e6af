package org.streambench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one check that an engine registers what it builds: its {@code engine.properties} (read from
 * the module directory, where tests run) against its {@link EngineCatalogue}. Each engine's test
 * extends it:
 *
 * <pre>
 * class FlinkCatalogueTest extends EngineCatalogueContract {
 *   FlinkCatalogueTest() {
 *     super(new FlinkEngine(), FlinkEngine.CATALOGUE);
 *   }
 * }
 * </pre>
 */
public abstract class EngineCatalogueContract {
  private final StreamEngine engine;
  private final EngineCatalogue<?> catalogue;
  private Properties registration;

  /** Where its settings are: its own {@code conf/}, or the one of the engine it is a version of. */
  private Path confDir;

  @TempDir Path runDir;

  protected EngineCatalogueContract(StreamEngine engine, EngineCatalogue<?> catalogue) {
    this.engine = engine;
    this.catalogue = catalogue;
  }

  /**
   * Its {@code engine.properties}; another version of an engine ({@code version-of}) over the
   * registration of the engine it is a version of, as the harness reads them.
   */
  @BeforeEach
  public void readRegistration() throws IOException {
    Properties own = read(Path.of("engine.properties"));
    String base = own.getProperty("version-of", "").trim();
    confDir = Path.of(base.isEmpty() ? "" : "../" + base, "conf");
    registration = base.isEmpty() ? own : read(Path.of("..", base, "engine.properties"));
    registration.putAll(own);
  }

  private static Properties read(Path file) throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file)) {
      p.load(r);
    }
    return p;
  }

  @Test
  public void registersItsNameAndMainClass() {
    assertEquals(engine.name(), registration.getProperty("name"));
    assertEquals(engine.getClass().getName(), registration.getProperty("main"));
  }

  /** Its {@code version}, the line the harness names it by, is the line its jar is built on. */
  @Test
  public void registersTheVersionItIsBuiltOn() {
    String version = registration.getProperty("version", "").trim();
    if (!version.isEmpty()) {
      String built = engine.versions().get(engine.name());
      assertTrue(
          built != null && built.startsWith(version + "."),
          "engine.properties says version " + version + ", the jar is built on " + built);
    }
  }

  @Test
  public void registersExactlyTheWorkloadsItBuilds() {
    assertEquals(catalogue.workloads(), list("workloads"));
  }

  @Test
  public void registersExactlyItsInJobWorkloads() {
    assertEquals(catalogue.inJobWorkloads(), Set.copyOf(list("in-job")));
  }

  @Test
  public void registersExactlyItsGuaranteesEachWithItsSettingsFile() {
    Set<Guarantee> registered =
        list("guarantees").stream()
            .map(Guarantee::parse)
            .collect(Collectors.toCollection(() -> EnumSet.noneOf(Guarantee.class)));
    assertEquals(catalogue.guarantees(), registered);
    for (Guarantee g : registered) {
      Path settings = confDir.resolve(g.id() + ".yaml");
      assertTrue(Files.isRegularFile(settings), settings.toString());
    }
  }

  @Test
  public void saysWhyItDoesNotOfferTheOtherGuarantees() {
    for (Guarantee g : Guarantee.values()) {
      if (!catalogue.guarantees().contains(g)) {
        String why = registration.getProperty("not-offered." + g.id(), "");
        assertFalse(why.isBlank(), "engine.properties lacks not-offered." + g.id());
      }
    }
  }

  @Test
  public void refusesWhatItDoesNotOffer() {
    Guarantee offered = catalogue.guarantees().iterator().next();
    String workload = catalogue.workloads().get(0);
    assertRefused(spec("nosuch", offered, Map.of()), "has no workload 'nosuch'");
    for (String w : catalogue.workloads()) {
      if (!catalogue.inJobWorkloads().contains(w)) {
        assertRefused(spec(w, offered, Map.of("source", "in-job")), "has no in-job source");
      }
    }
    for (Guarantee g : Guarantee.values()) {
      if (!catalogue.guarantees().contains(g)) {
        assertRefused(spec(workload, g, Map.of()), "does not offer " + g.id());
      }
    }
  }

  @Test
  public void buildsEveryWorkloadItOffersWithEveryGuarantee() {
    for (String w : catalogue.workloads()) {
      for (Guarantee g : catalogue.guarantees()) {
        assertTrue(catalogue.builder(spec(w, g, Map.of())) != null, w + " " + g);
      }
    }
  }

  private void assertRefused(JobSpec spec, String message) {
    UnsupportedOperationException e =
        assertThrows(UnsupportedOperationException.class, () -> catalogue.builder(spec));
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }

  private List<String> list(String key) {
    String value = registration.getProperty(key, "").trim();
    return value.isEmpty() ? List.of() : Arrays.asList(value.split(","));
  }

  private JobSpec spec(String workload, Guarantee guarantee, Map<String, String> params) {
    return new JobSpec(
        "run-1", workload, "127.0.0.1:1", "in", "out", guarantee, 1, runDir, Map.of(), params);
  }
}
