package org.streambench.verifier.workload;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.streambench.api.Guarantee;

class ReplayTest {
  private final Replay replay =
      Replay.of(() -> new IdentityCheck(0, Guarantee.EXACTLY_ONCE), 100, 1_000_000, 1000);

  /** identity's correct output: each record with its entry and exit stamps. */
  private List<String> correct() {
    List<String> out = new ArrayList<>();
    replay.input().forEach(r -> out.add(r.value() + "," + (r.t() + 1) + "," + (r.t() + 2)));
    return out;
  }

  @Test
  void correctOutputPassesAndItsDamageIsCaught() {
    assertDoesNotThrow(() -> replay.assertValidAndDamageCaught(correct(), Replay::dropOne));
  }

  @Test
  void failsWhenTheOutputIsWrongOrTheDamageGoesUnseen() {
    List<String> lost = Replay.dropOne(correct());
    AssertionError wrong =
        assertThrows(
            AssertionError.class, () -> replay.assertValidAndDamageCaught(lost, Replay::dropOne));
    assertTrue(wrong.getMessage().contains("INVALID") || wrong.getMessage().contains("invalid"));
    assertThrows(
        AssertionError.class, () -> replay.assertValidAndDamageCaught(correct(), out -> out));
    assertThrows(
        AssertionError.class,
        () -> replay.assertValidAndDamageCaught(correct().subList(0, 5), Replay::dropOne));
  }
}
