package io.github.slicegrep.server;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;
import org.jspecify.annotations.Nullable;

/**
 * The server half: listens on {@code DIR/ID.sock}, answers each connection on a thread of its
 * own through the {@link Handler} its request names, and stops after an idle time with no call
 * (default 10 minutes, {@code SLICEGREP_SERVER_IDLE}), on {@code --server stop}, or when its
 * socket is taken over. It serves only its own user: the directory admits no one else, and
 * each peer's credentials are checked too.
 */
public final class ResidentServer implements AutoCloseable {
  /** The socket's file name is the build id and this. */
  public static final String SOCKET_SUFFIX = ".sock";
  /** How long the server waits without a call before it exits ({@code 600}, {@code 10m}...). */
  public static final String IDLE_VARIABLE = "SLICEGREP_SERVER_IDLE";
  /** Long enough for an agent's pause to think, short enough not to hold memory for long. */
  public static final Duration DEFAULT_IDLE = Duration.ofMinutes(10);
  /** The tool name of the server's own requests ({@code status}, {@code stop}). */
  static final String CONTROL = "control";
  /** A connection that has not sent its request by then is dropped (a stuck peer). */
  static final long REQUEST_MILLIS = 30_000;
  /** How long a stopping server lets calls in flight finish. */
  static final long DRAIN_MILLIS = 60_000;
  private static final int BACKLOG = 128;

  private final Path dir;
  private final String id;
  private final Path socket;
  private final Map<String, Handler> handlers;
  private final Duration idle;
  private final ServerSocketChannel channel;
  private final @Nullable Object socketKey;
  private final UserPrincipal owner;
  private final ExecutorService workers;
  private final ScheduledExecutorService timer;
  private final AtomicInteger active = new AtomicInteger();
  private final AtomicLong served = new AtomicLong();
  private final AtomicLong refused = new AtomicLong();
  private final CountDownLatch stopped = new CountDownLatch(1);
  private final Instant started = Instant.now();
  private volatile long lastCallNanos = System.nanoTime();
  private volatile @Nullable String stopReason;

  private ResidentServer(Path dir, String id, Map<String, Handler> handlers, Duration idle,
      ServerSocketChannel channel, @Nullable Object socketKey, UserPrincipal owner) {
    this.dir = dir;
    this.id = id;
    this.socket = dir.resolve(id + SOCKET_SUFFIX);
    this.handlers = Map.copyOf(handlers);
    this.idle = idle;
    this.channel = channel;
    this.socketKey = socketKey;
    this.owner = owner;
    this.workers = Executors.newCachedThreadPool(daemons("slicegrep-server-call"));
    this.timer = Executors.newSingleThreadScheduledExecutor(daemons("slicegrep-server-timer"));
  }

  /**
   * Starts a server: binds {@code dir/id.sock} (removing a socket file nobody answers on),
   * accepts calls on a thread of its own, and checks for idleness.
   *
   * @param dir the server directory; refused unless it is the user's own and owner-only
   * @param id the build id
   * @param handlers the handler of each tool name
   * @param idle how long to wait without a call before stopping
   * @return the running server
   * @throws IOException when the directory is refused, another server already answers on the
   *     socket, or it cannot be bound
   */
  public static ResidentServer start(Path dir, String id, Map<String, Handler> handlers,
      Duration idle) throws IOException {
    ServerDirectory.check(dir);
    Path socket = dir.resolve(id + SOCKET_SUFFIX);
    SocketChannel live = ServerClient.connect(socket);
    if (live != null) {
      live.close();
      throw new IOException("a server already answers on " + socket);
    }
    Files.deleteIfExists(socket);
    ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    try {
      channel.bind(UnixDomainSocketAddress.of(socket), BACKLOG);
    } catch (IOException e) {
      channel.close();
      throw e;
    }
    Object key = Files.readAttributes(socket, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
        .fileKey();
    ResidentServer server = new ResidentServer(dir, id, handlers, idle, channel, key,
        Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS));
    server.begin();
    return server;
  }

