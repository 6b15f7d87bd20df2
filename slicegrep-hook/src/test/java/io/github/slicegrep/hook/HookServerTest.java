package io.github.slicegrep.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.server.NativeClient;
import io.github.slicegrep.server.ServerControl;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hook command as Claude Code runs it, in processes of its own: through its resident server
 * it prints exactly what it prints in-process (a replacement, or nothing), remembers the
 * replacement the same way, and when the server cannot be used it still answers in-process. The
 * same through the native client, which feeds the event it read to the Java client when it must
 * run it in its place.
 */
class HookServerTest {
  private static final Pattern ANSWERED =
      Pattern.compile("^calls: (\\d+) answered", Pattern.MULTILINE);

  @TempDir Path dir;

  private Path serverDir;
  private Path big;
  private Path transcript;
  private Map<String, String> env;

  @BeforeEach
  void setUp() throws Exception {
    serverDir = dir.resolve("server");
    big = dir.resolve("handlers.py");
    Files.writeString(big, Fixtures.python(200, "\n", false).text());
    transcript = Fixtures.retryBudgetTranscript(dir);
    env = new HashMap<>(System.getenv());
    env.remove("SLICEGREP_SERVER");
    env.putAll(Fixtures.testEnvironment(dir));
    env.put("SLICEGREP_SERVER_DIR", serverDir.toString());
    env.put("SLICEGREP_SERVER_IDLE", "5m");
  }

  @AfterEach
  void stopServers() {
    if (Files.isDirectory(serverDir)) {
      ServerControl.stop(serverDir, new PrintWriter(new StringWriter()),
          new PrintWriter(new StringWriter()));
    }
  }

  private String hook(Map<String, String> environment, String session) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(List.of(java, "-XX:+UseSerialGC",
        "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
        HookClient.class.getName()));
    pb.environment().clear();
    pb.environment().putAll(environment);
    pb.redirectError(ProcessBuilder.Redirect.DISCARD);
    Process p = pb.start();
    p.getOutputStream().write(Fixtures.readEvent(session, transcript, big, Map.of())
        .getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the hook did not finish");
    assertEquals(0, p.exitValue(), "the hook always exits 0");
    return out;
  }

  private Map<String, String> inProcess() {
    Map<String, String> e = new HashMap<>(env);
    e.put("SLICEGREP_SERVER", "off");
    return e;
  }

  private long answered() {
    StringWriter out = new StringWriter();
    ServerControl.status(serverDir, "", new PrintWriter(out), new PrintWriter(new StringWriter()));
    Matcher m = ANSWERED.matcher(out.toString());
    return m.find() ? Long.parseLong(m.group(1)) : -1;
  }

  @Test
  void theServerPrintsWhatTheHookPrintsInProcessAndRemembersTheReplacement() throws Exception {
    String expected = hook(inProcess(), "session-in-process");
    ReadHookTest.assertValidReplacement(expected);
    String first = hook(env, "session-served");
    assertEquals(expected, first);
    assertTrue(answered() >= 1, "the server answered");
    // The second Read of the file in that session goes through, as in-process.
    assertEquals("", hook(env, "session-served"));
    assertEquals("", hook(inProcess(), "session-in-process"));
    // And a warm server answers a new session exactly the same.
    assertEquals(expected, hook(env, "session-served-2"));
    assertTrue(answered() >= 3, "the server answered every call");
  }

  @Test
  void aRefusedServerDirectoryStillGetsTheInProcessAnswer() throws Exception {
    Files.createDirectories(serverDir);
    Files.setPosixFilePermissions(serverDir, PosixFilePermissions.fromString("rwxrwxrwx"));
    String expected = hook(inProcess(), "session-a");
    assertEquals(expected, hook(env, "session-b"));
    ReadHookTest.assertValidReplacement(expected);
    try (var files = Files.list(serverDir)) {
      assertEquals(List.of(), files.toList());
    }
  }

  private String hookNative(Map<String, String> environment, String session) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    NativeClient.Run run = NativeClient.run(
        List.of("--tool", HookClient.TOOL, "--server-main", HookClient.SERVER_MAIN),
        List.of(java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp",
            System.getProperty("java.class.path"), HookClient.class.getName()),
        environment, dir, Fixtures.readEvent(session, transcript, big, Map.of())
            .getBytes(StandardCharsets.UTF_8));
    assertEquals(0, run.status(), "the hook always exits 0");
    return run.outText();
  }

  @Test
  void theNativeClientPrintsWhatTheHookPrintsInProcess() throws Exception {
    String expected = hook(inProcess(), "native-in-process");
    ReadHookTest.assertValidReplacement(expected);
    // No server yet: the Java client runs in its place, gets the event and starts the server.
    assertEquals(expected, hookNative(env, "native-1"));
    long before = answered();
    assertTrue(before >= 1, "the Java client started the server");
    assertEquals(expected, hookNative(env, "native-2"));
    assertEquals("", hookNative(env, "native-2"), "a second Read in the session goes through");
    assertEquals(before + 2, answered(), "the server answered the native client");
    // A directory others may enter is never used; the event still reaches the Java client.
    Path open = Files.createDirectories(dir.resolve("open"));
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
    Map<String, String> refused = new HashMap<>(env);
    refused.put("SLICEGREP_SERVER_DIR", open.toString());
    assertEquals(expected, hookNative(refused, "native-3"));
  }
}
