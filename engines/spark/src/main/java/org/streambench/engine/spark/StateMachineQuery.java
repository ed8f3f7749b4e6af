package org.streambench.engine.spark;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.apache.spark.api.java.function.FlatMapGroupsWithStateFunction;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.GroupState;
import org.apache.spark.sql.streaming.GroupStateTimeout;
import org.apache.spark.sql.streaming.OutputMode;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.streambench.api.JobSpec;
import org.streambench.api.workload.Csv;
import org.streambench.api.workload.StateMachine;

/**
 * statemachine: {@code groupByKey(user)} and {@code flatMapGroupsWithState} (append mode): the
 * state store holds, per logged-in user, the login state and the events of the current session;
 * transitions are {@link StateMachine}'s. A logout that ends a session emits {@code
 * seq,t,key,end,n,in} and removes the state; an invalid transition leaves it alone and emits {@code
 * seq,t,key,alert,STATE:event,in}. A user's events come from one Kafka partition (the record key)
 * and keep their order through the shuffle and Spark's stable sort by key within a micro-batch.
 */
final class StateMachineQuery {
  private StateMachineQuery() {}

  /** A logged-in user's state: {@link StateMachine#IN} and the session's events so far. */
  public static final class Session {
    private int state;
    private int events;

    public int getState() {
      return state;
    }

    public void setState(int state) {
      this.state = state;
    }

    public int getEvents() {
      return events;
    }

    public void setEvents(int events) {
      this.events = events;
    }
  }

  static StreamingQuery start(SparkSession spark, JobSpec spec) throws TimeoutException {
    return KafkaIo.write(results(KafkaIo.read(spark, spec)), spec, "append");
  }

  /** The query between its Kafka ends: {@code value,in} records → results without {@code out}. */
  static Dataset<String> results(Dataset<String> records) {
    return records
        .groupByKey((MapFunction<String, String>) r -> Csv.field(r, 2), Encoders.STRING())
        .flatMapGroupsWithState(
            new Transitions(),
            OutputMode.Append(),
            Encoders.bean(Session.class),
            Encoders.STRING(),
            GroupStateTimeout.NoTimeout());
  }

  /** {@code seq,t,key,event,in} records of one user → session ends and alerts. */
  static final class Transitions
      implements FlatMapGroupsWithStateFunction<String, String, Session, String> {
    @Override
    public Iterator<String> call(String user, Iterator<String> records, GroupState<Session> st) {
      Session session = st.exists() ? st.get() : null; // null: logged out
      List<String> out = new ArrayList<>();
      while (records.hasNext()) {
        String r = records.next();
        int eventStart = Csv.start(r, 3);
        int inStart = r.lastIndexOf(',') + 1;
        String event = r.substring(eventStart, inStart - 1);
        String seqTimeKey = r.substring(0, eventStart - 1);
        String in = r.substring(inStart);
        int state = session == null ? StateMachine.OUT : session.state;
        int next = StateMachine.next(state, event);
        if (next == StateMachine.INVALID) {
          out.add(StateMachine.alert(seqTimeKey, state, event) + "," + in);
        } else if (StateMachine.endsSession(state, event)) {
          out.add(StateMachine.end(seqTimeKey, session.events + 1) + "," + in);
          session = null;
        } else {
          if (session == null) {
            session = new Session();
          }
          session.state = next;
          session.events++;
        }
      }
      if (session == null) {
        st.remove();
      } else {
        st.update(session);
      }
      return out.iterator();
    }
  }
}