  private void begin() {
    Thread acceptor = new Thread(this::acceptLoop, "slicegrep-server-accept");
    acceptor.setDaemon(true);
    acceptor.start();
    long tick = Math.max(50, Math.min(1000, idle.toMillis() / 4));
    timer.scheduleWithFixedDelay(this::checkIdle, tick, tick, TimeUnit.MILLISECONDS);
    log("started: pid " + ProcessHandle.current().pid() + ", socket " + socket + ", idle "
        + idle.toMillis() + " ms");
  }

  /**
   * The server's main: {@code --dir DIR --id ID}; the idle time comes from
   * {@code SLICEGREP_SERVER_IDLE}. Returns only by exiting the process.
   *
   * @param args {@code --dir DIR --id ID}
   * @param handlers the handler of each tool name
   */
  public static void run(String[] args, Map<String, Handler> handlers) {
    String dir = null;
    String id = null;
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (args[i].equals("--dir")) {
        dir = args[i + 1];
      } else if (args[i].equals("--id")) {
        id = args[i + 1];
      }
    }
    if (dir == null || id == null) {
      System.err.println("usage: --dir DIR --id ID");
      System.exit(2);
    }
    Duration idle = idleTime(System.getenv(IDLE_VARIABLE));
    try (ResidentServer server = start(Path.of(dir), id, handlers, idle)) {
      server.awaitStop();
    } catch (IOException e) {
      log("not started: " + e.getMessage());
      handlers.values().forEach(Handler::close);
      System.exit(1);
    }
    System.exit(0);
  }

  /**
   * An idle time as written in {@code SLICEGREP_SERVER_IDLE}: seconds ({@code 600}) or a number
   * with {@code ms}, {@code s}, {@code m} or {@code h}; anything else, or less than 1 ms, is the
   * default.
   */
  static Duration idleTime(@Nullable String text) {
    if (text == null || text.isBlank()) {
      return DEFAULT_IDLE;
    }
    String s = text.strip().toLowerCase(Locale.ROOT);
    double unit = 1000;
    if (s.endsWith("ms")) {
      unit = 1;
      s = s.substring(0, s.length() - 2);
    } else if (s.endsWith("s")) {
      s = s.substring(0, s.length() - 1);
    } else if (s.endsWith("m")) {
      unit = 60_000;
      s = s.substring(0, s.length() - 1);
    } else if (s.endsWith("h")) {
      unit = 3_600_000;
      s = s.substring(0, s.length() - 1);
    }
    try {
      double millis = Double.parseDouble(s.strip()) * unit;
      return Double.isFinite(millis) && millis >= 1 && millis < 1e12
          ? Duration.ofMillis((long) millis) : DEFAULT_IDLE;
    } catch (NumberFormatException e) {
      return DEFAULT_IDLE;
    }
  }

  /** Waits until the server has stopped and every call in flight has finished. */
  public void awaitStop() {
    try {
      stopped.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Waits at most {@code max} until the server has stopped.
   *
   * @param max the longest wait
   * @return whether it has stopped
   */
  public boolean awaitStop(Duration max) {
    try {
      return stopped.await(max.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Why the server stopped, or null while it runs. */
  public @Nullable String stopReason() {
    return stopReason;
  }

  /** Stops the server (as {@code --server stop} does) and waits for it. */
  @Override
  public void close() {
    stop("closed");
    awaitStop();
  }

  private void acceptLoop() {
    while (true) {
      SocketChannel call;
      try {
        call = channel.accept();
      } catch (ClosedChannelException e) {
        return;
      } catch (IOException e) {
        log("accept failed: " + e);
        stop("accept failed");
        return;
      }
      // Counted before it is handed over, so that the idle check never misses it.
      active.incrementAndGet();
      try {
        workers.execute(() -> serve(call));
      } catch (RuntimeException e) {
        active.decrementAndGet();
        ServerClient.closeQuietly(call);
      }
    }
  }

  private void serve(SocketChannel call) {
    ScheduledFuture<?> deadline = timer.schedule(() -> ServerClient.closeQuietly(call),
        REQUEST_MILLIS, TimeUnit.MILLISECONDS);
    boolean control = false;
    try (call) {
      if (!fromOwner(call)) {
        refused.incrementAndGet();
        return;
      }
      Connection connection = new Connection(Channels.newOutputStream(call));
      connection.frame(Wire.ACCEPTED, Wire.longBytes(ProcessHandle.current().pid()));
      Request request = Request.decode(new DataInputStream(
          new BufferedInputStream(Channels.newInputStream(call), 1 << 16)));
      deadline.cancel(false);
      if (request.tool().equals(CONTROL)) {
        control = true; // asking after the server is not using it: no call, no activity
        control(request, connection);
        return;
      }
      Handler handler = handlers.get(request.tool());
      if (handler == null) {
        connection.frame(Wire.FALLBACK, new byte[0]);
        return;
      }
      int status;
      try {
        status = handler.handle(request, connection.stream(Wire.OUT), connection.stream(Wire.ERR));
      } catch (Throwable t) {
        log("call failed, handed back to the client: " + t);
        status = Handler.FALLBACK;
      }
      if (status == Handler.FALLBACK) {
        connection.frame(Wire.FALLBACK, new byte[0]);
      } else {
        connection.frame(Wire.EXIT, Wire.intBytes(status));
      }
    } catch (IOException e) {
      // The client went away (killed, or it gave up waiting): nothing to answer.
    } finally {
      deadline.cancel(false);
      if (!control) {
        served.incrementAndGet();
        lastCallNanos = System.nanoTime();
      }
      active.decrementAndGet();
    }
  }

  /** Whether the peer runs as the directory's owner (the check the directory already makes). */
  private boolean fromOwner(SocketChannel call) {
    try {
      UnixDomainPrincipal peer = call.getOption(ExtendedSocketOptions.SO_PEERCRED);
      return peer.user().equals(owner);
    } catch (IOException | UnsupportedOperationException e) {
      return true; // no credentials to compare here: the directory's mode keeps others out
    }
  }

  private void control(Request request, Connection connection) throws IOException {
    String[] args = request.args();
    String action = args.length == 0 ? "" : args[0];
    switch (action) {
      case "status":
        connection.frame(Wire.OUT, status().getBytes(StandardCharsets.UTF_8));
        connection.frame(Wire.EXIT, Wire.intBytes(0));
        break;
      case "stop":
        connection.frame(Wire.OUT, ("stopping server " + id + " (pid "
            + ProcessHandle.current().pid() + ")\n").getBytes(StandardCharsets.UTF_8));
        connection.frame(Wire.EXIT, Wire.intBytes(0));
        Thread stopper = new Thread(() -> stop("stopped on request"), "slicegrep-server-stop");
        stopper.setDaemon(true);
        stopper.start();
        break;
      default:
        connection.frame(Wire.ERR, ("unknown control action '" + action + "'\n")
            .getBytes(StandardCharsets.UTF_8));
        connection.frame(Wire.EXIT, Wire.intBytes(2));
    }
  }

  /** What this server is and holds, as {@code key: value} lines. */
  private String status() {
    long idleFor = (System.nanoTime() - lastCallNanos) / 1_000_000;
    StringBuilder sb = new StringBuilder();
    sb.append("pid: ").append(ProcessHandle.current().pid()).append('\n');
    sb.append("build: ").append(id).append('\n');
    sb.append("started: ").append(started).append(" (up ")
        .append(Duration.between(started, Instant.now()).toSeconds()).append(" s)\n");
    sb.append("idle timeout: ").append(idle.toMillis() / 1000.0).append(" s (")
        .append(active.get() > 1 ? "busy" : "idle for " + idleFor / 1000 + " s").append(")\n");
    sb.append("calls: ").append(served.get()).append(" answered, ")
        .append(active.get() - 1).append(" in flight")
        .append(refused.get() == 0 ? "" : ", " + refused.get() + " refused (other users)")
        .append('\n');
    sb.append("tools: ").append(String.join(", ", handlers.keySet().stream().sorted().toList()))
        .append('\n');
    sb.append("java: ").append(System.getProperty("java.version")).append(" (")
        .append(System.getProperty("java.home")).append(")\n");
    sb.append("heap: ").append(usedMib()).append(" MiB used of ")
        .append(Runtime.getRuntime().maxMemory() >> 20).append(" MiB\n");
    for (Map.Entry<String, Handler> e : handlers.entrySet()) {
      for (String line : e.getValue().describe()) {
        sb.append(e.getKey()).append(": ").append(line).append('\n');
      }
    }
    return sb.toString();
  }

  private static long usedMib() {
    Runtime r = Runtime.getRuntime();
    return (r.totalMemory() - r.freeMemory()) >> 20;
  }

  private void checkIdle() {
    if (active.get() == 0 && System.nanoTime() - lastCallNanos >= idle.toNanos()) {
      stop("idle for " + idle.toMillis() + " ms");
    } else if (!ownsSocket()) {
      stop("its socket was removed or taken over");
    }
  }

  /**
   * Stops taking calls: removes the socket (only if it is still this server's: a server started
   * after this one was given up for dead may own that path now), closes it, lets the calls in
   * flight finish, releases the handlers and wakes {@link #awaitStop()}.
   */
  private synchronized void stop(String reason) {
    if (stopReason != null) {
      return;
    }
    stopReason = reason;
    if (ownsSocket()) {
      try {
        Files.deleteIfExists(socket);
      } catch (IOException e) {
        // the next client finds nobody answering and replaces it
      }
    }
    try {
      channel.close();
    } catch (IOException e) {
      // closing anyway
    }
    Thread drain = new Thread(() -> {
      long until = System.nanoTime() + DRAIN_MILLIS * 1_000_000L;
      while (active.get() > 0 && System.nanoTime() < until) {
        try {
          Thread.sleep(10);
        } catch (InterruptedException e) {
          break;
        }
      }
      for (Handler h : handlers.values()) {
        try {
          h.close();
        } catch (RuntimeException e) {
          log("closing a handler failed: " + e);
        }
      }
      workers.shutdown();
      timer.shutdownNow();
      log("stopped: " + reason + "; " + served.get() + " call(s) answered");
      stopped.countDown();
    }, "slicegrep-server-drain");
    drain.setDaemon(true);
    drain.start();
  }

  private boolean ownsSocket() {
    try {
      Object key = Files.readAttributes(socket, BasicFileAttributes.class,
          LinkOption.NOFOLLOW_LINKS).fileKey();
      return Objects.equals(key, socketKey);
    } catch (NoSuchFileException e) {
      return false;
    } catch (IOException e) {
      return true; // cannot tell: keep serving
    }
  }

  private static void log(String what) {
    System.err.println(Instant.now() + " slicegrep server: " + what);
  }

  private static ThreadFactory daemons(String name) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, name + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  /** One connection's writes: whole frames, one at a time; nothing more once the peer is gone. */
  private static final class Connection {
    private final OutputStream out;
    private boolean broken;

    Connection(OutputStream out) {
      this.out = out;
    }

    synchronized void frame(byte type, byte[] bytes) throws IOException {
      write(type, bytes, 0, bytes.length);
      if (broken) {
        throw new IOException("the client went away");
      }
    }

    /** Writes a frame, or drops it silently once the client is gone (the call runs on). */
    synchronized void write(byte type, byte[] bytes, int offset, int length) {
      if (broken || length == 0 && type != Wire.FALLBACK && type != Wire.EXIT) {
        return;
      }
      try {
        Wire.frame(out, type, bytes, offset, length);
      } catch (IOException e) {
        broken = true;
      }
    }

    OutputStream stream(byte type) {
      return new OutputStream() {
        @Override
        public void write(int b) {
          Connection.this.write(type, new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
          Connection.this.write(type, b, off, len);
        }
      };
    }
  }
}
