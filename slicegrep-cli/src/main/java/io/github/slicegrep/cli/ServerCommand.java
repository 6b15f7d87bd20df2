package io.github.slicegrep.cli;

import io.github.slicegrep.server.ClientConfig;
import io.github.slicegrep.server.ServerControl;
import java.io.PrintWriter;
import java.util.Map;

/** {@code slicegrep --server status|stop}: what resident servers run for this user, and stopping them. */
final class ServerCommand {
  private ServerCommand() {}

  static int run(String action, PrintWriter out, PrintWriter err) {
    Map<String, String> env = System.getenv();
    ClientConfig config = ClientConfig.forThisProcess(Main.SERVER_MAIN, env);
    switch (action) {
      case "status":
        return ServerControl.status(config.dir(), config.id(), out, err);
      case "stop":
        return ServerControl.stop(config.dir(), out, err);
      default:
        err.println("slicegrep: unknown --server action '" + action + "': use status or stop");
        err.flush();
        return SlicegrepCommand.EXIT_ERROR;
    }
  }
}
