package org.streambench.engine.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.streambench.api.workload.StateMachine;
import org.streambench.api.workload.StateMachineInput;

class StateMachineJobTest {
  @Test
  void endsEverySessionWithItsEventCountAndNeverAlertsOnValidInput() throws Exception {
    Result r = run(0);
    assertEquals(r.expectedEnds, r.ends);
    assertEquals(0, r.alerts.size(), r.alerts.toString());
  }

  @Test
  void alertsOnTheRequestThatFollowsAReorderedLogout() throws Exception {
    Result r = run(4);
    assertEquals(r.expectedEnds, r.ends);
    assertTrue(r.alerts.size() > 10, "alerts: " + r.alerts.size());
    for (String alert : r.alerts) {
      String[] f = alert.split(",");
      assertEquals("OUT:" + StateMachine.REQUEST, f[4], alert);
    }
  }

  private record Result(
      Map<Long, Integer> expectedEnds, Map<Long, Integer> ends, List<String> alerts) {}

  private static Result run(int reorderEvery) throws Exception {
    StateMachineInput generator = new StateMachineInput(11, 20, 3, reorderEvery);
    byte[] buf = new byte[generator.maxBytes()];
    List<StateMachineJob.Event> events = new ArrayList<>();
    Map<Long, Integer> expectedEnds = new HashMap<>();
    for (long seq = 0; seq < 3000; seq++) {
      int len = generator.encode(seq, 1000 + seq, buf);
      events.add(StateMachineJob.Event.parse(Arrays.copyOf(buf, len), 2000 + seq));
      if (generator.lastEvent().equals(StateMachine.LOGOUT)) {
        expectedEnds.put(seq, generator.lastSessionEvents());
      }
    }

    List<String> out = LocalFlink.collect(StateMachineJob.run(LocalFlink.env().fromData(events)));

    Map<Long, Integer> ends = new HashMap<>();
    List<String> alerts = new ArrayList<>();
    for (String record : out) {
      String[] f = record.split(",");
      assertEquals(6, f.length, record);
      long seq = Long.parseLong(f[0]);
      StateMachineJob.Event in = events.get((int) seq);
      assertEquals(in.t() + "," + in.key(), f[1] + "," + f[2]);
      assertEquals(Long.toString(in.in()), f[5]);
      if (f[3].equals("end")) {
        ends.put(seq, Integer.parseInt(f[4]));
      } else {
        assertEquals("alert", f[3], record);
        alerts.add(record);
      }
    }
    assertTrue(expectedEnds.size() > 100);
    return new Result(expectedEnds, ends, alerts);
  }
}
