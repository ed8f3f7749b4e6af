package org.apache.storm.messaging.netty;

import java.util.concurrent.ThreadFactory;
import org.apache.storm.shade.io.netty.channel.EventLoopGroup;
import org.apache.storm.shade.io.netty.channel.MultiThreadIoEventLoopGroup;
import org.apache.storm.shade.io.netty.channel.nio.NioIoHandler;

/**
 * What the Netty that Storm 2.8 shades (4.2) says differently from Storm 2.6's and 2.7's (4.1,
 * {@code src/storm26/java}), for the versions built on first use.
 */
final class NettyLine {
  private NettyLine() {}

  /** An NIO event loop group of {@code threads} threads (0: Netty's default). */
  static EventLoopGroup nioGroup(int threads, ThreadFactory threadFactory) {
    return new MultiThreadIoEventLoopGroup(threads, threadFactory, NioIoHandler.newFactory());
  }
}
