package org.streambench.engine.storm;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.apache.storm.security.auth.ReqContext;
import org.apache.storm.security.auth.SimpleTransportPlugin;
import org.apache.storm.thrift.TException;
import org.apache.storm.thrift.TProcessor;
import org.apache.storm.thrift.protocol.TBinaryProtocol;
import org.apache.storm.thrift.protocol.TProtocol;
import org.apache.storm.thrift.server.THsHaServer;
import org.apache.storm.thrift.server.TServer;
import org.apache.storm.thrift.transport.TNonblockingServerSocket;
import org.apache.storm.thrift.transport.TTransportException;

/**
 * Storm's simple (unauthenticated) thrift transport, but its servers listen on 127.0.0.1 only:
 * Storm's own plugin binds Nimbus's and the Supervisors' thrift ports on every address. Named by
 * {@code storm.thrift.transport} in the streambench cluster deployment's config. Every request's
 * context is what the simple transport gives it: the default subject (none, as no authentication is
 * configured) and the caller's address, which is 127.0.0.1 by construction.
 */
public final class LoopbackTransportPlugin extends SimpleTransportPlugin {
  private volatile int boundPort;

  @Override
  public TServer getServer(TProcessor processor) throws IOException, TTransportException {
    TNonblockingServerSocket socket =
        new TNonblockingServerSocket(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), type.getPort(topoConf)));
    boundPort = socket.getPort();
    int threads = type.getNumThreads(topoConf);
    int maxBuffer = type.getMaxBufferSize(topoConf);
    Integer queueSize = type.getQueueSize(topoConf);
    THsHaServer.Args args =
        new THsHaServer.Args(socket)
            .processor(new WithContext(processor))
            .maxWorkerThreads(threads)
            .protocolFactory(new TBinaryProtocol.Factory(false, true, maxBuffer, -1));
    args.maxReadBufferBytes = maxBuffer;
    if (queueSize != null) {
      args.executorService(
          new ThreadPoolExecutor(
              threads, threads, 60, TimeUnit.SECONDS, new ArrayBlockingQueue<>(queueSize)));
    }
    return new THsHaServer(args);
  }

  @Override
  public int getPort() {
    return boundPort;
  }

  /** Sets the request context of the handler's thread, then handles the request. */
  private final class WithContext implements TProcessor {
    private final TProcessor handler;

    WithContext(TProcessor handler) {
      this.handler = handler;
    }

    @Override
    public void process(TProtocol in, TProtocol out) throws TException {
      ReqContext context = ReqContext.context();
      context.setRemoteAddress(InetAddress.getLoopbackAddress());
      context.setSubject(getDefaultSubject());
      handler.process(in, out);
    }
  }
}
