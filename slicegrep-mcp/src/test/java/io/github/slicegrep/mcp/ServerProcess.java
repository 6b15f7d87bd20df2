package io.github.slicegrep.mcp;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Launches the server as its own JVM on the test class path, as a client would start it. */
final class ServerProcess {
  private ServerProcess() {}

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** {@code java -cp <test class path> SlicegrepMcp <args>}, as a command line. */
  static List<String> command(List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(java());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(SlicegrepMcp.class.getName());
    command.addAll(args);
    return command;
  }

  static Process start(List<String> args, File stderr) throws IOException {
    return new ProcessBuilder(command(args))
        .redirectError(ProcessBuilder.Redirect.to(stderr))
        .start();
  }
}
