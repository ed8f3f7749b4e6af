package org.streambench.engine.storm;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.streambench.api.JobSpec;
import org.streambench.api.workload.Csv;
import org.streambench.api.workload.StateMachine;

/**
 * statemachine: the spout's translator extracts the user; {@code fieldsGrouping("key")} sends all
 * of a user's events to one task of a {@link BaseBasicBolt} that keeps, in a hand-kept {@link
 * HashMap}, the login state and the events of the current session, with {@link StateMachine}'s
 * transitions. A user's events come from one partition, hence one spout task, and Storm keeps
 * tuples between two tasks in order, so they arrive in order. A logout that ends a session emits
 * {@code seq,t,key,end,n,in}; an invalid transition leaves the state alone and emits {@code
 * seq,t,key,alert,STATE:event,in}. The map is not fault tolerant (Storm's core API has no managed
 * state): after a failure sessions restart empty and replays raise alerts.
 */
final class StateMachineTopology {
  private StateMachineTopology() {}

  static StormTopology build(JobSpec spec) {
    TopologyBuilder builder = new TopologyBuilder();
    KafkaIo.addKeyedSpout(
        builder, spec, List.of(spec.inputTopic()), "key", value -> Csv.field(value, 2));
    builder
        .setBolt("state-machine", new Transitions(), StormSettings.executors(spec, "bolt"))
        .fieldsGrouping(KafkaIo.SPOUT, new Fields("key"));
    KafkaIo.addSink(builder, spec).localOrShuffleGrouping("state-machine");
    return builder.createTopology();
  }

  /** Per logged-in user {state, events of the session}; a logged-out user has no entry. */
  static final class Transitions extends ResultBolt {
    private static final long serialVersionUID = 1L;
    private final Map<String, int[]> sessions = new HashMap<>();

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
      String key = input.getString(0);
      String value = input.getString(1); // seq,t,key,event
      long in = input.getLong(2);
      int eventStart = value.lastIndexOf(',') + 1;
      String event = value.substring(eventStart);
      String seqTimeKey = value.substring(0, eventStart - 1);
      int[] session = sessions.get(key);
      int state = session == null ? StateMachine.OUT : session[0];
      int events = session == null ? 0 : session[1];
      int next = StateMachine.next(state, event);
      if (next == StateMachine.INVALID) {
        collector.emit(new Values(StateMachine.alert(seqTimeKey, state, event) + "," + in));
      } else if (StateMachine.endsSession(state, event)) {
        sessions.remove(key);
        collector.emit(new Values(StateMachine.end(seqTimeKey, events + 1) + "," + in));
      } else if (session == null) {
        sessions.put(key, new int[] {next, events + 1});
      } else {
        session[0] = next;
        session[1] = events + 1;
      }
    }
  }
}
