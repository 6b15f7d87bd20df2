package io.github.slicegrep.cli;

import io.github.slicegrep.server.ClientConfig;

/** Prints the build name the Java client of the command line derives in this process. */
public final class PrintBuildId {
  private PrintBuildId() {}

  public static void main(String[] args) {
    System.out.println(ClientConfig.forThisProcess(Main.SERVER_MAIN, System.getenv()).id());
  }
}
