package io.github.slicegrep.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One in-process run of the command line: its exit status and what it printed. */
record CommandRun(int code, String out, String err) {
  static CommandRun of(String... args) {
    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    int code = SlicegrepCommand.run(new PrintWriter(o), new PrintWriter(e), args);
    return new CommandRun(code, o.toString(), e.toString());
  }
}
