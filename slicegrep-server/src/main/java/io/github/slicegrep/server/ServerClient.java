package io.github.slicegrep.server;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The client half: hands one call to the server of this build, starting the server when none
 * is running, and copies its answer out. Every failure (a refused directory, a server that
 * cannot start, dies or hangs, a garbled answer) returns {@link #FALLBACK} before anything
 * reaches stdout, so that the caller can run in-process with the same output.
 *
 * <p>stdout is held until the exit status arrives and written in one piece; stderr (progress,
 * messages) is copied as it comes. A server that dies after writing to stderr leaves that text
 * behind, and the in-process run writes its own after it.
 */
public final class ServerClient {
  /** Returned when the call must run in-process instead. */
  public static final int FALLBACK = -1;
  /** {@code off} (or {@code 0}, {@code false}, {@code no}) keeps every call in-process. */
  public static final String SWITCH_VARIABLE = "SLICEGREP_SERVER";

  private static final int RETRY = -2;
  private static final int POLL_MILLIS = 10;

  private ServerClient() {}

  /**
   * Whether {@code env} switches the server off.
   *
   * @param env environment variables by name
   * @return true for {@code SLICEGREP_SERVER=off} (or {@code 0}, {@code false}, {@code no})
   */
  public static boolean switchedOff(Map<String, String> env) {
    String v = env.get(SWITCH_VARIABLE);
    if (v == null) {
      return false;
    }
    String s = v.trim().toLowerCase(Locale.ROOT);
    return s.equals("off") || s.equals("0") || s.equals("false") || s.equals("no");
  }

  /**
   * Runs {@code request} on the server of {@code config}'s build, starting it if needed.
   *
   * @param config where the server is and how to start it
   * @param request the call
   * @param out where the call's stdout goes (written once, at the end)
   * @param err where its stderr goes (as it comes)
   * @return the call's exit status, or {@link #FALLBACK} when nothing was written to {@code out}
   *     and the call must run in-process
   */
  public static int call(ClientConfig config, Request request, OutputStream out, OutputStream err) {
    byte[] encoded;
    try {
      ServerDirectory.open(config.dir());
      encoded = request.encode();
    } catch (IOException | RuntimeException e) {
      say(config, err, e.toString());
      return FALLBACK;
    }
    for (int attempt = 0; attempt < 2; attempt++) {
      SocketChannel channel = connect(config.socket());
      if (channel == null) {
        channel = start(config, err);
      }
      if (channel == null) {
        return FALLBACK;
      }
      int status = exchange(config, channel, encoded, out, err);
      if (status != RETRY) {
        return status;
      }
    }
    say(config, err, "the server went away twice before taking the call");
    return FALLBACK;
  }

  /** A connection to the socket, or null when nothing takes it (no file, or a dead server). */
  static @Nullable SocketChannel connect(Path socket) {
    if (!Files.exists(socket)) {
      return null;
    }
    SocketChannel channel = null;
    try {
      channel = SocketChannel.open(StandardProtocolFamily.UNIX);
      channel.connect(UnixDomainSocketAddress.of(socket));
      return channel;
    } catch (IOException | RuntimeException e) {
      closeQuietly(channel);
      return null;
    }
  }

  /**
   * Starts a server under the build's lock file, so that clients arriving together start one:
   * whoever holds the lock first connects once more (a server may have come up meanwhile),
   * removes a socket nobody answers on, starts the server and waits for it to take connections.
   */
  private static @Nullable SocketChannel start(ClientConfig config, OutputStream err) {
    if (config.serverCommand().isEmpty()) {
      say(config, err, "no server is running and this client starts none");
      return null;
    }
    // A file lock is held per process: threads of one process (a host making several calls at
    // once) take turns on this monitor first.
    synchronized (ServerClient.class) {
      return startLocked(config, err);
    }
  }

  private static @Nullable SocketChannel startLocked(ClientConfig config, OutputStream err) {
    try (FileChannel lockFile = FileChannel.open(config.lock(), StandardOpenOption.CREATE,
            StandardOpenOption.WRITE);
        FileLock lock = lockFile.lock()) {
      SocketChannel channel = connect(config.socket());
      if (channel != null) {
        return channel;
      }
      Files.deleteIfExists(config.socket());
      Process process = launch(config);
      long deadline = System.nanoTime() + ClientConfig.START_MILLIS * 1_000_000L;
      while (System.nanoTime() < deadline) {
        channel = connect(config.socket());
        if (channel != null) {
          return channel;
        }
        if (!process.isAlive()) {
          // setsid runs the server itself (this process's children lead no process group)
          channel = connect(config.socket());
          if (channel != null) {
            return channel;
          }
          say(config, err, new StringBuilder("the server exited with status ")
              .append(process.exitValue()).append(" at start; see ").append(config.log())
              .toString());
          return null;
        }
        Thread.sleep(POLL_MILLIS);
      }
      say(config, err, "the server did not start in time");
      return null;
    } catch (IOException | RuntimeException e) {
      say(config, err, e.toString());
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /**
   * Starts the server process in a session of its own ({@code setsid}), so that neither the
   * terminal's hang-up nor a Ctrl-C meant for this call reaches it; its output goes to the
   * build's log file.
   */
  private static Process launch(ClientConfig config) throws IOException {
    List<String> command = new ArrayList<>();
    if (new File("/usr/bin/setsid").canExecute()) {
      command.add("/usr/bin/setsid");
    }
    command.addAll(config.serverCommand());
    command.add("--dir");
    command.add(config.dir().toString());
    command.add("--id");
    command.add(config.id());
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.directory(config.dir().toFile());
    builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    builder.redirectOutput(ProcessBuilder.Redirect.to(config.log().toFile()));
    builder.redirectErrorStream(true);
    return builder.start();
  }

  /**
   * One call over {@code channel}.
   *
   * @return the exit status, {@link #FALLBACK}, or {@link #RETRY} when the server closed the
   *     connection before taking it (it was stopping)
   */
  private static int exchange(ClientConfig config, SocketChannel channel, byte[] request,
      OutputStream out, OutputStream err) {
    Watchdog watchdog = new Watchdog(channel, ClientConfig.HANDSHAKE_MILLIS);
    boolean accepted = false;
    try {
      watchdog.start();
      DataInputStream in =
          new DataInputStream(new BufferedInputStream(Channels.newInputStream(channel), 1 << 16));
      Wire.Frame first = Wire.read(in);
      watchdog.disarm();
      if (first.type != Wire.ACCEPTED) {
        say(config, err, "the server did not accept the call");
        return FALLBACK;
      }
      accepted = true;
      OutputStream toServer = Channels.newOutputStream(channel);
      toServer.write(request);
      toServer.flush();
      ByteArrayOutputStream stdout = new ByteArrayOutputStream(1 << 14);
      while (true) {
        Wire.Frame f = Wire.read(in);
        switch (f.type) {
          case Wire.OUT:
            stdout.write(f.bytes);
            break;
          case Wire.ERR:
            err.write(f.bytes);
            err.flush();
            break;
          case Wire.EXIT:
            stdout.writeTo(out);
            out.flush();
            return Wire.getInt(f.bytes);
          case Wire.FALLBACK:
            say(config, err, "the server handed the call back");
            return FALLBACK;
          default:
            say(config, err, "the server sent an unknown frame");
            return FALLBACK;
        }
      }
    } catch (IOException | RuntimeException e) {
      if (watchdog.fired()) {
        say(config, err, "the server did not take the call in time");
        return FALLBACK;
      }
      if (!accepted) {
        return RETRY;
      }
      say(config, err, new StringBuilder("the server went away during the call: ").append(e)
          .toString());
      return FALLBACK;
    } finally {
      watchdog.disarm();
      closeQuietly(channel);
    }
  }

  private static void say(ClientConfig config, OutputStream err, String why) {
    if (!config.debug()) {
      return;
    }
    try {
      err.write(new StringBuilder("slicegrep: server: ").append(why)
          .append("; running in-process\n").toString().getBytes(StandardCharsets.UTF_8));
      err.flush();
    } catch (IOException e) {
      // nowhere to say it
    }
  }

  static void closeQuietly(@Nullable SocketChannel channel) {
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
  }

  /** Closes the connection when the server has not taken the call in time. */
  private static final class Watchdog extends Thread {
    private final SocketChannel channel;
    private final long millis;
    private volatile boolean disarmed;
    private volatile boolean fired;

    Watchdog(SocketChannel channel, long millis) {
      super("slicegrep-client-watchdog");
      setDaemon(true);
      this.channel = channel;
      this.millis = millis;
    }

    @Override
    public void run() {
      try {
        Thread.sleep(millis);
      } catch (InterruptedException e) {
        return;
      }
      if (!disarmed) {
        fired = true;
        closeQuietly(channel);
      }
    }

    void disarm() {
      if (!disarmed) {
        disarmed = true;
        interrupt();
      }
    }

    boolean fired() {
      return fired;
    }
  }
}
