package org.streambench.engine.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TaskPlacementTest {
  @Test
  void theWorkerOfAResourceIdIsTheNumberAfterItsRole() {
    assertEquals(2, TaskPlacement.workerNumber("taskmanager-2-41733"));
    assertEquals(12, TaskPlacement.workerNumber("taskmanager-12-7"));
    assertEquals(3, TaskPlacement.workerNumber("taskmanager-3"));
  }
}
