package io.github.slicegrep.cli;

import io.github.slicegrep.server.ClientConfig;
import io.github.slicegrep.server.Request;
import io.github.slicegrep.server.ServerClient;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.util.Map;

/**
 * The {@code slicegrep} command's entry: hands the call to the resident server of this build
 * (starting it when none runs), and runs it in this process when the server is switched off
 * ({@code --no-server}, {@code SLICEGREP_SERVER=off}), for {@code --server status|stop}, or when
 * the server path fails in any way. Loads nothing of picocli, Jackson or the core unless it
 * runs in-process (docs/server.md).
 */
public final class Main {
  /** The main class of the command line's resident server. */
  static final String SERVER_MAIN = "io.github.slicegrep.cli.CliServer";
  /** The tool name of the command line's calls. */
  static final String TOOL = "cli";

  /**
   * System properties that change what a search does (tests set them); a process that has them
   * runs in-process, since a server has its own.
   */
  private static final String[] PROCESS_SETTINGS = {
    "slicegrep.index.dir", "slicegrep.index.max.bytes", "slicegrep.model.dir"
  };

  private Main() {}

  /**
   * The {@code slicegrep} command.
   *
   * @param args the command line
   */
  public static void main(String[] args) {
    Map<String, String> env = System.getenv();
    if (usesServer(args, env)) {
      Request request = new Request(TOOL, args, System.getProperty("user.dir"), env,
          System.console() != null, 0L, new byte[0]);
      int status = ServerClient.call(ClientConfig.forThisProcess(SERVER_MAIN, env), request,
          new FileOutputStream(FileDescriptor.out), new FileOutputStream(FileDescriptor.err));
      if (status != ServerClient.FALLBACK) {
        System.exit(status);
      }
    }
    SlicegrepCommand.main(args);
  }

  /** Whether this call goes to the server. */
  static boolean usesServer(String[] args, Map<String, String> env) {
    if (ServerClient.switchedOff(env)) {
      return false;
    }
    for (String a : args) {
      if (a.equals("--no-server") || a.startsWith("--server")) {
        return false;
      }
    }
    for (String p : PROCESS_SETTINGS) {
      if (System.getProperty(p) != null) {
        return false;
      }
    }
    return true;
  }
}
