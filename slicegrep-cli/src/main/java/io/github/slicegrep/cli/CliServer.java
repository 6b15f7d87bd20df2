package io.github.slicegrep.cli;

import io.github.slicegrep.server.PooledHandler;
import io.github.slicegrep.server.Request;
import io.github.slicegrep.server.ResidentServer;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * The command line's resident server: answers each call with {@link SlicegrepCommand} run on
 * the caller's arguments, working directory and environment, with watching readers kept per
 * searched root (a reader pool).
 */
public final class CliServer extends PooledHandler {

  /**
   * Runs the server ({@code --dir DIR --id ID}); started by {@link Main}, not by people.
   *
   * @param args {@code --dir DIR --id ID}
   */
  public static void main(String[] args) {
    ResidentServer.run(args, Map.of(Main.TOOL, new CliServer()));
  }

  @Override
  public int handle(Request request, OutputStream out, OutputStream err) {
    PrintWriter o = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
    PrintWriter e = new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8));
    Invocation invocation = new Invocation(request.environment(),
        Path.of(request.workingDirectory()), request.console(),
        (root, index) -> pool().reader(root, index.orElse(null)), true);
    int status = SlicegrepCommand.run(o, e, invocation, request.args());
    return status == SlicegrepCommand.HAND_BACK ? FALLBACK : status;
  }
}
