package io.github.slicegrep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.server.ClientConfig;
import io.github.slicegrep.server.NativeClient;
import io.github.slicegrep.server.ServerControl;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command as users run it, in processes of its own: through the resident server and with the
 * server switched off, from the same working directory and environment, the same stdout, stderr
 * and exit status byte for byte, for every kind of call; eight clients at once; a killed server,
 * a stale socket and a refused directory recovered from. The server runs in a directory of the
 * test's own and is stopped at the end.
 */
class ServerParityTest {
  private static final Pattern PID = Pattern.compile("^pid: (\\d+)$", Pattern.MULTILINE);
  private static final Pattern ANSWERED = Pattern.compile("^calls: (\\d+) answered", Pattern.MULTILINE);

  @TempDir static Path tmp;

  private static Path project;
  private static Path serverDir;
  private static Map<String, String> env;

  /** One run of the command: its status and both streams, as bytes. */
  record Run(int status, byte[] out, byte[] err) {
    String text() {
      return "status " + status + "\n--- stdout\n" + new String(out, StandardCharsets.UTF_8)
          + "--- stderr\n" + new String(err, StandardCharsets.UTF_8);
    }
  }

  @BeforeAll
  static void project() throws IOException {
    project = Files.createDirectories(tmp.resolve("project"));
    Path src = Files.createDirectories(project.resolve("src/pkg"));
    Files.writeString(src.resolve("scorer.py"), "class Scorer:\n    \"\"\"Scores by doubling.\"\"\"\n\n"
        + "    def score(self, x):\n        return x * 2\n");
    Files.writeString(src.resolve("app.py"),
        "from pkg.scorer import Scorer\n\n\ndef main():\n    print(Scorer().score(3))\n");
    Files.writeString(src.resolve("test_scorer.py"),
        "from pkg.scorer import Scorer\n\n\ndef test_score():\n    assert Scorer().score(2) == 4\n");
    Files.write(src.resolve("blob.bin"), new byte[] {1, 0, 2, 0, 3});
    for (int i = 0; i < 40; i++) {
      Files.writeString(src.resolve("mod" + i + ".py"), "def helper_" + i + "(value):\n"
          + "    \"\"\"Return the value scaled for budget packing.\"\"\"\n    return value + " + i
          + "\n");
    }
    serverDir = tmp.resolve("server");
    env = new HashMap<>(System.getenv());
    env.remove("SLICEGREP_SERVER");
    env.put("SLICEGREP_SERVER_DIR", serverDir.toString());
    env.put("SLICEGREP_SERVER_IDLE", "5m");
    env.put("SLICEGREP_INDEX_DIR", tmp.resolve("index").toString());
    env.put("SLICEGREP_PROGRESS", "0");
  }

  @AfterAll
  static void stopServers() {
    if (Files.isDirectory(serverDir)) {
      ServerControl.stop(serverDir, new PrintWriter(new StringWriter()),
          new PrintWriter(new StringWriter()));
    }
  }

