package io.github.slicegrep.npm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The npm package as a user gets it: the tarball that {@code npm pack} wrote in the package
 * phase is installed into an empty folder, and everything runs through the installed launcher
 * ({@code node_modules/.bin/slicegrep}): the command line on a small tree, the MCP server driven
 * by the official MCP TypeScript SDK client ({@code slicegrep-mcp/src/test/node/client.mjs}),
 * exit statuses and streams passed through, and the messages for no Java and a too-old Java
 * (fake {@code java} programs on the PATH or in JAVA_HOME).
 *
 * <p>Needs node and npm: where they are missing the tests skip, saying so, except under CI
 * (environment CI=true), where they fail.
 */
class InstalledPackageTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path BASEDIR = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();
  private static final Path CLIENT_DIR =
      BASEDIR.resolve("../slicegrep-mcp/src/test/node").normalize();
  private static final boolean WINDOWS = File.separatorChar == '\\';

  @TempDir static Path dir;
  private static Path node;
  private static Path launcher;
  private static Path tree;

  record Run(int exit, String out, String err) {
    String all() {
      return "exit " + exit + "\nstdout:\n" + out + "\nstderr:\n" + err;
    }
  }

  @BeforeAll
  static void installTheTarball() throws Exception {
    Optional<Path> nodeOnPath = onPath("node");
    Optional<Path> npm = onPath(WINDOWS ? "npm.cmd" : "npm");
    if (nodeOnPath.isEmpty() || npm.isEmpty()) {
      String why = "node and npm are needed to pack, install and run the npm package";
      if ("true".equals(System.getenv("CI"))) {
        fail(why + ", and CI has them");
      }
      Assumptions.abort(why + ": not installed here");
    }
    node = nodeOnPath.get();
    String version = ServerJsonTest.pomVersion();
    String name = ServerJsonTest.read(BASEDIR.resolve("package.json")).path("name").asText();
    Path tarball = BASEDIR.resolve("target")
        .resolve(name.replaceFirst("^@", "").replace('/', '-') + "-" + version + ".tgz");
    assertTrue(Files.isRegularFile(tarball),
        tarball + " is missing: `npm pack` runs in this module's package phase");

    Path app = Files.createDirectories(dir.resolve("app"));
    Run install = run(List.of(npm.get().toString(), "install", "--prefix", app.toString(),
        "--offline", "--no-audit", "--no-fund", "--loglevel=error",
        "--cache", dir.resolve("npm-cache").toString(), tarball.toString()), Map.of(), 300);
    assertEquals(0, install.exit(), "npm install of the tarball:\n" + install.all());
    launcher = app.resolve("node_modules/.bin/" + (WINDOWS ? "slicegrep.cmd" : "slicegrep"));
    assertTrue(Files.exists(launcher), launcher + " after npm install");
    tree = project(dir);
  }

  @Test
  void theCommandLineReportsTheExpectedChunk() throws Exception {
    Run text = slicegrep(List.of(tree.toString(), "class Scorer|def score",
        "--boundary", "fn", "--budget", "400"), Map.of());
    assertEquals(0, text.exit(), text.all());
    assertTrue(text.out().startsWith("=== slicegrep: "), text.all());
    assertTrue(text.out().contains("[src/scorer.py:4-14 "), text.all());
    assertTrue(text.out().contains("\n    def score(self, hits):\n"), text.all());

    Run json = slicegrep(List.of(tree.toString(), "def score", "--boundary", "fn", "--json"),
        Map.of());
    assertEquals(0, json.exit(), json.all());
    JsonNode result = JSON.readTree(json.out());
    assertEquals("src/scorer.py", result.at("/chunks/0/file").asText(), json.out());
    assertEquals("score", result.at("/chunks/0/symbol").asText(), json.out());
    assertEquals(10, result.at("/chunks/0/line_start").asInt(), json.out());
  }

  @Test
  void exitStatusesAndStreamsPassThrough() throws Exception {
    Run nothing = slicegrep(List.of(tree.toString(), "no_such_identifier_anywhere"), Map.of());
    assertEquals(1, nothing.exit(), "nothing matched: " + nothing.all());

    Run usage = slicegrep(List.of(tree.toString(), "score", "--budget", "lots"), Map.of());
    assertEquals(2, usage.exit(), usage.all());
    assertTrue(usage.err().startsWith("slicegrep: "), usage.all());
    assertEquals("", usage.out(), usage.all());

    Run version = slicegrep(List.of("--version"), Map.of());
    assertEquals(0, version.exit(), version.all());
    assertTrue(version.out().contains(ServerJsonTest.pomVersion()), version.all());

    // The MCP server writes only protocol on stdout: --version goes to stderr, and so does the
    // message for a bad root (status 2), with nothing from the launcher on stdout.
    Run mcpVersion = slicegrep(List.of("mcp", "--version"), Map.of());
    assertEquals(0, mcpVersion.exit(), mcpVersion.all());
    assertEquals("", mcpVersion.out(), mcpVersion.all());
    assertEquals("slicegrep-mcp " + ServerJsonTest.pomVersion(), mcpVersion.err().strip());
    Run badRoot = slicegrep(List.of("mcp", "--root", dir.resolve("absent").toString()), Map.of());
    assertEquals(2, badRoot.exit(), badRoot.all());
    assertEquals("", badRoot.out(), badRoot.all());

    // The second bin, slicegrep-mcp, is `slicegrep mcp`.
    Path mcpBin = launcher.resolveSibling(WINDOWS ? "slicegrep-mcp.cmd" : "slicegrep-mcp");
    Run alias = run(List.of(mcpBin.toString(), "--version"), Map.of(), 120);
    assertEquals(0, alias.exit(), alias.all());
    assertEquals("", alias.out(), alias.all());
    assertTrue(alias.err().startsWith("slicegrep-mcp "), alias.all());
  }

  @Test
  void onlyASearchThatRanLeavesAClassArchiveForLaterSearches() throws Exception {
    // The first run after an install writes the JVM's class archive (or AOT cache) for the runs
    // after it: a mistyped first call must not leave one of its error path alone.
    Path lib = launcher.toRealPath().getParent().resolveSibling("lib");
    assertTrue(Files.isRegularFile(lib.resolve("slicegrep.jar")), lib.toString());
    dropClassCaches(lib);
    Run usage = slicegrep(List.of("--no-server", tree.toString(), "score", "--budget", "lots"),
        Map.of());
    assertEquals(2, usage.exit(), usage.all());
    assertEquals(List.of(), classCaches(lib), "nothing kept from the failed run");
    Run version = slicegrep(List.of("--no-server", "--version"), Map.of());
    assertEquals(0, version.exit(), version.all());
    assertEquals(List.of(), classCaches(lib), "nor from one that searched nothing");
    Run search = slicegrep(List.of("--no-server", tree.toString(), "def score"), Map.of());
    assertEquals(0, search.exit(), search.all());
    // On Java 24+ the cache is assembled in the background after the run
    for (int i = 0; i < 200 && classCaches(lib).isEmpty(); i++) {
      Thread.sleep(50);
    }
    assertEquals(1, classCaches(lib).size(), "the next run wrote it: " + classCaches(lib));
  }

  private static List<Path> classCaches(Path lib) throws IOException {
    try (var files = Files.list(lib)) {
      return files.filter(f -> f.getFileName().toString().matches(".*inprocess.*\\.(jsa|aot)"))
          .toList();
    }
  }

  private static void dropClassCaches(Path lib) throws IOException {
    for (Path f : classCaches(lib)) {
      Files.delete(f);
    }
  }

  @Test
  void theMcpServerAnswersTheOfficialTypeScriptClientThroughTheLauncher() throws Exception {
    installClientIfMissing();
    Map<String, Object> config = Map.of(
        "command", launcher.toString(),
        "args", List.of("mcp", "--root", tree.toString()),
        "fixture", tree.toString(),
        "warmCalls", 2);
    Run client = run(List.of(node.toString(), CLIENT_DIR.resolve("client.mjs").toString(),
        JSON.writeValueAsString(config)), Map.of(), 180);
    assertEquals(0, client.exit(), "the TypeScript client failed:\n" + client.all());

    JsonNode summary = JSON.readTree(client.out());
    assertEquals("slicegrep-mcp", summary.at("/server/name").asText(), summary.toString());
    assertEquals(ServerJsonTest.pomVersion(), summary.at("/server/version").asText());
    String text = summary.get("text").asText();
    assertTrue(text.startsWith("=== slicegrep: "), text);
    assertTrue(text.contains("\n    def score(self, hits):\n"), text);
    JsonNode structured = summary.get("structured");
    assertEquals("src/scorer.py", structured.at("/chunks/0/file").asText(), structured.toString());
    assertEquals("Scorer", structured.at("/chunks/0/symbol").asText(), structured.toString());
    assertTrue(summary.get("map").asText().contains("\n10    def score(self, hits):\n"),
        summary.get("map").asText());
    assertTrue(summary.get("outside").asText().contains("outside the allowed roots"),
        summary.toString());
    assertTrue(summary.get("closed").asBoolean());
  }

  @Test
  void theLauncherReadsTheFeatureVersionOfEveryVersionScheme() throws Exception {
    // JDK 8 and older say 1.N; JDK 9+ say N, N.x.y, or N-ea for early access.
    String script = "const { parseJavaVersion: p } = require(process.argv[1]);\n"
        + "const seen = ['openjdk version \"17.0.15\" 2025-04-15', 'java version \"1.8.0_381\"',"
        + " 'openjdk version \"21\" 2023-09-19', 'openjdk version \"26-ea\" 2026-03-17',"
        + " 'java version \"9.0.4\"', 'Picked up JAVA_TOOL_OPTIONS: -Xmx1g\\n"
        + "openjdk version \"11.0.22\" 2024-01-16', 'no version here']"
        + ".map((t) => { const v = p(t); return v ? v.major : null; });\n"
        + "process.stdout.write(JSON.stringify(seen));\n";
    Path js = launcher.getParent().resolve("../slicegrep/bin/slicegrep.js").toRealPath();
    Run r = run(List.of(node.toString(), "-e", script, js.toString()), Map.of(), 60);
    assertEquals(0, r.exit(), r.all());
    assertEquals("[17,8,21,26,9,11,null]", r.out(), r.all());
  }

  @Test
  @DisabledOnOs(OS.WINDOWS)
  void withoutJavaTheLauncherSaysSoAndExitsWithStatus2() throws Exception {
    Map<String, String> env = Map.of("PATH", nodeOnly().toString());
    for (List<String> args : List.of(List.of(tree.toString(), "score"), List.of("mcp"))) {
      Run r = slicegrep(args, env);
      assertEquals(2, r.exit(), r.all());
      assertEquals("", r.out(), r.all());
      assertTrue(r.err().startsWith("slicegrep: needs Java 17 or newer, and found none:\n"),
          r.all());
      assertTrue(r.err().contains("  PATH: has no java\n"), r.all());
      assertTrue(r.err().contains("Install a Java 17+ runtime"), r.all());
    }
    Run badHome = slicegrep(List.of("mcp"),
        Map.of("PATH", nodeOnly().toString(), "JAVA_HOME", dir.resolve("nowhere").toString()));
    assertEquals(2, badHome.exit(), badHome.all());
    assertTrue(badHome.err().contains("nowhere): has no bin/java\n"), badHome.all());
  }

  @Test
  @DisabledOnOs(OS.WINDOWS)
  void aTooOldJavaIsNamedWithItsVersionAndTheLauncherExitsWithStatus2() throws Exception {
    Path java11 = fakeJava("java11", "openjdk version \"11.0.22\" 2024-01-16");
    Run onPath = slicegrep(List.of(tree.toString(), "score"),
        Map.of("PATH", java11 + File.pathSeparator + nodeOnly()));
    assertEquals(2, onPath.exit(), onPath.all());
    assertEquals("", onPath.out(), onPath.all());
    assertTrue(onPath.err().contains("/java11/java): is Java 11 (version \"11.0.22\")\n"),
        onPath.all());

    Path java8 = fakeJava("jdk8/bin", "java version \"1.8.0_381\"");
    Run inHome = slicegrep(List.of("mcp", "--root", tree.toString()),
        Map.of("PATH", nodeOnly().toString(), "JAVA_HOME", java8.getParent().toString()));
    assertEquals(2, inHome.exit(), inHome.all());
    assertEquals("", inHome.out(), inHome.all());
    assertTrue(inHome.err().contains("JAVA_HOME (" + java8.resolve("java")
        + "): is Java 8 (version \"1.8.0_381\")\n"), inHome.all());
    assertTrue(inHome.err().contains("  PATH: has no java\n"), inHome.all());

    Path silent = fakeJava("silent", null);
    Run noVersion = slicegrep(List.of("mcp"),
        Map.of("PATH", silent + File.pathSeparator + nodeOnly()));
    assertEquals(2, noVersion.exit(), noVersion.all());
    assertTrue(noVersion.err().contains("did not report a version"), noVersion.all());
  }

  @Test
  @DisabledOnOs(OS.WINDOWS)
  void javaHomeComesFirstAndAnOldOneFallsBackToThePath() throws Exception {
    Path realHome = Path.of(System.getProperty("java.home"));
    Path java11 = fakeJava("java11", "openjdk version \"11.0.22\" 2024-01-16");
    // JAVA_HOME is Java 17+: it runs, though the PATH's java is too old.
    Run home = slicegrep(List.of(tree.toString(), "def score"), Map.of(
        "PATH", java11 + File.pathSeparator + nodeOnly(), "JAVA_HOME", realHome.toString()));
    assertEquals(0, home.exit(), home.all());
    assertTrue(home.out().contains("src/scorer.py"), home.all());
    // JAVA_HOME is too old: the PATH's Java 17+ runs.
    Path java8 = fakeJava("jdk8/bin", "java version \"1.8.0_381\"");
    Run path = slicegrep(List.of(tree.toString(), "def score"), Map.of(
        "PATH", realHome.resolve("bin") + File.pathSeparator + nodeOnly(),
        "JAVA_HOME", java8.getParent().toString()));
    assertEquals(0, path.exit(), path.all());
    assertTrue(path.out().contains("src/scorer.py"), path.all());
  }

  private static Run slicegrep(List<String> args, Map<String, String> env) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(launcher.toString());
    command.addAll(args);
    return run(command, env, 120);
  }

  /**
   * Runs a command with no stdin, in {@code dir} (or {@code cwd}). With a non-empty {@code env}, PATH and
   * JAVA_HOME are taken from it only (JAVA_HOME removed when it has none); the rest of the
   * environment is inherited.
   */
  private static Run run(List<String> command, Map<String, String> env, int seconds)
      throws IOException, InterruptedException {
    return run(command, env, seconds, dir);
  }

  private static Run run(List<String> command, Map<String, String> env, int seconds, Path cwd)
      throws IOException, InterruptedException {
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    ProcessBuilder pb = new ProcessBuilder(command)
        .directory(cwd.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File(WINDOWS ? "NUL" : "/dev/null")))
        .redirectOutput(out.toFile())
        .redirectError(err.toFile());
    if (!env.isEmpty()) {
      Map<String, String> e = pb.environment();
      e.remove("JAVA_HOME");
      e.putAll(new HashMap<>(env));
    }
    Process p = pb.start();
    if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail(command + " did not finish in " + seconds + " s");
    }
    return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  /** A folder holding only a link to node, for a PATH with no java on it. */
  private static Path nodeOnly() throws IOException {
    Path bin = dir.resolve("node-only");
    if (!Files.isDirectory(bin)) {
      Files.createDirectories(bin);
      Files.createSymbolicLink(bin.resolve("node"), node.toRealPath());
    }
    return bin;
  }

  /**
   * A {@code java} program in {@code dir/folder} that prints {@code versionLine} (or nothing)
   * on stderr and exits 0, whatever its arguments; returns its folder.
   */
  private static Path fakeJava(String folder, String versionLine) throws IOException {
    Path bin = Files.createDirectories(dir.resolve("fake").resolve(folder));
    Path java = bin.resolve("java");
    String print = versionLine == null ? "" : "echo '" + versionLine + "' >&2\n"
        + "echo 'OpenJDK Runtime Environment (fake)' >&2\n";
    Files.writeString(java, "#!/bin/sh\n" + print + "exit 0\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    return bin;
  }

  /** {@code dir/proj}: a scorer, a caller and a test, and {@code dir/outside.py} beside it. */
  private static Path project(Path parent) throws IOException {
    Path proj = parent.resolve("proj");
    Files.createDirectories(proj.resolve("src"));
    Files.createDirectories(proj.resolve("tests"));
    Files.writeString(proj.resolve("src/scorer.py"), String.join("\n",
        "import math",
        "",
        "",
        "class Scorer:",
        "    \"\"\"Weights the hits of a region.\"\"\"",
        "",
        "    def __init__(self, weight):",
        "        self.weight = weight",
        "",
        "    def score(self, hits):",
        "        return self.weight * math.log(1 + len(hits))",
        "",
        "    def normalise(self, value):",
        "        return value / (1 + value)",
        ""));
    Files.writeString(proj.resolve("src/app.py"), String.join("\n",
        "from scorer import Scorer",
        "",
        "",
        "def rank_all(regions):",
        "    s = Scorer(2.0)",
        "    return sorted(regions, key=lambda r: s.score(r.hits))",
        ""));
    Files.writeString(proj.resolve("tests/test_scorer.py"), String.join("\n",
        "from scorer import Scorer",
        "",
        "",
        "def test_more_hits_score_higher():",
        "    assert Scorer(1).score([1, 2]) > Scorer(1).score([1])",
        ""));
    Files.writeString(parent.resolve("outside.py"), "NOT_FOR_THE_CLIENT = 1\ndef score(): pass\n");
    return proj;
  }

  /** The TypeScript client's SDK, from its lock file (.ci/run installs it beforehand). */
  private static void installClientIfMissing() throws Exception {
    if (Files.isDirectory(CLIENT_DIR.resolve("node_modules/@modelcontextprotocol/sdk"))) {
      return;
    }
    Path npm = onPath(WINDOWS ? "npm.cmd" : "npm").orElseThrow();
    Run ci = run(List.of(npm.toString(), "ci", "--no-audit", "--no-fund", "--loglevel=error"),
        Map.of(), 300, CLIENT_DIR);
    assertEquals(0, ci.exit(), "npm ci in " + CLIENT_DIR + ":\n" + ci.all());
  }

  private static Optional<Path> onPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String d : path.split(File.pathSeparator)) {
      if (!d.isEmpty() && Files.isExecutable(Path.of(d, program))) {
        return Optional.of(Path.of(d, program));
      }
    }
    return Optional.empty();
  }
}
