package io.github.slicegrep.mcp;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.slicegrep.FocusedReader;
import io.github.slicegrep.SlicegrepException;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code slicegrep-mcp [--root DIR]... [--verbose]}: the slicegrep MCP server on stdin/stdout.
 * Stdout carries the protocol only; {@code System.out} is pointed at stderr before anything
 * else runs, so no library can write a stray line into it.
 */
public final class SlicegrepMcp {
  /** Exit status after stdin closed. */
  public static final int EXIT_OK = 0;
  /** Exit status on a bad command line. */
  public static final int EXIT_USAGE = 2;

  static final String USAGE =
      "usage: slicegrep-mcp [--root DIR]... [--solr HOSTS --collection NAME] [--verbose]\n"
          + "  An MCP server on stdin/stdout with the tools focused_read and file_map.\n"
          + "  --root DIR   confine every path to DIR (repeatable; symlinks are resolved);\n"
          + "               relative paths resolve against the first root\n"
          + "  --solr HOSTS --collection NAME\n"
          + "               add cluster_read over a SolrCloud collection (ZooKeeper hosts\n"
          + "               or node URLs); needs slicegrep-solr.jar on the class path\n"
          + "  --verbose    log each request on stderr\n"
          + "  --version, --help\n";

  private SlicegrepMcp() {}

  /**
   * The {@code slicegrep-mcp} command: serves until stdin closes.
   *
   * @param args {@code --root DIR} (repeatable), {@code --verbose}, {@code --version} or
   *     {@code --help}
   */
  public static void main(String[] args) {
    OutputStream stdout = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out));
    System.setOut(System.err);
    System.exit(serve(args, System.in, stdout, System.err));
  }

  /** Runs the server until {@code in} ends; returns the exit status. */
  static int serve(String[] args, InputStream in, OutputStream out, PrintStream err) {
    List<Path> roots = new ArrayList<>();
    boolean verbose = false;
    String solr = null;
    String collection = null;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--solr") && i + 1 < args.length) {
        solr = args[++i];
      } else if (a.equals("--collection") && i + 1 < args.length) {
        collection = args[++i];
      } else if (a.equals("--root") && i + 1 < args.length) {
        roots.add(Path.of(args[++i]));
      } else if (a.startsWith("--root=")) {
        roots.add(Path.of(a.substring("--root=".length())));
      } else if (a.equals("--verbose")) {
        verbose = true;
      } else if (a.equals("--version")) {
        err.println("slicegrep-mcp " + version());
        return EXIT_OK;
      } else if (a.equals("--help") || a.equals("-h")) {
        err.print(USAGE);
        return EXIT_OK;
      } else {
        err.print("slicegrep-mcp: unknown or incomplete argument '" + a + "'\n" + USAGE);
        return EXIT_USAGE;
      }
    }
    if ((solr == null) != (collection == null)) {
      err.print("slicegrep-mcp: --solr and --collection go together\n" + USAGE);
      return EXIT_USAGE;
    }
    Workspace workspace;
    ObjectMapper mapper =
        new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    ClusterReadTool cluster = null;
    try {
      workspace = new Workspace(roots, Path.of("").toAbsolutePath());
      if (solr != null) {
        cluster = ClusterReadTool.of(solr, collection, mapper);
      }
    } catch (SlicegrepException e) {
      err.println("slicegrep-mcp: " + e.getMessage());
      return EXIT_USAGE;
    }
    Log log = new Log(err, verbose);
    // Closed at the end so the tree watches it keeps (inotify instances) are released at once.
    try (FocusedReader reader = FocusedReader.watching()) {
      List<Tool> tools = new ArrayList<>(
          List.of(new FocusedReadTool(reader, workspace, new SessionMemory(), mapper),
              new FileMapTool(reader, workspace, mapper)));
      if (cluster != null) {
        tools.add(cluster);
      }
      McpProtocol protocol = new McpProtocol(mapper, tools, version(), log);
      log.info("ready on stdio, version " + version() + (roots.isEmpty()
          ? ", no --root: any readable path can be searched"
          : ", roots " + workspace.roots()));
      new StdioServer(protocol, mapper, out, log).run(in);
    } finally {
      if (cluster != null) {
        cluster.close();
      }
    }
    log.info("stdin closed, exiting");
    return EXIT_OK;
  }

  static String version() {
    String v = SlicegrepMcp.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }
}
