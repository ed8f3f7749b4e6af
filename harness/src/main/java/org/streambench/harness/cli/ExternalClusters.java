package org.streambench.harness.cli;

import java.net.URI;
import java.net.URISyntaxException;
import org.streambench.harness.UsageException;

/** The addresses of users' own clusters, checked before anything starts. */
final class ExternalClusters {
  private ExternalClusters() {}

  /**
   * A Flink REST endpoint: {@code http://HOST:PORT} with nothing after the port (an https endpoint
   * needs Flink's SSL settings on the client, which a run does not set).
   */
  static String flinkRest(String url) {
    try {
      URI uri = new URI(url);
      if (!"http".equals(uri.getScheme())
          || uri.getHost() == null
          || uri.getPort() < 1
          || !(uri.getPath() == null || uri.getPath().isEmpty() || uri.getPath().equals("/"))) {
        throw new URISyntaxException(url, "not http://HOST:PORT");
      }
      return "http://" + uri.getHost() + ":" + uri.getPort();
    } catch (URISyntaxException e) {
      throw new UsageException(
          "--flink-rest expects the JobManager's REST URL such as http://jobmanager:8081, was '"
              + url
              + "'");
    }
  }
}
