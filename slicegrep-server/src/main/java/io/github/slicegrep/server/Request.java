package io.github.slicegrep.server;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * One call handed to the server: everything that decides its output in a process of its own.
 * The whole environment travels, not a chosen few variables, so that a variable read anywhere
 * (the core's switches, the hook's knobs, {@code XDG_*}) has the caller's value.
 */
public final class Request {
  private final String tool;
  private final String[] args;
  private final String workingDirectory;
  private final Map<String, String> environment;
  private final boolean console;
  private final long startMillis;
  private final byte[] stdin;

  /**
   * @param tool which handler answers ({@code cli}, {@code hook}, or the server's own
   *     {@code control})
   * @param args the command line, without the program name
   * @param workingDirectory the caller's working directory, absolute
   * @param environment the caller's environment variables
   * @param console whether the caller has a console (stdin and stdout are a terminal)
   * @param startMillis when the calling process started (epoch milliseconds), 0 when unknown
   * @param stdin what the caller read from its standard input, empty when nothing
   */
  public Request(String tool, String[] args, String workingDirectory,
      Map<String, String> environment, boolean console, long startMillis, byte[] stdin) {
    this.tool = tool;
    this.args = args.clone();
    this.workingDirectory = workingDirectory;
    this.environment = environment;
    this.console = console;
    this.startMillis = startMillis;
    this.stdin = stdin;
  }

  /** Which handler answers. */
  public String tool() {
    return tool;
  }

  /** The command line, without the program name (a copy). */
  public String[] args() {
    return args.clone();
  }

  /** The caller's working directory, absolute. */
  public String workingDirectory() {
    return workingDirectory;
  }

  /** The caller's environment variables. */
  public Map<String, String> environment() {
    return environment;
  }

  /** Whether the caller has a console. */
  public boolean console() {
    return console;
  }

  /** When the calling process started (epoch milliseconds), 0 when unknown. */
  public long startMillis() {
    return startMillis;
  }

  /** The caller's standard input as read (a copy). */
  public byte[] stdin() {
    return stdin.clone();
  }

  byte[] encode() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(8192 + stdin.length);
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(Wire.MAGIC);
    putString(out, tool);
    out.writeInt(args.length);
    for (String a : args) {
      putString(out, a);
    }
    putString(out, workingDirectory);
    out.writeInt(environment.size());
    Iterator<Map.Entry<String, String>> it = environment.entrySet().iterator();
    while (it.hasNext()) {
      Map.Entry<String, String> e = it.next();
      putString(out, e.getKey());
      putString(out, e.getValue());
    }
    out.writeBoolean(console);
    out.writeLong(startMillis);
    out.writeInt(stdin.length);
    out.write(stdin);
    out.flush();
    return bytes.toByteArray();
  }

  static Request decode(DataInputStream in) throws IOException {
    if (in.readInt() != Wire.MAGIC) {
      throw new IOException("not a slicegrep request");
    }
    String tool = Wire.readString(in);
    int n = count(in.readInt());
    String[] args = new String[n];
    for (int i = 0; i < n; i++) {
      args[i] = Wire.readString(in);
    }
    String cwd = Wire.readString(in);
    int vars = count(in.readInt());
    Map<String, String> env = new HashMap<>(vars * 2);
    for (int i = 0; i < vars; i++) {
      env.put(Wire.readString(in), Wire.readString(in));
    }
    boolean console = in.readBoolean();
    long start = in.readLong();
    byte[] stdin = Wire.readBytes(in);
    return new Request(tool, args, cwd, Collections.unmodifiableMap(env), console, start, stdin);
  }

  private static int count(int n) throws IOException {
    if (n < 0 || n > 1 << 20) {
      throw new IOException("bad count");
    }
    return n;
  }

  private static void putString(DataOutputStream out, String s) throws IOException {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    out.writeInt(b.length);
    out.write(b);
  }
}
