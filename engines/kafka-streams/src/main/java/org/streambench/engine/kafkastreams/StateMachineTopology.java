package org.streambench.engine.kafkastreams;

import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.streambench.api.JobSpec;
import org.streambench.api.workload.Csv;
import org.streambench.api.workload.StateMachine;

/**
 * statemachine: the Kafka key is the user already, so no repartition: a processor keeps each
 * logged-in user's {@code state,events} in a changelogged store (transitions from {@link
 * StateMachine}), emits {@code seq,t,key,end,n,in} when a logout ends a session and {@code
 * seq,t,key,alert,STATE:event,in} on an invalid transition. Under exactly_once_v2 the store's
 * changelog commits with the input offsets, so failures never cause alerts.
 */
final class StateMachineTopology {
  static final String STORE = "sessions";

  private StateMachineTopology() {}

  static void build(StreamsBuilder builder, JobSpec spec) {
    builder.addStateStore(StreamsSettings.keyValueStore(spec, STORE));
    KafkaIo.write(KafkaIo.readStamped(builder, spec).process(Transitions::new, STORE), spec);
  }

  /** {@code seq,t,key,event,in} → at most one result. */
  static final class Transitions implements Processor<String, String, String, String> {
    private ProcessorContext<String, String> context;
    private KeyValueStore<String, String> sessions;

    @Override
    public void init(ProcessorContext<String, String> context) {
      this.context = context;
      this.sessions = context.getStateStore(STORE);
    }

    @Override
    public void process(Record<String, String> record) {
      String v = record.value();
      int keyStart = Csv.start(v, 2);
      int keyEnd = Csv.end(v, keyStart);
      int eventEnd = v.lastIndexOf(',');
      String user = v.substring(keyStart, keyEnd);
      String event = v.substring(keyEnd + 1, eventEnd);
      String seqTimeKey = v.substring(0, keyEnd);
      String in = v.substring(eventEnd + 1);
      String current = sessions.get(user); // null: logged out
      int state = current == null ? StateMachine.OUT : StateMachine.IN;
      int events = current == null ? 0 : Integer.parseInt(current);
      int next = StateMachine.next(state, event);
      if (next == StateMachine.INVALID) {
        context.forward(record.withValue(StateMachine.alert(seqTimeKey, state, event) + "," + in));
      } else if (StateMachine.endsSession(state, event)) {
        sessions.delete(user);
        context.forward(record.withValue(StateMachine.end(seqTimeKey, events + 1) + "," + in));
      } else {
        sessions.put(user, Integer.toString(events + 1));
      }
    }
  }
}
