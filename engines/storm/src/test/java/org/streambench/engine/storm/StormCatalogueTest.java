package org.streambench.engine.storm;

import org.streambench.api.EngineCatalogueContract;

/** engine.properties registers what the Storm engine builds. */
class StormCatalogueTest extends EngineCatalogueContract {
  StormCatalogueTest() {
    super(new StormEngine(), StormEngine.CATALOGUE);
  }
}
