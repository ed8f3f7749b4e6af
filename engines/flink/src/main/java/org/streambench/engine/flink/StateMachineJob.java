package org.streambench.engine.flink;

import java.nio.charset.StandardCharsets;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.Collector;
import org.streambench.api.JobSpec;
import org.streambench.api.workload.Csv;
import org.streambench.api.workload.StateMachine;

/**
 * statemachine: per user, a value state holds the login state and the events of the current
 * session; the transitions are {@link StateMachine}'s. A logout that ends a session emits {@code
 * seq,t,key,end,n,in}; an invalid transition leaves the state alone and emits {@code
 * seq,t,key,alert,STATE:event,in}. Under exactly-once there must never be an alert, also across
 * failures: the state is checkpointed with the source offsets.
 */
final class StateMachineJob {
  private StateMachineJob() {}

  /** An input record {@code seq,t,key,event} and its entry stamp. */
  public record Event(long seq, long t, String key, String event, long in) {
    static Event parse(byte[] record, long in) {
      String line = new String(record, StandardCharsets.US_ASCII);
      return new Event(
          Csv.longField(line, 0),
          Csv.longField(line, 1),
          Csv.field(line, 2),
          Csv.field(line, 3),
          in);
    }
  }

  /** A logged-in user's state: {@link StateMachine#IN} and the session's events so far. */
  public record Session(int state, int events) {}

  static void build(StreamExecutionEnvironment env, JobSpec spec) {
    KafkaIo.write(
        run(KafkaIo.read(env, spec, TypeInformation.of(Event.class), Event::parse)), spec);
  }

  static DataStream<String> run(DataStream<Event> events) {
    return events.keyBy(Event::key).process(new Transitions()).name("state-machine");
  }

  static final class Transitions extends KeyedValueFunction<Event, Session> {
    Transitions() {
      super("session", Session.class);
    }

    @Override
    public void processElement(Event e, Context ctx, Collector<String> out) throws Exception {
      Session current = keyState.value(); // null: logged out
      int state = current == null ? StateMachine.OUT : current.state();
      int events = current == null ? 0 : current.events();
      int next = StateMachine.next(state, e.event());
      String seqTimeKey = e.seq() + "," + e.t() + "," + e.key();
      if (next == StateMachine.INVALID) {
        out.collect(StateMachine.alert(seqTimeKey, state, e.event()) + "," + e.in());
      } else if (StateMachine.endsSession(state, e.event())) {
        keyState.clear();
        out.collect(StateMachine.end(seqTimeKey, events + 1) + "," + e.in());
      } else {
        keyState.update(new Session(next, events + 1));
      }
    }
  }
}
