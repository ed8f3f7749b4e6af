package org.streambench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkLogTest {
  @TempDir Path runDir;

  @Test
  void aWorkersSharesReadBackInOrderSortedWithoutCommasInItems() throws Exception {
    WorkLog.append(runDir, 2, List.of("in-1", "in-0"));
    WorkLog.append(runDir, 2, List.of());
    WorkLog.append(runDir, 2, List.of("Map, Sink#0"));
    List<WorkLog.Change> changes = WorkLog.read(runDir, 2);
    assertEquals(3, changes.size());
    assertEquals(List.of("in-0", "in-1"), changes.get(0).items());
    assertEquals(List.of(), changes.get(1).items(), "a spare holds nothing");
    assertEquals(List.of("Map; Sink#0"), changes.get(2).items());
    assertTrue(changes.get(0).atMillis() <= changes.get(2).atMillis());
    assertEquals(List.of(), WorkLog.read(runDir, 1), "a worker whose engine wrote nothing");
  }

  @Test
  void onlyAClusterWorkerLogsItsOwnShareAndPartitionsLoseTheRunsPrefix() throws Exception {
    JobSpec local =
        new JobSpec(
            "r1",
            "identity",
            "127.0.0.1:1",
            "sb-r1-in",
            "sb-r1-out",
            Guarantee.AT_LEAST_ONCE,
            1,
            runDir,
            Map.of(),
            Map.of());
    WorkLog.append(local, List.of("in-0"));
    try (var files = Files.list(runDir)) {
      assertEquals(0, files.count(), "the sole process of a local run logs nothing");
    }
    JobSpec worker =
        new JobSpec(
                "r1",
                "identity",
                "127.0.0.1:1",
                "sb-r1-in",
                "sb-r1-out",
                Guarantee.AT_LEAST_ONCE,
                1,
                runDir,
                Map.of(),
                Map.of(),
                new Deployment(Deployment.Kind.CLUSTER, 2, 1),
                JobSpec.SOLE)
            .forInstance(2);
    WorkLog.append(worker, List.of(WorkLog.partition(worker, "sb-r1-in", 3)));
    assertEquals(List.of("in-3"), WorkLog.read(runDir, 2).get(0).items());
  }
}
