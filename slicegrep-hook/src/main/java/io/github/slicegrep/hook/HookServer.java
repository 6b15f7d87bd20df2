package io.github.slicegrep.hook;

import io.github.slicegrep.server.PooledHandler;
import io.github.slicegrep.server.Request;
import io.github.slicegrep.server.ResidentServer;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/**
 * The hook's resident server: decides each event as {@link HookMain} would in a process of its
 * own (the caller's environment for the settings, the caller's start for the deadline), with
 * the reader of the file's directory kept warm (a reader pool).
 */
public final class HookServer extends PooledHandler {

  /**
   * Runs the server ({@code --dir DIR --id ID}); started by {@link HookClient}, not by people.
   *
   * @param args {@code --dir DIR --id ID}
   */
  public static void main(String[] args) {
    ResidentServer.run(args, Map.of(HookClient.TOOL, new HookServer()));
  }

  @Override
  public int handle(Request request, OutputStream out, OutputStream err) {
    HookSettings settings = HookSettings.from(request.environment());
    if (settings.debug() || !settings.stateDir().isAbsolute()) {
      return FALLBACK; // debug output and a relative state folder belong to the caller's process
    }
    Instant start = request.startMillis() > 0
        ? Instant.ofEpochMilli(request.startMillis()) : Instant.now();
    settings = settings.withTimeout(HookMain.remaining(settings.timeout(), start));
    SeenReads seen = new SeenReads(settings.stateDir());
    ReadHook hook = new ReadHook(settings, file -> pool().reader(file.getParent(), null), seen,
        Path.of(request.workingDirectory()));
    PrintStream printed = new PrintStream(out, true, StandardCharsets.UTF_8);
    HookMain.run(new ByteArrayInputStream(request.stdin()), printed, settings, seen,
        stdin -> HookMain.decide(hook, stdin));
    printed.flush();
    return 0;
  }
}
