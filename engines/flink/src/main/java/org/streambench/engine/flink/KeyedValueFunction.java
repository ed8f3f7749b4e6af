package org.streambench.engine.flink;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;

/**
 * A workload's keyed function whose state per key is one value (grouping's totals, statemachine's
 * session), kept in Flink's managed value state, so that it is checkpointed with the source
 * offsets, and emitting result lines.
 *
 * @param <E> the input records
 * @param <S> the state of a key
 */
abstract class KeyedValueFunction<E, S> extends KeyedProcessFunction<String, E, String> {
  private final String stateName;
  private final Class<S> stateType;

  /** The current key's state: {@code value()} is null while the key has none. */
  transient ValueState<S> keyState;

  KeyedValueFunction(String stateName, Class<S> stateType) {
    this.stateName = stateName;
    this.stateType = stateType;
  }

  @Override
  public void open(OpenContext context) {
    keyState =
        getRuntimeContext()
            .getState(new ValueStateDescriptor<>(stateName, TypeInformation.of(stateType)));
  }
}
