package io.github.slicegrep.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native client against a real server process ({@link EchoServerMain}): it speaks the wire
 * format as the Java client does, and wherever the server cannot answer it runs the command
 * after {@code --} in its place, with the event it read fed to it. The command here is a shell
 * line standing in for the Java client, so that a run in its place is told apart.
 */
class NativeClientTest {
  private static final String ID = "00000000000000c1";
  /** The stand-in for the Java client: says it ran, with its arguments and its stdin. */
  private static final List<String> FALLBACK = List.of("/bin/sh", "-c",
      "printf 'in-process:%s\\n' \"$*\"; printf 'stdin:'; cat; exit 3", "-cp", "some.jar",
      "Main");

  @TempDir Path tmp;
  private Path dir;
  private Map<String, String> env;

  @BeforeEach
  void serverDirectory() throws IOException {
    dir = tmp.resolve("srv");
    ServerDirectory.open(dir);
    env = new HashMap<>();
    env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    env.put("SLICEGREP_SERVER_DIR", dir.toString());
    env.put("ECHO_VAR", "from the caller ü");
  }

  @AfterEach
  void stopServers() {
    ServerControl.stop(dir, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
  }

  /** Starts the echo server of {@link #ID} through the Java client. */
  private long startServer() {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ClientConfig config = new ClientConfig(dir, ID, List.of("/usr/bin/env",
        "SLICEGREP_SERVER_IDLE=2m", java, "-XX:+UseSerialGC", "-cp",
        System.getProperty("java.class.path"), EchoServerMain.class.getName()), true);
    Calls.Answer a = Calls.call(config, Calls.request("echo", "start"));
    assertEquals(0, a.status(), a.err());
    return Long.parseLong(a.out().substring(4, a.out().indexOf('\n')));
  }

  private NativeClient.Run call(String tool, Map<String, String> environment, String stdin,
      String... args) throws Exception {
    List<String> command = new ArrayList<>(FALLBACK);
    command.addAll(List.of(args));
    return NativeClient.run(List.of("--tool", tool, "--server-main", "Unused", "--id", ID),
        command, environment, tmp, stdin.getBytes(StandardCharsets.UTF_8));
  }

  private NativeClient.Run call(String tool, String... args) throws Exception {
    return call(tool, env, "", args);
  }

  @Test
  void theServerAnswersWithStdoutStderrAndStatus() throws Exception {
    long pid = startServer();
    NativeClient.Run run = call("echo", "one", "two words");
    assertEquals(0, run.status(), run.errText());
    assertEquals("pid=" + pid + "\nargs=one two words\ncwd=" + tmp + "\nvar=from the caller ü\n"
        + "stdin=\n", run.outText());
    assertEquals("err line 0 ü\nerr line 1 ü\nerr line 2 ü\n", run.errText());
    assertEquals(7, call("echo", "exit", "7").status(), "the call's exit status is the client's");
  }

  @Test
  void whereTheServerCannotAnswerTheCommandRunsInItsPlace() throws Exception {
    // no server at all
    NativeClient.Run none = call("echo", "a");
    assertEquals(3, none.status());
    assertEquals("in-process:some.jar Main a\nstdin:", none.outText());
    long pid = startServer();
    // the server hands the call back
    assertEquals("in-process:some.jar Main back\nstdin:", call("echo", "back").outText());
    // switched off: not even asked
    Map<String, String> off = new HashMap<>(env);
    off.put("SLICEGREP_SERVER", " OFF ");
    assertEquals("in-process:some.jar Main a\nstdin:", call("echo", off, "", "a").outText());
    assertEquals("in-process:some.jar Main --no-server a\nstdin:",
        call("echo", "--no-server", "a").outText());
    // killed: its socket is left behind, stale
    ProcessHandle server = ProcessHandle.of(pid).orElseThrow();
    server.destroyForcibly();
    server.onExit().get(60, TimeUnit.SECONDS);
    assertTrue(Files.exists(dir.resolve(ID + ".sock")));
    assertEquals("in-process:some.jar Main a\nstdin:", call("echo", "a").outText());
  }

  @Test
  void aDirectoryOthersMayEnterIsNeverUsed() throws Exception {
    startServer();
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-x---"));
    try {
      assertEquals("in-process:some.jar Main a\nstdin:", call("echo", "a").outText());
    } finally {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    }
    Path link = Files.createSymbolicLink(tmp.resolve("link"), dir);
    Map<String, String> viaLink = new HashMap<>(env);
    viaLink.put("SLICEGREP_SERVER_DIR", link.toString());
    assertEquals("in-process:some.jar Main a\nstdin:", call("echo", viaLink, "", "a").outText());
    assertEquals(0, call("echo", "a").status(), "the real directory still works");
  }

  @Test
  void theHookSendsItsEventAndFailsOpen() throws Exception {
    long pid = startServer();
    NativeClient.Run run = call("hook", env, "{\"event\": \"ü\"}", "echo-me");
    // A hook's status is 0 and its stderr is not passed on: its decision is its stdout.
    assertEquals(0, run.status());
    assertEquals("", run.errText());
    assertEquals("pid=" + pid + "\nargs=echo-me\ncwd=" + tmp + "\nvar=from the caller ü\n"
        + "stdin={\"event\": \"ü\"}\n", run.outText());
    // Handed back, the command in its place is fed the same event.
    assertEquals("in-process:some.jar Main back\nstdin:{\"event\": \"ü\"}",
        call("hook", env, "{\"event\": \"ü\"}", "back").outText());
    // Past SLICEGREP_HOOK_TIMEOUT: status 0, nothing printed, the Read goes through.
    Map<String, String> quick = new HashMap<>(env);
    quick.put("SLICEGREP_HOOK_TIMEOUT", "300ms");
    NativeClient.Run late = call("hook", quick, "{}", "sleep", "20000");
    assertEquals(0, late.status());
    assertEquals("", late.outText());
  }

  @Test
  void eightClientsAtOnceGetTheirOwnAnswers() throws Exception {
    long pid = startServer();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<NativeClient.Run>> runs = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        String n = Integer.toString(i);
        runs.add(pool.submit(() -> call("echo", "call", n)));
      }
      for (int i = 0; i < 8; i++) {
        NativeClient.Run run = runs.get(i).get(120, TimeUnit.SECONDS);
        assertEquals(0, run.status(), run.errText());
        assertTrue(run.outText().startsWith("pid=" + pid + "\nargs=call " + i + "\n"),
            run.outText());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void usageErrorsAreSaidAndStatus2() throws Exception {
    NativeClient.Run run = NativeClient.run(List.of("--tool", "cli"), List.of("java"), env, tmp,
        new byte[0]);
    assertEquals(2, run.status());
    assertTrue(run.errText().startsWith("usage: slicegrep-client"), run.errText());
  }
}
