package io.github.slicegrep.server;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** A client of an echo server as a process of its own: {@code DIR ID ARGS...}; tests kill it. */
public final class EchoClientMain {
  private EchoClientMain() {}

  public static void main(String[] args) {
    ClientConfig config = new ClientConfig(Path.of(args[0]), args[1], List.of(), false);
    Request request = Calls.request("echo", Arrays.copyOfRange(args, 2, args.length));
    System.exit(ServerClient.call(config, request, new FileOutputStream(FileDescriptor.out),
        new FileOutputStream(FileDescriptor.err)));
  }
}
