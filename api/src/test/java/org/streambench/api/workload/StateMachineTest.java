package org.streambench.api.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StateMachineTest {
  @Test
  void aSessionIsLoginRequestsLogout() {
    int state = StateMachine.next(StateMachine.OUT, StateMachine.LOGIN);
    assertEquals(StateMachine.IN, state);
    assertEquals(StateMachine.IN, StateMachine.next(state, StateMachine.REQUEST));
    assertTrue(StateMachine.endsSession(state, StateMachine.LOGOUT));
    assertEquals(StateMachine.OUT, StateMachine.next(state, StateMachine.LOGOUT));
    assertEquals(StateMachine.INVALID, StateMachine.next(StateMachine.OUT, StateMachine.REQUEST));
    assertEquals(StateMachine.INVALID, StateMachine.next(StateMachine.IN, StateMachine.LOGIN));
  }

  @Test
  void outputLines() {
    assertEquals("3,13,u1,end,3", StateMachine.end("3,13,u1", 3));
    assertEquals(
        "3,13,u1,alert,OUT:request",
        StateMachine.alert("3,13,u1", StateMachine.OUT, StateMachine.REQUEST));
  }
}
