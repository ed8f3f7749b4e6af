package org.streambench.harness.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.streambench.harness.Home;

/**
 * Every module whose jar these tests start (the broker's, Hadoop's, each engine's) is a dependency
 * of this module: Maven builds modules side by side (-T1C) in the order of their dependencies, so
 * one left out could still be shading its jar when the tests start it.
 */
class BuildOrderTest {
  private static final Pattern ARTIFACT = Pattern.compile("<artifactId>([^<]+)</artifactId>");

  @Test
  void everyEngineTheBrokerAndHadoopAreBuiltBeforeTheTests() throws Exception {
    Path root = Home.detect().root();
    String ours = Files.readString(root.resolve("integration-tests/pom.xml"));
    try (Stream<Path> engines = Files.list(root.resolve("engines"))) {
      Stream.concat(engines, Stream.of(root.resolve("broker"), root.resolve("hadoop")))
          .filter(dir -> Files.exists(dir.resolve("pom.xml")))
          .forEach(
              dir -> {
                String artifact = ownArtifact(dir.resolve("pom.xml"));
                assertTrue(
                    ours.contains("<artifactId>" + artifact + "</artifactId>"),
                    () -> artifact + " is not a dependency of integration-tests/pom.xml");
              });
    }
  }

  /** The module's own artifactId: the second in its pom, after its parent's. */
  private static String ownArtifact(Path pom) {
    try {
      Matcher m = ARTIFACT.matcher(Files.readString(pom));
      m.find();
      m.find();
      return m.group(1);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
