package org.streambench.harness.engine;

import java.nio.file.Path;
import java.util.Locale;

/**
 * What of the run's Hadoop an engine's processes need on their classpath ({@code hadoop.classpath}
 * in its {@code engine.properties}): nothing, its configuration only (an engine that brings
 * Hadoop's client, as Spark does), or its configuration and client jars (as a Flink distribution's
 * {@code HADOOP_CLASSPATH}).
 */
public enum HadoopClasspath {
  NONE,
  CONF,
  JARS;

  static HadoopClasspath parse(String value, Path file) {
    try {
      return valueOf(value.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          file + ": hadoop.classpath must be none, conf or jars, was '" + value + "'");
    }
  }
}
