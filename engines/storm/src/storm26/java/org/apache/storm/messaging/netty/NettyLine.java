package org.apache.storm.messaging.netty;

import java.util.concurrent.ThreadFactory;
import org.apache.storm.shade.io.netty.channel.EventLoopGroup;
import org.apache.storm.shade.io.netty.channel.nio.NioEventLoopGroup;

/**
 * What the Netty that Storm 2.6 and 2.7 shade (4.1) says differently from Storm 2.8's (4.2, {@code
 * src/storm28/java}): the Storm engine's sources compile against this class in {@code storm@2.6}
 * and {@code storm@2.7} (the module's profiles {@code storm-2.6} and {@code storm-2.7}).
 */
final class NettyLine {
  private NettyLine() {}

  /** An NIO event loop group of {@code threads} threads (0: Netty's default). */
  static EventLoopGroup nioGroup(int threads, ThreadFactory threadFactory) {
    return new NioEventLoopGroup(threads, threadFactory);
  }
}
