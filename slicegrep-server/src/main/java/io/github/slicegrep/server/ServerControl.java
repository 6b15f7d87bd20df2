package io.github.slicegrep.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code --server status} and {@code --server stop}: every server of this user (one per build:
 * the command line's, the hook's, other checkouts'), what each is and holds, and stopping them.
 */
public final class ServerControl {
  private ServerControl() {}

  /**
   * Prints what runs in {@code dir}: each server's status, and each socket nobody answers on
   * (a server that was killed; the next call replaces it).
   *
   * @param dir the server directory
   * @param thisBuild the build id of the caller, whose server is marked as such
   * @param out where the report goes
   * @param err where a refused directory is reported
   * @return 0, or 2 when the directory is refused or cannot be listed
   */
  public static int status(Path dir, String thisBuild, PrintWriter out, PrintWriter err) {
    return each(dir, thisBuild, "status", out, err);
  }

  /**
   * Stops every server in {@code dir}; calls in flight finish first.
   *
   * @param dir the server directory
   * @param out where the report goes
   * @param err where a refused directory is reported
   * @return 0, or 2 when the directory is refused or cannot be listed
   */
  public static int stop(Path dir, PrintWriter out, PrintWriter err) {
    return each(dir, "", "stop", out, err);
  }

  private static int each(Path dir, String thisBuild, String action, PrintWriter out,
      PrintWriter err) {
    if (!Files.exists(dir)) {
      out.println("server directory: " + dir + " (none yet)");
      out.println("servers: none");
      out.flush();
      return 0;
    }
    List<Path> sockets;
    try {
      ServerDirectory.check(dir);
      try (Stream<Path> files = Files.list(dir)) {
        sockets = files.filter(p -> p.getFileName().toString().endsWith(ResidentServer.SOCKET_SUFFIX))
            .sorted().toList();
      }
    } catch (IOException e) {
      err.println("slicegrep: " + e.getMessage());
      err.flush();
      return 2;
    }
    out.println("server directory: " + dir + " (owner only)");
    out.println("servers: " + (sockets.isEmpty() ? "none" : sockets.size()));
    for (Path socket : sockets) {
      out.println();
      String name = socket.getFileName().toString();
      String id = name.substring(0, name.length() - ResidentServer.SOCKET_SUFFIX.length());
      String mine = id.equals(thisBuild) ? " (this command's build)" : "";
      String answer = ask(socket, action);
      if (answer == null) {
        out.println("build " + id + mine
            + ": no server answers (a stale socket; the next call replaces it)");
      } else {
        out.print(answer.replaceFirst("(?m)^(build: \\w+)$", "$1" + mine));
      }
    }
    out.flush();
    return 0;
  }

  /** The server's answer to a control action, or null when nobody answers. */
  private static String ask(Path socket, String action) {
    ClientConfig config = new ClientConfig(socket.getParent(),
        socket.getFileName().toString().replace(ResidentServer.SOCKET_SUFFIX, ""), List.of(),
        false);
    Request request = new Request(ResidentServer.CONTROL, new String[] {action},
        System.getProperty("user.dir"), Map.of(), false, 0, new byte[0]);
    ByteArrayOutputStream answer = new ByteArrayOutputStream();
    ByteArrayOutputStream errors = new ByteArrayOutputStream();
    int status = ServerClient.call(config, request, answer, errors);
    if (status == ServerClient.FALLBACK) {
      return null;
    }
    return answer.toString(StandardCharsets.UTF_8) + errors.toString(StandardCharsets.UTF_8);
  }

  /** The ids of the servers answering in {@code dir}, for tests. */
  static List<String> answering(Path dir) throws IOException {
    List<String> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path p : files.toList()) {
        String name = p.getFileName().toString();
        if (!name.endsWith(ResidentServer.SOCKET_SUFFIX)) {
          continue;
        }
        java.nio.channels.SocketChannel c = ServerClient.connect(p);
        if (c != null) {
          ServerClient.closeQuietly(c);
          out.add(name.substring(0, name.length() - ResidentServer.SOCKET_SUFFIX.length()));
        }
      }
    }
    return out;
  }
}
