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
 * A cluster's links between its own processes behind a link proxy of the run's own, when a fault
 * acts on them and the engine lets the proxy in ({@code fault.links} in its {@code
 * engine.properties}): its master's and workers' RPC ({@code worker-master}) and its workers' data
 * exchange ({@code worker-worker}). Each process gets a port to bind and a port of the proxy to
 * advertise, which forwards to it; the engine's processes find both in the run's settings, {@code
 * link.<process>.port} and {@code link.<process>.bind-port} for the RPC, {@code
 * link.<process>.data-port} and {@code link.<process>.data-bind-port} for the data exchange (what
 * the others connect to, where it listens), and connect to each other only through the proxy.
 */
final class EngineLinks implements AutoCloseable {
  private final LinkProxy proxy;
  private final Map<String, String> settings;

  private EngineLinks(LinkProxy proxy, Map<String, String> settings) {
    this.proxy = proxy;
    this.settings = settings;
  }

  /** The run's own links behind a proxy, or null if none of its faults needs them. */
  static EngineLinks of(EngineDescriptor engine, RunRequest request) throws IOException {
    List<String> links =
        LinkFault.ENGINE_OWN.stream()
            .filter(l -> request.faults().touches(l) && engine.faultLinks().contains(l))
            .toList();
    if (links.isEmpty() || !request.deployment().cluster()) {
      return null;
    }
    List<String> workers = new ArrayList<>();
    for (int i = 1; i <= request.deployment().workers(); i++) {
      workers.add(engine.workerRole().name() + "-" + i);
    }
    LinkProxy proxy = new LinkProxy();
    Map<String, String> settings = new TreeMap<>();
    if (links.contains(LinkFault.WORKER_MASTER)) {
      List<String> processes = new ArrayList<>();
      engine.masterRole().ifPresent(r -> processes.add(r.name()));
      processes.addAll(workers);
      route(proxy, settings, LinkFault.WORKER_MASTER, processes, "port", "bind-port");
    }
    if (links.contains(LinkFault.WORKER_WORKER)) {
      route(proxy, settings, LinkFault.WORKER_WORKER, workers, "data-port", "data-bind-port");
    }
    return new EngineLinks(proxy, settings);
  }

  /**
   * Each process's port on {@code link}: {@code link.<process>.<port>}, the proxy's that forwards
   * to it, and {@code link.<process>.<bindPort>}, where it listens.
   */
  private static void route(
      LinkProxy proxy,
      Map<String, String> settings,
      String link,
      List<String> processes,
      String port,
      String bindPort)
      throws IOException {
    for (String process : processes) {
      int bind = PublishedPorts.freePort();
      int advertised = proxy.listen(link, new InetSocketAddress("127.0.0.1", bind), process);
      settings.put("link." + process + "." + port, Integer.toString(advertised));
      settings.put("link." + process + "." + bindPort, Integer.toString(bind));
    }
  }

  /**
   * The engine's settings with those that tell its processes where to listen and what to advertise;
   * {@code engineSettings} as they are where the run has no links behind a proxy.
   */
  static Map<String, String> settingsWith(EngineLinks links, Map<String, String> engineSettings) {
    if (links == null) {
      return engineSettings;
    }
    Map<String, String> all = new TreeMap<>(engineSettings);
    all.putAll(links.settings);
    return all;
  }

  LinkProxy proxy() {
    return proxy;
  }

  @Override
  public void close() {
    proxy.close();
  }
}
