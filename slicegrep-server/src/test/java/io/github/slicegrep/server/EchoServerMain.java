package io.github.slicegrep.server;

import java.util.Map;

/**
 * A resident server of {@link EchoHandler} for the tools {@code echo} and {@code hook}, started as
 * a process of its own by tests.
 */
public final class EchoServerMain {
  private EchoServerMain() {}

  public static void main(String[] args) {
    ResidentServer.run(args, Map.of("echo", new EchoHandler(), "hook", new EchoHandler()));
  }
}
