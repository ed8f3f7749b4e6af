package org.streambench.harness.agent;

import java.util.Comparator;
import java.util.List;

/**
 * How far an agent's clock reads ahead of the harness's, estimated as NTP does: the harness notes
 * its clock when it asks ({@code sent}) and when the answer arrives ({@code received}); the agent
 * read its clock ({@code agent}) somewhere between the two. The true offset therefore lies within
 * {@code agent - received} to {@code agent - sent}: the estimate is the middle, its bound half the
 * round trip. Of many exchanges the one with the shortest round trip gives the tightest bound.
 *
 * @param offsetMicros the agent's clock minus the harness's, in µs
 * @param boundMicros the largest error of {@code offsetMicros}, in µs
 * @param roundTripMicros the round trip of the exchange the estimate comes from
 * @param exchanges how many exchanges it was chosen from
 */
public record ClockOffset(
    long offsetMicros, long boundMicros, long roundTripMicros, int exchanges) {
  /** One exchange: the harness's clock when it asked and when it heard, the agent's in between. */
  public record Exchange(long sentMicros, long agentMicros, long receivedMicros) {
    long roundTrip() {
      return receivedMicros - sentMicros;
    }
  }

  /** The estimate from the exchange with the shortest round trip. */
  public static ClockOffset of(List<Exchange> exchanges) {
    Exchange best =
        exchanges.stream()
            .filter(e -> e.roundTrip() >= 0) // a harness clock stepped back mid-exchange
            .min(Comparator.comparingLong(Exchange::roundTrip))
            .orElseThrow(() -> new IllegalArgumentException("no usable clock exchange"));
    long middle = best.sentMicros() + best.roundTrip() / 2;
    // each clock reads whole µs: one more µs either way
    long bound = (best.roundTrip() + 1) / 2 + 1;
    return new ClockOffset(best.agentMicros() - middle, bound, best.roundTrip(), exchanges.size());
  }

  /** Whether {@code trueOffsetMicros} lies within this estimate's bound. */
  public boolean covers(long trueOffsetMicros) {
    return Math.abs(trueOffsetMicros - offsetMicros) <= boundMicros;
  }
}
