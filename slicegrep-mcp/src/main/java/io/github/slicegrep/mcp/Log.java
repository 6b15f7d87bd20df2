package io.github.slicegrep.mcp;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;

/**
 * Diagnostics for people, always on stderr: stdout carries the protocol and nothing else. MCP
 * clients show or store a server's stderr (Claude Code with {@code --debug}, Claude Desktop in
 * its log folder).
 */
final class Log {
  private final PrintStream err;
  private final boolean verbose;

  Log(PrintStream err, boolean verbose) {
    this.err = err;
    this.verbose = verbose;
  }

  void info(String message) {
    line("info", message);
  }

  /** Only with {@code --verbose}: one line per request. */
  void debug(String message) {
    if (verbose) {
      line("debug", message);
    }
  }

  void error(String message, Throwable t) {
    StringWriter trace = new StringWriter();
    t.printStackTrace(new PrintWriter(trace));
    line("error", message + "\n" + trace);
  }

  private void line(String level, String message) {
    synchronized (err) {
      err.println(
          "slicegrep-mcp " + LocalTime.now().truncatedTo(ChronoUnit.MILLIS) + " " + level + ": "
              + message);
      err.flush();
    }
  }
}
