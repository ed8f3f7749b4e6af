package org.streambench.harness.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.streambench.harness.UsageException;

class FaultSpecTest {

  @Test
  void killOneWorkerAtATime() {
    ProcessFault f = (ProcessFault) FaultSpec.parse("kill:worker@20s");
    assertEquals(ProcessFault.Action.KILL, f.action());
    assertEquals(Role.WORKER, f.role());
    assertEquals(Duration.ofSeconds(20), f.first());
    assertNull(f.every());
    assertTrue(f.restart());
    assertEquals(List.of(Duration.ofSeconds(20)), f.times(Duration.ofSeconds(60)));
    assertEquals(List.of(), f.times(Duration.ofSeconds(20)));
  }

  @Test
  void repeatedFaultFallsEveryPeriodWithinTheSteadyState() {
    ProcessFault f = (ProcessFault) FaultSpec.parse("kill:worker@every:15s");
    assertEquals(
        List.of(Duration.ofSeconds(15), Duration.ofSeconds(30), Duration.ofSeconds(45)),
        f.times(Duration.ofSeconds(60)));
  }

  @Test
  void pauseHasItsLengthAndNorestartLeavesAProcessDown() {
    ProcessFault pause = (ProcessFault) FaultSpec.parse("pause:worker@20s/5s");
    assertEquals(Duration.ofSeconds(5), pause.pause());
    ProcessFault down = (ProcessFault) FaultSpec.parse("stop:master@30s:norestart");
    assertEquals(ProcessFault.Action.STOP, down.action());
    assertEquals(Role.MASTER, down.role());
    assertFalse(down.restart());
    assertEquals(Role.BROKER, ((ProcessFault) FaultSpec.parse("kill:broker@1500ms")).role());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "kill worker 20s|expected --fault KIND:TARGET@TIME",
        "crash:worker@20s|unknown kind 'crash'",
        "kill:node@20s|unknown target 'node'",
        "kill:worker@soon|'soon' is not a duration",
        "pause:worker@20s|a pause needs its length",
        "kill:worker@20s/5s|only a pause has a length",
        "pause:worker@20s/5s:norestart|a paused process always resumes",
        "kill:worker@every:0s|must be positive",
        "kill:worker@500ms|1s or later",
        "kill:broker@20s:norestart|a broker always comes back"
      })
  void badFaultsAreRefusedSayingWhy(String text, String why) {
    UsageException e = assertThrows(UsageException.class, () -> FaultSpec.parse(text));
    assertTrue(e.getMessage().startsWith("--fault " + text + ": "), e.getMessage());
    assertTrue(e.getMessage().contains(why), e.getMessage());
  }

  @Test
  void scheduleOrdersFaultsByTimeAndRefusesOneAfterTheSteadyState() {
    FaultSchedule s =
        FaultSchedule.parse(
            List.of("kill:worker@every:20s", "pause:worker@10s/2s"),
            Duration.ofSeconds(5),
            Duration.ofSeconds(120));
    List<FaultSchedule.Planned> plan = s.plan(Duration.ofSeconds(50));
    assertEquals(
        List.of(Duration.ofSeconds(10), Duration.ofSeconds(20), Duration.ofSeconds(40)),
        plan.stream().map(FaultSchedule.Planned::at).toList());
    assertEquals(List.of(1, 2, 3), plan.stream().map(FaultSchedule.Planned::number).toList());
    assertEquals("pause", plan.get(0).spec().kind());
    UsageException late =
        assertThrows(
            UsageException.class,
            () ->
                FaultSchedule.parse(
                        List.of("kill:worker@60s"), Duration.ofSeconds(5), Duration.ofSeconds(1))
                    .plan(Duration.ofSeconds(30)));
    assertTrue(late.getMessage().contains("falls after the steady state ends"), late.getMessage());
  }

  @Test
  void afterRecoveryNeedsAFaultAndNoNegativeTime() {
    FaultSchedule none = FaultSchedule.none();
    UsageException alone =
        assertThrows(UsageException.class, () -> none.endingAfterRecovery(Duration.ofSeconds(5)));
    assertEquals("--after-recovery needs a --fault to recover from", alone.getMessage());
    FaultSchedule kill =
        FaultSchedule.parse(
            List.of("kill:worker@8s"), Duration.ofSeconds(3), Duration.ofSeconds(60));
    assertThrows(UsageException.class, () -> kill.endingAfterRecovery(Duration.ofSeconds(-1)));
    assertEquals(Duration.ZERO, kill.endingAfterRecovery(Duration.ZERO).afterRecovery());
    assertNull(kill.afterRecovery(), "off unless asked for");
  }
}
