package org.apache.storm.messaging.netty;

import java.net.InetSocketAddress;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.storm.Config;
import org.apache.storm.grouping.Load;
import org.apache.storm.messaging.ConnectionWithStatus;
import org.apache.storm.messaging.IConnectionCallback;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.metric.api.IMetric;
import org.apache.storm.metric.api.IStatefulObject;
import org.apache.storm.serialization.KryoValuesDeserializer;
import org.apache.storm.serialization.KryoValuesSerializer;
import org.apache.storm.shade.io.netty.bootstrap.ServerBootstrap;
import org.apache.storm.shade.io.netty.buffer.PooledByteBufAllocator;
import org.apache.storm.shade.io.netty.channel.Channel;
import org.apache.storm.shade.io.netty.channel.ChannelInitializer;
import org.apache.storm.shade.io.netty.channel.ChannelOption;
import org.apache.storm.shade.io.netty.channel.EventLoopGroup;
import org.apache.storm.shade.io.netty.channel.group.ChannelGroup;
import org.apache.storm.shade.io.netty.channel.group.DefaultChannelGroup;
import org.apache.storm.shade.io.netty.channel.socket.nio.NioServerSocketChannel;
import org.apache.storm.shade.io.netty.util.concurrent.GlobalEventExecutor;
import org.apache.storm.utils.ObjectReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's Netty messaging server on 127.0.0.1 only: Storm's own server binds its port on every
 * address, with no setting for the host. It speaks Storm's wire protocol with Storm's own handlers
 * (the same decoder, encoders and {@link StormServerHandler} as Storm's server), so every client of
 * an unmodified worker talks to it unchanged, with the same options (pooled buffers, Storm's thread
 * counts) and receive metric. Without SASL or TLS, which the streambench cluster does not
 * configure; {@link org.streambench.engine.storm.LoopbackContext} refuses them.
 *
 * <p>It lives in Storm's package for one reason: load metrics go out as a {@code MessageBatch},
 * which Storm keeps package-private.
 */
public final class LoopbackServer extends ConnectionWithStatus implements IServer, IStatefulObject {
  private static final Logger LOG = LoggerFactory.getLogger(LoopbackServer.class);

  /** 127.0.0.1 itself, not the JVM's preferred loopback (::1 with preferIPv6Addresses). */
  private static final String LOOPBACK = "127.0.0.1";

  private final EventLoopGroup boss;
  private final EventLoopGroup workers;
  private final ChannelGroup channels =
      new DefaultChannelGroup("streambench-storm-server", GlobalEventExecutor.INSTANCE);

  /** Load metrics' serializer; each channel's encoder has its own (a Kryo buffer is not shared). */
  private final KryoValuesSerializer serializer;

  private final ConcurrentHashMap<String, AtomicInteger> received = new ConcurrentHashMap<>();
  private final IConnectionCallback callback;
  private final Supplier<Object> newConnectionResponse;
  private final int port;
  private volatile boolean closing;

  /** Binds 127.0.0.1:{@code port} (0 picks one) with the topology's Netty settings. */
  public LoopbackServer(
      Map<String, Object> conf,
      int port,
      IConnectionCallback callback,
      Supplier<Object> newConnectionResponse) {
    this.serializer = new KryoValuesSerializer(conf);
    this.callback = callback;
    this.newConnectionResponse = newConnectionResponse;
    int bufferSize = ObjectReader.getInt(conf.get(Config.STORM_MESSAGING_NETTY_BUFFER_SIZE));
    int backlog = ObjectReader.getInt(conf.get(Config.STORM_MESSAGING_NETTY_SOCKET_BACKLOG), 500);
    // as Storm's server: 0 (or less) is Netty's default
    int threads =
        Math.max(
            0, ObjectReader.getInt(conf.get(Config.STORM_MESSAGING_NETTY_SERVER_WORKER_THREADS)));
    String name = "Netty-server-loopback-" + port;
    boss = NettyLine.nioGroup(1, new NettyRenameThreadFactory(name + "-boss"));
    workers = NettyLine.nioGroup(threads, new NettyRenameThreadFactory(name + "-worker"));
    ServerBootstrap bootstrap =
        new ServerBootstrap()
            .group(boss, workers)
            .channel(NioServerSocketChannel.class)
            .option(ChannelOption.SO_REUSEADDR, true)
            .option(ChannelOption.SO_BACKLOG, backlog)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childOption(ChannelOption.SO_RCVBUF, bufferSize)
            .childOption(ChannelOption.SO_KEEPALIVE, true)
            .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
            .childHandler(new Pipeline(conf));
    Channel channel;
    try {
      channel =
          bootstrap.bind(new InetSocketAddress(LOOPBACK, port)).syncUninterruptibly().channel();
    } catch (RuntimeException e) {
      workers.shutdownGracefully();
      boss.shutdownGracefully();
      throw e;
    }
    this.port = ((InetSocketAddress) channel.localAddress()).getPort();
    channels.add(channel);
  }

  /** Storm's server pipeline without its SASL and TLS stages. */
  private final class Pipeline extends ChannelInitializer<Channel> {
    private final Map<String, Object> conf;

    Pipeline(Map<String, Object> conf) {
      this.conf = conf;
    }

    @Override
    protected void initChannel(Channel channel) {
      channel
          .pipeline()
          .addLast("decoder", new MessageDecoder(new KryoValuesDeserializer(conf)))
          .addLast("netty-serializable-encoder", NettySerializableMessageEncoder.INSTANCE)
          .addLast(
              "backpressure-encoder", new BackPressureStatusEncoder(new KryoValuesSerializer(conf)))
          .addLast("handler", new StormServerHandler(LoopbackServer.this));
    }
  }

  @Override
  public void channelActive(Channel channel) {
    if (newConnectionResponse != null) {
      channel.writeAndFlush(newConnectionResponse.get(), channel.voidPromise());
    }
    channels.add(channel);
  }

  @Override
  @SuppressWarnings("unchecked")
  public void received(Object message, String remote, Channel channel) throws InterruptedException {
    if (!(message instanceof List<?> list)) {
      // as Storm's server: anything else a peer sends is not for this worker
      LOG.error(
          "ignored a message other than a list of task messages from {}: {}", remote, message);
      return;
    }
    List<TaskMessage> messages = (List<TaskMessage>) list;
    if (!closing && !messages.isEmpty()) {
      received.computeIfAbsent(remote, r -> new AtomicInteger()).addAndGet(messages.size());
      callback.recv(messages);
    }
  }

  /** Storm's receive metric ({@code __recv-iconnection}): messages per sender since last read. */
  @Override
  public Object getState() {
    Map<String, Integer> enqueued = new HashMap<>();
    received.forEach(
        (remote, n) -> {
          int count = n.getAndSet(0);
          if (count > 0) {
            enqueued.put(remote, count);
          }
        });
    Map<String, Object> state = new HashMap<>();
    state.put("enqueued", enqueued);
    if (callback instanceof IMetric metric
        && metric.getValueAndReset() instanceof Map<?, ?> bytes) {
      state.put("messageBytes", bytes);
    }
    return state;
  }

  @Override
  public void sendLoadMetrics(Map<Integer, Double> taskToLoad) {
    MessageBatch batch = new MessageBatch(1);
    synchronized (serializer) {
      batch.add(new TaskMessage(-1, serializer.serialize(Collections.singletonList(taskToLoad))));
    }
    channels.writeAndFlush(batch);
  }

  @Override
  public void sendBackPressureStatus(BackPressureStatus status) {
    channels.writeAndFlush(status);
  }

  @Override
  public void send(Iterator<TaskMessage> messages) {
    throw new UnsupportedOperationException("a server connection sends no messages");
  }

  @Override
  public Map<Integer, Load> getLoad(Collection<Integer> tasks) {
    throw new UnsupportedOperationException("a server connection has no load");
  }

  @Override
  public int getPort() {
    return port;
  }

  @Override
  public Status status() {
    if (closing) {
      return Status.Closed;
    }
    for (Channel channel : channels) {
      if (!channel.isActive()) {
        return Status.Connecting;
      }
    }
    return Status.Ready;
  }

  @Override
  public synchronized void close() {
    if (!closing) {
      closing = true;
      channels.close().awaitUninterruptibly();
      workers.shutdownGracefully().awaitUninterruptibly();
      boss.shutdownGracefully().awaitUninterruptibly();
    }
  }

  @Override
  public String toString() {
    return "Netty server on 127.0.0.1:" + port;
  }
}
