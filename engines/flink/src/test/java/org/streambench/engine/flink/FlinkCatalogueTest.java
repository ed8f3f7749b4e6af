package org.streambench.engine.flink;

import org.streambench.api.EngineCatalogueContract;

/** engine.properties registers what the Flink engine builds. */
class FlinkCatalogueTest extends EngineCatalogueContract {
  FlinkCatalogueTest() {
    super(new FlinkEngine(), FlinkEngine.CATALOGUE);
  }
}
