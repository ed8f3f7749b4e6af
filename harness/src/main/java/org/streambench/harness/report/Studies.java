package org.streambench.harness.report;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.streambench.harness.UsageException;

/**
 * The published studies the suites reproduce, and the standard of the published pages ({@code
 * docs/studies.yaml}): the processor every page of the index is measured on, and per study its
 * questions that no suite here can answer, with why. Each suite names its study and its question
 * itself ({@code study:}, {@code question:}).
 *
 * @param processor the processor type of every page in the index (a page measured on another is
 *     listed in its appendix); null = no standard
 * @param studies in the order the index lists them
 */
public record Studies(String processor, List<Study> studies) {
  /** Where a checkout keeps them. */
  public static final String FILE = "docs/studies.yaml";

  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory())
          .setPropertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** None, and no standard: what a checkout without the file has. */
  public static final Studies NONE = new Studies(null, List.of());

  public Studies {
    studies = studies == null ? List.of() : studies;
  }

  /**
   * One study.
   *
   * @param id how suites name it ({@code study: fvs})
   * @param title who did it and what, as the index heads its rows
   * @param notMeasured its questions that cannot be measured here
   */
  public record Study(String id, String title, List<NotMeasured> notMeasured) {
    public Study {
      notMeasured = notMeasured == null ? List.of() : notMeasured;
    }
  }

  /** A study's question no suite here answers, and why it cannot. */
  public record NotMeasured(String question, String why) {}

  /**
   * The studies in {@code file}, {@link #NONE} if there is no such file.
   *
   * @throws UsageException with one line if the file is malformed
   */
  public static Studies read(Path file) {
    if (!Files.isRegularFile(file)) {
      return NONE;
    }
    Studies studies;
    try {
      studies = YAML.readValue(Files.readString(file), Studies.class);
    } catch (IOException e) {
      throw new UsageException(file + ": " + UsageException.firstLine(e));
    }
    for (Study s : studies.studies()) {
      if (s.id() == null || s.title() == null) {
        throw new UsageException(file + ": every study needs an id and a title");
      }
    }
    return studies;
  }

  /** The study of {@code id}, or null. */
  public Study byId(String id) {
    return studies.stream().filter(s -> s.id().equals(id)).findFirst().orElse(null);
  }
}
