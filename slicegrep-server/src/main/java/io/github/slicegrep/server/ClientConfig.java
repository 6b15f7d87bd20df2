package io.github.slicegrep.server;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Where a client finds its server and how it starts one. A server is named by its build: a
 * hash of the Java installation, of each class-path entry's path, size and modification time,
 * of the server's main class and of its JVM options, so that a rebuilt jar, another checkout or
 * another JDK gets a server of its own instead of talking to one running other code.
 */
public final class ClientConfig {
  /** Extra JVM options for a server being started, split on spaces. */
  public static final String JAVA_OPTIONS_VARIABLE = "SLICEGREP_SERVER_JAVA_OPTS";
  /** {@code 1}: say on stderr why a call did not go through the server. */
  public static final String DEBUG_VARIABLE = "SLICEGREP_SERVER_DEBUG";
  /**
   * The server's own JVM options, before {@code SLICEGREP_SERVER_JAVA_OPTS}: G1 with a full
   * collection after 30 s without any (that is, idle), so that a server left alone between an
   * agent's bursts of calls gives back some of the heap it grew to (JEP 346): on django, after
   * two precise queries and two questions, 831 MB resident, 722 MB once idle.
   */
  private static final String[] DEFAULT_SERVER_OPTIONS = {
    "-XX:+UseG1GC", "-XX:G1PeriodicGCInterval=30000", "-XX:-G1PeriodicGCInvokesConcurrent"
  };
  /** How long a client waits for a server it started to take connections. */
  static final int START_MILLIS = 20_000;
  /**
   * How long a client waits for a live server to take its connection before running in-process:
   * every connection gets a thread of its own at once, so only a hung or swamped server is
   * slower.
   */
  static final int HANDSHAKE_MILLIS = 10_000;

  private final Path dir;
  private final String id;
  private final List<String> serverCommand;
  private final boolean debug;

  /**
   * @param dir the server directory (see {@link ServerDirectory})
   * @param id the build's name: the socket is {@code dir/id.sock}
   * @param serverCommand the command that starts a server (the client adds {@code --dir} and
   *     {@code --id}); empty to never start one
   * @param debug whether to say on stderr why the server was not used
   */
  public ClientConfig(Path dir, String id, List<String> serverCommand, boolean debug) {
    this.dir = dir;
    this.id = id;
    this.serverCommand = Collections.unmodifiableList(new ArrayList<>(serverCommand));
    this.debug = debug;
  }

  /**
   * The configuration of this process: its Java, its class path, the server directory that
   * {@code env} names, and a server started with {@code serverMain}.
   *
   * @param serverMain the main class of the server of this tool
   * @param env environment variables by name
   * @return the configuration
   */
  public static ClientConfig forThisProcess(String serverMain, Map<String, String> env) {
    String javaHome = System.getProperty("java.home");
    List<String> command = new ArrayList<>();
    command.add(new StringBuilder(javaHome).append(File.separatorChar).append("bin")
        .append(File.separatorChar).append("java").toString());
    for (String option : DEFAULT_SERVER_OPTIONS) {
      command.add(option);
    }
    String extra = env.get(JAVA_OPTIONS_VARIABLE);
    if (extra != null) {
      for (String option : split(extra)) {
        command.add(option);
      }
    }
    StringBuilder classPath = new StringBuilder();
    StringBuilder identity = new StringBuilder(javaHome);
    for (String entry : split(System.getProperty("java.class.path", ""), File.pathSeparatorChar)) {
      File f = new File(entry).getAbsoluteFile();
      if (classPath.length() > 0) {
        classPath.append(File.pathSeparatorChar);
      }
      classPath.append(f.getPath());
      identity.append('\n').append(f.getPath()).append(' ').append(f.length()).append(' ')
          .append(f.lastModified());
    }
    command.add("-cp");
    command.add(classPath.toString());
    command.add(serverMain);
    for (String part : command) {
      identity.append('\n').append(part);
    }
    Path dir = ServerDirectory.locate(env, System.getProperty("user.home", "."));
    return new ClientConfig(dir, hash(identity), command, "1".equals(env.get(DEBUG_VARIABLE)));
  }

  /** The server directory. */
  public Path dir() {
    return dir;
  }

  /** The build's name. */
  public String id() {
    return id;
  }

  /** The command that starts a server, without {@code --dir} and {@code --id}. */
  public List<String> serverCommand() {
    return serverCommand;
  }

  /** Whether to say on stderr why the server was not used. */
  public boolean debug() {
    return debug;
  }

  Path socket() {
    return dir.resolve(new StringBuilder(id).append(ResidentServer.SOCKET_SUFFIX).toString());
  }

  Path lock() {
    return dir.resolve(new StringBuilder(id).append(".lock").toString());
  }

  Path log() {
    return dir.resolve(new StringBuilder(id).append(".log").toString());
  }

  /** 64-bit FNV-1a of the text, as 16 hex digits. */
  static String hash(CharSequence text) {
    long h = 0xcbf29ce484222325L;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      h = (h ^ (c & 0xff)) * 0x100000001b3L;
      h = (h ^ (c >>> 8)) * 0x100000001b3L;
    }
    String hex = Long.toHexString(h);
    StringBuilder out = new StringBuilder(16);
    for (int i = hex.length(); i < 16; i++) {
      out.append('0');
    }
    return out.append(hex).toString();
  }

  private static List<String> split(String text) {
    return split(text, ' ');
  }

  private static List<String> split(String text, char separator) {
    List<String> out = new ArrayList<>();
    int start = 0;
    for (int i = 0; i <= text.length(); i++) {
      if (i == text.length() || text.charAt(i) == separator
          || separator == ' ' && Character.isWhitespace(text.charAt(i))) {
        if (i > start) {
          out.add(text.substring(start, i));
        }
        start = i + 1;
      }
    }
    return out;
  }
}
