package org.streambench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngineProcessTest {
  @Test
  void theHarnessNamesAProcessByArgumentsItReadsBack() {
    EngineProcess worker = new EngineProcess("taskmanager-2", 2);
    List<String> args = new ArrayList<>(List.of("spec.properties"));
    args.addAll(worker.args());
    assertEquals(worker, EngineProcess.fromArgs(args.toArray(String[]::new)));
    assertEquals(EngineProcess.SOLE, EngineProcess.fromArgs(new String[] {"spec.properties"}));
    assertThrows(
        IllegalArgumentException.class, () -> EngineProcess.fromArgs(new String[] {"a", "b"}));
  }

  @Test
  void theSoleProcessKeepsTheEngineFileNames() {
    assertEquals("engine.ready", EngineProcess.SOLE.readyFile());
    assertEquals("engine-info.properties", EngineProcess.SOLE.infoFile());
    assertEquals("engine-error.txt", EngineProcess.SOLE.errorFile());
    assertEquals("engine.log", EngineProcess.SOLE.logFile());
    assertEquals("instance-2.ready", new EngineProcess("instance-2", 2).readyFile());
  }

  @Test
  void writesItsInfoReadinessAndDeepestErrorMessage(@TempDir Path dir) throws Exception {
    EngineProcess p = new EngineProcess("jobmanager", JobSpec.SOLE);
    p.writeInfo(dir, "flink", Map.of("flink", "2.2.0"));
    String info = Files.readString(dir.resolve("jobmanager-info.properties"));
    assertEquals(true, info.contains("version.flink=2.2.0") && info.contains("process=jobmanager"));
    p.markReady(dir);
    assertEquals(true, Files.exists(dir.resolve("jobmanager.ready")));
    p.writeError(dir, new IllegalStateException("outer", new RuntimeException("the cause\nmore")));
    assertEquals("the cause", Files.readString(dir.resolve("jobmanager-error.txt")));
  }
}
