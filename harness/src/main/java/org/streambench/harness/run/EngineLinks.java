package org.streambench.harness.run;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.streambench.api.PublishedPorts;
import org.streambench.harness.engine.EngineDescriptor;
import org.streambench.harness.fault.LinkFault;
import org.streambench.harness.net.LinkProxy;

/**
 * A cluster's links between its master and its workers behind a link proxy of the run's own, when a
 * fault acts on them and the engine lets the proxy in ({@code fault.links} in its {@code
 * engine.properties}). Each process of the master and worker roles gets a port to bind and a port
 * of the proxy to advertise, which forwards to it; the engine's processes find both in the run's
 * settings, {@code link.<process>.port} (what the others connect to) and {@code
 * link.<process>.bind-port} (where it listens), and connect to each other only through the proxy.
 */
final class EngineLinks implements AutoCloseable {
  private final LinkProxy proxy;
  private final Map<String, String> settings;

  private EngineLinks(LinkProxy proxy, Map<String, String> settings) {
    this.proxy = proxy;
    this.settings = settings;
  }

  /** The run's worker-master links behind a proxy, or null if none of its faults needs them. */
  static EngineLinks of(EngineDescriptor engine, RunRequest request) throws IOException {
    if (!request.faults().touches(LinkFault.WORKER_MASTER)
        || !request.deployment().cluster()
        || !engine.faultLinks().contains(LinkFault.WORKER_MASTER)) {
      return null;
    }
    List<String> processes = new ArrayList<>();
    engine.masterRole().ifPresent(r -> processes.add(r.name()));
    for (int i = 1; i <= request.deployment().workers(); i++) {
      processes.add(engine.workerRole().name() + "-" + i);
    }
    LinkProxy proxy = new LinkProxy();
    Map<String, String> settings = new TreeMap<>();
    for (String process : processes) {
      int bind = PublishedPorts.freePort();
      int advertised =
          proxy.listen(LinkFault.WORKER_MASTER, new InetSocketAddress("127.0.0.1", bind), process);
      settings.put("link." + process + ".port", Integer.toString(advertised));
      settings.put("link." + process + ".bind-port", Integer.toString(bind));
    }
    return new EngineLinks(proxy, settings);
  }

  /** The settings that tell the engine's processes where to listen and what to advertise. */
  Map<String, String> settings() {
    return settings;
  }

  LinkProxy proxy() {
    return proxy;
  }

  @Override
  public void close() {
    proxy.close();
  }
}
