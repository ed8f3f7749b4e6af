package org.streambench.engine.baseline;

import org.streambench.api.EngineCatalogueContract;

/** engine.properties registers what the Baseline engine builds. */
class BaselineCatalogueTest extends EngineCatalogueContract {
  BaselineCatalogueTest() {
    super(new BaselineEngine(), BaselineEngine.CATALOGUE);
  }
}
