package org.streambench.engine.kafkastreams;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.streambench.api.JobSpec;
import org.streambench.api.workload.Csv;

/**
 * grouping: re-key by {@code key}, repartition through a topic ({@code by-key}), and keep {@code
 * count,sum} per key in a state store (RocksDB or in-memory, changelogged), emitting {@code
 * seq,t,key,count,sum,in} for every record. A processor with a KeyValueStore rather than {@code
 * groupByKey().aggregate()}: the output must be one result per input carrying that input's own seq,
 * t and entry stamp. An aggregating KTable coalesces updates in its record cache (so caching would
 * have to be off) and could only carry those fields by storing them in the aggregate, i.e. writing
 * per-record data into the store and its changelog on every update; here the store holds only the
 * aggregate (its cache coalesces the changelog writes per commit) and the processor forwards the
 * result itself.
 */
final class GroupingTopology {
  static final String STORE = "totals";

  private GroupingTopology() {}

  static void build(StreamsBuilder builder, JobSpec spec) {
    builder.addStateStore(StreamsSettings.keyValueStore(spec, STORE));
    KafkaIo.write(
        KafkaIo.readStamped(builder, spec)
            .selectKey((k, v) -> Csv.field(v, 2))
            .repartition(Repartitioned.with(Serdes.String(), Serdes.String()).withName("by-key"))
            .process(CountAndSum::new, STORE),
        spec);
  }

  /** {@code seq,t,key,value,in} → {@code seq,t,key,count,sum,in}. */
  static final class CountAndSum implements Processor<String, String, String, String> {
    private ProcessorContext<String, String> context;
    private KeyValueStore<String, String> totals;

    @Override
    public void init(ProcessorContext<String, String> context) {
      this.context = context;
      this.totals = context.getStateStore(STORE);
    }

    @Override
    public void process(Record<String, String> record) {
      String v = record.value();
      int valueStart = Csv.start(v, 3);
      int valueEnd = Csv.end(v, valueStart);
      long value = Long.parseLong(v, valueStart, valueEnd, 10);
      String before = totals.get(record.key());
      long count = 1;
      long sum = value;
      if (before != null) {
        int comma = before.indexOf(',');
        count += Long.parseLong(before, 0, comma, 10);
        sum += Long.parseLong(before, comma + 1, before.length(), 10);
      }
      String after = count + "," + sum;
      totals.put(record.key(), after);
      context.forward(record.withValue(v.substring(0, valueStart) + after + v.substring(valueEnd)));
    }
  }
}
