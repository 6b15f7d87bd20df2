package io.github.slicegrep.hook;

import io.github.slicegrep.server.ClientConfig;
import io.github.slicegrep.server.Request;
import io.github.slicegrep.server.ServerClient;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code slicegrep-hook} command's entry: reads the event, hands it to the hook's resident
 * server (starting it when none runs) and prints its decision, or runs {@link HookMain} in this
 * process when the server is switched off ({@code SLICEGREP_SERVER=off}), in debug mode, or
 * when the server path fails. It fails open like the hook itself: past
 * {@code SLICEGREP_HOOK_TIMEOUT} from the start of this process it exits 0 with no output,
 * wherever it is.
 */
public final class HookClient {
  /** The main class of the hook's resident server. */
  static final String SERVER_MAIN = "io.github.slicegrep.hook.HookServer";
  /** The tool name of the hook's calls. */
  static final String TOOL = "hook";

  private HookClient() {}

  /**
   * The {@code slicegrep-hook} command.
   *
   * @param args ignored; settings come from {@code SLICEGREP_HOOK_*} environment variables
   */
  public static void main(String[] args) {
    Map<String, String> env = System.getenv();
    if (ServerClient.switchedOff(env) || "1".equals(env.get("SLICEGREP_HOOK_DEBUG"))) {
      HookMain.main(args);
      return;
    }
    Optional<Instant> started = ProcessHandle.current().info().startInstant();
    long start = started.isPresent() ? started.get().toEpochMilli() : System.currentTimeMillis();
    Duration timeout = HookSettings.duration(env.get("SLICEGREP_HOOK_TIMEOUT"),
        HookSettings.DEFAULT_TIMEOUT);
    Deadline deadline = new Deadline(start + timeout.toMillis());
    deadline.start();
    byte[] stdin;
    try {
      stdin = System.in.readAllBytes();
    } catch (IOException e) {
      Runtime.getRuntime().halt(0);
      return;
    }
    Request request = new Request(TOOL, args, System.getProperty("user.dir"), env, false, start,
        stdin);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status = ServerClient.call(ClientConfig.forThisProcess(SERVER_MAIN, env), request, out,
        OutputStream.nullOutputStream());
    if (status == ServerClient.FALLBACK) {
      HookMain.inProcess(new ByteArrayInputStream(stdin));
      return;
    }
    if (out.size() > 0 && deadline.commit()) {
      try {
        FileOutputStream stdout = new FileOutputStream(FileDescriptor.out);
        out.writeTo(stdout);
        stdout.flush();
      } catch (IOException e) {
        // the Read goes through
      }
    }
    Runtime.getRuntime().halt(0);
  }

  /**
   * Halts the process with status 0 and no output at the hook's deadline, unless the decision
   * was committed first (then it is printed whole: a half-printed decision is worse than none).
   */
  private static final class Deadline extends Thread {
    private final long atMillis;
    private boolean committed;
    private boolean expired;

    Deadline(long atMillis) {
      super("slicegrep-hook-deadline");
      setDaemon(true);
      this.atMillis = atMillis;
    }

    @Override
    public void run() {
      long left;
      while ((left = atMillis - System.currentTimeMillis()) > 0) {
        try {
          Thread.sleep(left);
        } catch (InterruptedException e) {
          return;
        }
      }
      synchronized (this) {
        if (committed) {
          return;
        }
        expired = true;
      }
      Runtime.getRuntime().halt(0);
    }

    synchronized boolean commit() {
      if (expired) {
        return false;
      }
      committed = true;
      return true;
    }
  }
}
