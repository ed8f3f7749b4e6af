package org.streambench.engine.spark;

import org.streambench.api.EngineCatalogueContract;

/** engine.properties registers what the Spark engine builds. */
class SparkCatalogueTest extends EngineCatalogueContract {
  SparkCatalogueTest() {
    super(new SparkEngine(), SparkEngine.CATALOGUE);
  }
}
