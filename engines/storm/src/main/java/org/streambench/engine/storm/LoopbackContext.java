package org.streambench.engine.storm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.storm.Config;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.IConnectionCallback;
import org.apache.storm.messaging.netty.Context;
import org.apache.storm.messaging.netty.LoopbackServer;
import org.apache.storm.metrics2.StormMetricRegistry;

/**
 * Storm's Netty messaging transport with each worker's server on 127.0.0.1 ({@link LoopbackServer})
 * instead of every address; clients are Storm's own. Named by {@code storm.messaging.transport} in
 * the streambench cluster deployment's config, beside {@link LoopbackTransportPlugin} for the
 * thrift ports.
 */
public final class LoopbackContext extends Context {
  /** Storm's switch for TLS between workers. */
  private static final String TLS = "storm.messaging.netty.tls.enable";

  private final List<LoopbackServer> servers = new ArrayList<>();
  private Map<String, Object> conf;

  @Override
  public void prepare(Map<String, Object> conf, StormMetricRegistry metrics) {
    for (String key : List.of(Config.STORM_MESSAGING_NETTY_AUTHENTICATION, TLS)) {
      if (Boolean.TRUE.equals(conf.get(key))) {
        throw new IllegalArgumentException(
            getClass().getSimpleName() + " has no SASL or TLS; unset " + key);
      }
    }
    super.prepare(conf, metrics);
    this.conf = conf;
  }

  @Override
  public synchronized IConnection bind(
      String topologyId,
      int port,
      IConnectionCallback callback,
      Supplier<Object> newConnectionResponse) {
    LoopbackServer server = new LoopbackServer(conf, port, callback, newConnectionResponse);
    servers.add(server);
    return server;
  }

  @Override
  public synchronized void term() {
    servers.forEach(LoopbackServer::close);
    servers.clear();
    super.term();
  }
}