  /** The command line in a JVM of its own, through {@link Main} as the launcher runs it. */
  private static List<String> command(String... args) {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-XX:+UseSerialGC",
        "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
        Main.class.getName()));
    command.addAll(Arrays.asList(args));
    return command;
  }

  static Run run(Map<String, String> environment, Path cwd, String... args) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(command(args)).directory(cwd.toFile());
    pb.environment().clear();
    pb.environment().putAll(environment);
    Path out = Files.createTempFile(tmp, "out", "");
    Path err = Files.createTempFile(tmp, "err", "");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    Process p = pb.start();
    assertTrue(p.waitFor(180, TimeUnit.SECONDS), "the command did not finish");
    return new Run(p.exitValue(), Files.readAllBytes(out), Files.readAllBytes(err));
  }

  private static Map<String, String> inProcess() {
    Map<String, String> e = new HashMap<>(env);
    e.put("SLICEGREP_SERVER", "off");
    return e;
  }

  private static String status() {
    StringWriter out = new StringWriter();
    ServerControl.status(serverDir, "", new PrintWriter(out), new PrintWriter(new StringWriter()));
    return out.toString();
  }

  private static long answered() {
    Matcher m = ANSWERED.matcher(status());
    return m.find() ? Long.parseLong(m.group(1)) : -1;
  }

  private static void assertSame(Run expected, Run actual, String what) {
    assertEquals(expected.text(), actual.text(), what);
    assertTrue(Arrays.equals(expected.out(), actual.out()), what + ": stdout bytes");
    assertTrue(Arrays.equals(expected.err(), actual.err()), what + ": stderr bytes");
  }

  /** Every kind of call: searches, questions, misses, bad input, usage and control. */
  private static List<String[]> everyKindOfCall() {
    return List.of(
        new String[] {"src", "class Scorer|def score", "--budget", "400"},
        new String[] {"src", "how does the scorer double a value"},
        new String[] {"src/pkg/scorer.py", "score", "2", "2"},
        new String[] {"./src/../src", "Scorer", "--json", "--boundary", "fn"},
        new String[] {"src", "nothing_like_this_anywhere"},
        new String[] {"src/absent", "x"},
        new String[] {"src/pkg/blob.bin", "x"},
        new String[] {project.resolve("src").toString(), "helper_1|helper_2", "--objective",
            "single"},
        new String[] {"--map", "src/pkg/scorer.py"},
        new String[] {"src", "(a+)+$"},
        new String[] {"src", "x", "--boundary", "sideways"},
        new String[] {"src", "x", "--no-such-option"},
        new String[] {"--help"},
        new String[] {"--version"},
        new String[] {"--index", "status"});
  }

  @Test
  void theServerAnswersEveryKindOfCallExactlyAsTheCommandDoesInProcess() throws Exception {
    List<String[]> calls = everyKindOfCall();
    run(env, project, "src", "warm up"); // starts the server
    long before = answered();
    assertTrue(before >= 1, status());
    for (String[] args : calls) {
      String what = String.join(" ", args);
      Run expected = run(inProcess(), project, args);
      Run served = run(env, project, args);
      assertSame(expected, served, what);
      // Asked again, from a warm server (cached files, a watch on the tree).
      assertSame(expected, run(env, project, args), what + " (again)");
    }
    long after = answered();
    // Usage help and usage errors are handed back to the client (their layout follows the
    // caller's terminal); everything else was answered by the server.
    assertTrue(after - before >= 2 * (calls.size() - 3), status());
  }

  @Test
  void labelsFollowTheCallersWorkingDirectory() throws Exception {
    Path sub = project.resolve("src/pkg");
    for (String path : List.of("..", "../pkg/../pkg", "scorer.py", ".")) {
      Run expected = run(inProcess(), sub, path, "Scorer|absent_thing_xyz");
      Run served = run(env, sub, path, "Scorer|absent_thing_xyz");
      assertSame(expected, served, path);
      String out = new String(served.out(), StandardCharsets.UTF_8);
      String label = path.endsWith(".py") ? path : path + "/";
      assertTrue(out.contains("Pattern 'absent_thing_xyz' not found in " + label), out);
    }
  }

  @Test
  void eightClientsAtOnceGetCorrectCompleteAnswers() throws Exception {
    List<String[]> calls = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      calls.add(new String[] {"src", "helper_" + i + "|Scorer", "--budget", String.valueOf(300 + i)});
    }
    List<Run> expected = new ArrayList<>();
    for (String[] args : calls) {
      expected.add(run(inProcess(), project, args));
    }
    run(env, project, "src", "warm up");
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Run>> served = new ArrayList<>();
      for (String[] args : calls) {
        served.add(pool.submit(() -> run(env, project, args)));
      }
      for (int i = 0; i < calls.size(); i++) {
        assertSame(expected.get(i), served.get(i).get(300, TimeUnit.SECONDS),
            String.join(" ", calls.get(i)));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aKilledServerAndAStaleSocketAreReplacedByTheNextCall() throws Exception {
    Run expected = run(inProcess(), project, "src", "Scorer");
    assertSame(expected, run(env, project, "src", "Scorer"), "before");
    Matcher m = PID.matcher(status());
    assertTrue(m.find(), status());
    long first = Long.parseLong(m.group(1));
    ProcessHandle server = ProcessHandle.of(first).orElseThrow();
    server.destroyForcibly();
    server.onExit().get(60, TimeUnit.SECONDS);
    assertTrue(status().contains("no server answers (a stale socket"), status());
    assertSame(expected, run(env, project, "src", "Scorer"), "after the kill");
    Matcher again = PID.matcher(status());
    assertTrue(again.find(), status());
    assertNotEquals(first, Long.parseLong(again.group(1)));
  }

  @Test
  void aRefusedDirectoryMeansInProcessWithTheSameOutput() throws Exception {
    Path open = Files.createDirectories(tmp.resolve("open-server-dir"));
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
    Map<String, String> refused = new HashMap<>(env);
    refused.put("SLICEGREP_SERVER_DIR", open.toString());
    Run expected = run(inProcess(), project, "src", "Scorer");
    assertSame(expected, run(refused, project, "src", "Scorer"), "refused directory");
    try (var files = Files.list(open)) {
      assertEquals(List.of(), files.toList(), "nothing was created in it");
    }
  }

  @Test
  void theClientLoadsNoneOfTheEngine() throws Exception {
    run(env, project, "src", "warm up");
    Path log = tmp.resolve("classes.txt");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(java, "-Xlog:class+load:file=" + log, "-cp",
        System.getProperty("java.class.path"), Main.class.getName(), "src", "Scorer")
        .directory(project.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD);
    pb.environment().clear();
    pb.environment().putAll(env);
    Process p = pb.start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue());
    List<String> ours = new ArrayList<>();
    int total = 0;
    for (String line : Files.readAllLines(log)) {
      String[] parts = line.split(" ");
      if (parts.length < 2) {
        continue;
      }
      total++;
      String name = parts[1];
      assertFalse(name.startsWith("picocli.") || name.startsWith("com.fasterxml.")
          || name.startsWith("org.treesitter.") || name.startsWith("com.google."), name);
      if (name.startsWith("io.github.slicegrep.")) {
        ours.add(name);
      }
    }
    for (String name : ours) {
      assertTrue(name.equals(Main.class.getName())
          || name.startsWith("io.github.slicegrep.server."), "the client loaded " + name);
    }
    assertTrue(total > 0 && ours.size() <= 10, total + " classes, ours: " + ours);
  }

  /** The native client's run of the command line, the way the launcher runs it. */
  static Run runNative(Map<String, String> environment, Path cwd, String... args) throws Exception {
    NativeClient.Run run = NativeClient.run(List.of("--tool", Main.TOOL, "--server-main",
        Main.SERVER_MAIN), command(args), environment, cwd, new byte[0]);
    return new Run(run.status(), run.out(), run.err());
  }

  @Test
  void theNativeClientAnswersEveryKindOfCallExactlyAsTheCommandDoesInProcess() throws Exception {
    List<String[]> calls = everyKindOfCall();
    run(env, project, "src", "warm up"); // the Java client starts the server
    long before = answered();
    for (String[] args : calls) {
      assertSame(run(inProcess(), project, args), runNative(env, project, args),
          "native: " + String.join(" ", args));
    }
    // Usage help and usage errors are handed back, and run by the Java command in its place.
    assertTrue(answered() - before >= calls.size() - 3, status());
  }

  @Test
  void theNativeClientNamesTheBuildAsTheJavaClientDoes() throws Exception {
    Path rel = Files.createDirectories(project.resolve("rel/classes"));
    String classPath = String.join(":", System.getProperty("java.class.path"), "rel/classes/",
        project.resolve("absent.jar").toString(), "/" + rel.toString().replace("/", "//"), "");
    Map<String, String> environment = new HashMap<>(env);
    environment.put("SLICEGREP_SERVER_JAVA_OPTS", " -Xmx1g\t-Dsome.thing=1  ");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(java, "-cp", classPath, PrintBuildId.class.getName())
        .directory(project.toFile());
    pb.environment().clear();
    pb.environment().putAll(environment);
    Process p = pb.redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String javaId = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, javaId);
    assertTrue(javaId.matches("[0-9a-f]{16}"), javaId);
    // Named through PATH, as the launcher names it by default.
    environment.put("PATH", Path.of(java).getParent() + ":/usr/bin:/bin");
    NativeClient.Run nativeId = NativeClient.run(List.of("--tool", Main.TOOL, "--server-main",
        Main.SERVER_MAIN, "--print-id"), List.of("java", "-XX:+UseSerialGC", "-cp", classPath,
        Main.class.getName(), "src", "x"), environment, project, new byte[0]);
    assertEquals(0, nativeId.status(), nativeId.errText());
    assertEquals(javaId, nativeId.outText().trim());
  }
}
