package org.streambench.harness.cli;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import org.streambench.api.Deployment;
import org.streambench.harness.UsageException;
import org.streambench.harness.engine.EngineDescriptor;

/**
 * The addresses of users' own clusters ({@code --flink-rest}, ...), checked before anything starts.
 */
final class ExternalClusters {
  /** Storm's default {@code nimbus.thrift.port}. */
  static final int STORM_NIMBUS_PORT = 6627;

  private ExternalClusters() {}

  /**
   * The deployment on the user's cluster that one of the options names, or null if none does.
   *
   * @param engine the run's engine, which must be the option's
   */
  static Deployment deployment(
      String engine, String flinkRest, String sparkMaster, String stormNimbus, int parallelism) {
    List<String> given = new ArrayList<>();
    String address = null;
    String option = null;
    String of = null;
    if (flinkRest != null) {
      given.add(option = "--flink-rest");
      address = flinkRest(flinkRest);
      of = "flink";
    }
    if (sparkMaster != null) {
      given.add(option = "--spark-master");
      address = sparkMaster(sparkMaster);
      of = "spark";
    }
    if (stormNimbus != null) {
      given.add(option = "--storm-nimbus");
      address = stormNimbus(stormNimbus);
      of = "storm";
    }
    if (given.isEmpty()) {
      return null;
    }
    if (given.size() > 1) {
      throw new UsageException(String.join(" and ", given) + " name two clusters; give one");
    }
    // any version of the engine: flink@1.20's job client runs on a user's Flink cluster too
    if (!EngineDescriptor.familyOf(engine).equals(of)) {
      throw new UsageException(option + " is a " + of + " cluster; it goes with --engine " + of);
    }
    return Deployment.external(address, Math.max(1, parallelism));
  }

  /**
   * A Flink REST endpoint: {@code http://HOST:PORT} with nothing after the port (an https endpoint
   * needs Flink's SSL settings on the client, which a run does not set).
   */
  static String flinkRest(String url) {
    URI uri = hostAndPort(url, "http");
    if (uri == null) {
      throw new UsageException(
          "--flink-rest expects the JobManager's REST URL such as http://jobmanager:8081, was '"
              + url
              + "'");
    }
    return "http://" + uri.getHost() + ":" + uri.getPort();
  }

  /** A Spark standalone master: {@code spark://HOST:PORT}. */
  static String sparkMaster(String url) {
    URI uri = hostAndPort(url, "spark");
    if (uri == null) {
      throw new UsageException(
          "--spark-master expects a standalone master's URL such as spark://master:7077, was '"
              + url
              + "'");
    }
    return "spark://" + uri.getHost() + ":" + uri.getPort();
  }

  /**
   * A Storm Nimbus: {@code HOST} or {@code HOST:PORT}, the port 6627 (Storm's) if none is given.
   */
  static String stormNimbus(String address) {
    String withPort = address.contains(":") ? address : address + ":" + STORM_NIMBUS_PORT;
    URI uri = hostAndPort("thrift://" + withPort, "thrift");
    if (uri == null) {
      throw new UsageException(
          "--storm-nimbus expects Nimbus's HOST or HOST:PORT such as nimbus:6627, was '"
              + address
              + "'");
    }
    return uri.getHost() + ":" + uri.getPort();
  }

  /** {@code url} if it is {@code scheme://HOST:PORT} with nothing after the port, else null. */
  private static URI hostAndPort(String url, String scheme) {
    try {
      URI uri = new URI(url);
      boolean bare = uri.getPath() == null || uri.getPath().isEmpty() || uri.getPath().equals("/");
      return scheme.equals(uri.getScheme()) && uri.getHost() != null && uri.getPort() > 0 && bare
          ? uri
          : null;
    } catch (URISyntaxException e) {
      return null;
    }
  }
}
