package org.streambench.harness.process;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A process the harness did not start but may fault (a YARN container's JVM, the NodeManager's
 * child), as a {@link Process}: signals and waits through its {@link ProcessHandle}; it has no
 * streams, and its exit code is not ours to read (-1).
 */
final class AdoptedProcess extends Process {
  private final ProcessHandle handle;

  AdoptedProcess(ProcessHandle handle) {
    this.handle = handle;
  }

  @Override
  public OutputStream getOutputStream() {
    return OutputStream.nullOutputStream();
  }

  @Override
  public InputStream getInputStream() {
    return InputStream.nullInputStream();
  }

  @Override
  public InputStream getErrorStream() {
    return InputStream.nullInputStream();
  }

  @Override
  public int waitFor() throws InterruptedException {
    try {
      handle.onExit().get();
    } catch (ExecutionException e) {
      throw new IllegalStateException(e);
    }
    return -1;
  }

  @Override
  public boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
    try {
      handle.onExit().get(timeout, unit);
      return true;
    } catch (TimeoutException e) {
      return false;
    } catch (ExecutionException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public int exitValue() {
    if (handle.isAlive()) {
      throw new IllegalThreadStateException("process " + handle.pid() + " has not exited");
    }
    return -1;
  }

  @Override
  public void destroy() {
    handle.destroy();
  }

  @Override
  public Process destroyForcibly() {
    handle.destroyForcibly();
    return this;
  }

  @Override
  public boolean isAlive() {
    return handle.isAlive();
  }

  @Override
  public long pid() {
    return handle.pid();
  }

  @Override
  public ProcessHandle toHandle() {
    return handle;
  }
}
