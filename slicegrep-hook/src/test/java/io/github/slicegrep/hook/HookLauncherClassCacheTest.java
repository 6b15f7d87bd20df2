package io.github.slicegrep.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.server.NativeClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hook launcher's cache of the jar's classes by Java release (docs/hook.md): the archive of
 * before on Java 17; on Java 24+ a recorded first run whose JVM output is off (record mode
 * prints a line on stdout, which must never reach Claude Code with the decision), a cache
 * assembled in the background, and later runs that map it. The JDKs are stand-ins: a {@code java}
 * script that logs its arguments, beside the {@code release} file a JDK has.
 */
class HookLauncherClassCacheTest {
  private static final Path LAUNCHER =
      Path.of("").toAbsolutePath().getParent().resolve("hooks/slicegrep-hook");
  /** The command line's launcher tests' stand-in java (see the script). */
  private static final Path STAND_IN_JAVA = Path.of("").toAbsolutePath().getParent()
      .resolve("slicegrep-cli/src/test/resources/launcher/stand-in-java");

  @TempDir Path dir;

  private Path plugin() throws IOException {
    Path root = dir.resolve("plugin");
    Files.createDirectories(root.resolve("hooks"));
    Files.copy(LAUNCHER, root.resolve("hooks/slicegrep-hook"));
    Path target = Files.createDirectories(root.resolve("slicegrep-hook/target"));
    Files.writeString(target.resolve("slicegrep-hook.jar"), "jar");
    Files.writeString(target.resolve("slicegrep-hook-client.jar"), "client jar");
    return root;
  }

  private Path jdk(String runtimeVersion) throws IOException {
    Path home = Files.createDirectories(dir.resolve("jdk-" + runtimeVersion));
    Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
    Files.copy(STAND_IN_JAVA, java);
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(home.resolve("release"), "JAVA_RUNTIME_VERSION=\"" + runtimeVersion + "\"\n");
    return java;
  }

  /** Runs the launcher; its stdout, and the stand-in's argument lists, one per call. */
  private List<String> run(Path root, Path java, Path log) throws Exception {
    return run(root, java, log, null);
  }

  /** {@link #run(Path, Path, Path)} with {@code SLICEGREP_SERVER} set to {@code server}. */
  private List<String> run(Path root, Path java, Path log, String server) throws Exception {
    return run(root, java, log, server, 0);
  }

  /**
   * Runs the launcher with its Java exiting {@code javaExit}: the hook fails open, so its own
   * status is 0 either way, and its stdout is the decision only when Java succeeded.
   */
  private List<String> run(Path root, Path java, Path log, String server, int javaExit)
      throws Exception {
    Files.deleteIfExists(log);
    ProcessBuilder pb =
        new ProcessBuilder(List.of("bash", root.resolve("hooks/slicegrep-hook").toString()));
    pb.environment().put("SLICEGREP_JAVA", java.toString());
    pb.environment().put("FAKE_JAVA_LOG", log.toString());
    pb.environment().put("FAKE_JAVA_OUT", "{\"decision\":1}");
    pb.environment().put("FAKE_JAVA_EXIT", Integer.toString(javaExit));
    pb.environment().remove("SLICEGREP_SERVER");  // the build runs tests with the server off
    if (server != null) {
      pb.environment().put("SLICEGREP_SERVER", server);
    }
    pb.environment().remove("SLICEGREP_NATIVE_CLIENT");
    pb.environment().put("SLICEGREP_SERVER_DIR", dir.resolve("servers").toString());
    pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    pb.redirectError(ProcessBuilder.Redirect.DISCARD);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue());
    assertEquals(javaExit == 0 ? "{\"decision\":1}\n" : "", out,
        "the decision alone on stdout, or nothing (the Read goes through)");
    return Files.readAllLines(log);
  }

  @Test
  void java17KeepsTheArchive() throws Exception {
    Path root = plugin();
    Path log = dir.resolve("log");
    Path java17 = jdk("17.0.15+6");
    List<String> args = run(root, java17, log);
    assertTrue(args.contains("-XX:ArchiveClassesAtExit="
        + root.resolve("slicegrep-hook/target/slicegrep-hook.jsa")), args.toString());
    assertFalse(args.stream().anyMatch(a -> a.startsWith("-XX:AOT")), args.toString());
    assertTrue(args.contains("-XX:+UseG1GC"), "a call to the server maps the module graph");
    Path target = root.resolve("slicegrep-hook/target");
    int cp = args.indexOf("-cp");
    assertTrue(cp >= 0, args.toString());
    assertEquals(List.of(target.resolve("slicegrep-hook-client.jar") + ":"
        + target.resolve("slicegrep-hook.jar"), "io.github.slicegrep.hook.HookClient"),
        args.subList(cp + 1, cp + 3), "the client jar first, then the runnable jar");
    assertFalse(args.contains("-XX:CICompilerCount=1"), "a client call keeps the JVM's default");
    List<String> here = run(root, java17, log, "off");
    assertTrue(here.containsAll(List.of("-XX:+UseSerialGC", "-XX:CICompilerCount=1")),
        "a hook in this process leaves its main thread a core: " + here);
  }

  @Test
  void aRunThatFailsLeavesNoArchiveForTheNextToMap() throws Exception {
    Path root = plugin();
    Path log = dir.resolve("log");
    Path java17 = jdk("17.0.15+6");
    Path jsa = root.resolve("slicegrep-hook/target/slicegrep-hook.jsa");
    run(root, java17, log, null, 1);
    assertFalse(Files.exists(jsa), "an archive of a failed run's classes is dropped");
    List<String> next = run(root, java17, log);
    assertTrue(next.contains("-XX:ArchiveClassesAtExit=" + jsa), "written again: " + next);
    assertTrue(Files.exists(jsa));
  }

  @Test
  void java25RecordsQuietlyThenMapsTheCache() throws Exception {
    Path root = plugin();
    Path java = jdk("25.0.3+9-LTS");
    Path log = dir.resolve("log");
    List<String> first = run(root, java, log);
    assertTrue(first.contains("-XX:AOTMode=record"), first.toString());
    assertTrue(first.contains("-XX:-DisplayVMOutput"), first.toString());
    Path target = root.resolve("slicegrep-hook/target");
    Path lock = target.resolve(".slicegrep-hook-build.lock.aot");
    for (int i = 0; i < 200 && Files.exists(lock); i++) {
      Thread.sleep(50);
    }
    assertFalse(Files.exists(lock), "the background assembly frees the lock");
    List<Path> caches;
    try (var files = Files.list(target)) {
      caches = files.filter(f -> f.getFileName().toString().endsWith(".aot")).toList();
    }
    assertEquals(1, caches.size(), caches.toString());
    assertTrue(
        caches.get(0).getFileName().toString().startsWith("slicegrep-hook-jdk25.0.3+9-LTS-"));
    List<String> second = run(root, java, log);
    assertTrue(second.contains("-XX:AOTCache=" + caches.get(0)), second.toString());
    assertFalse(second.contains("-XX:AOTMode=record"), second.toString());
  }

  @Test
  void aReadGoesThroughTheNativeClientWhenACompilerBuiltIt() throws Exception {
    NativeClient.binary(); // skips this test where there is no C compiler
    Path root = plugin();
    Path source = root.resolve("slicegrep-server/src/main/c/slicegrep-client.c");
    Files.createDirectories(source.getParent());
    Files.copy(NativeClient.source(), source);
    Path java = jdk("17.0.15+6");
    Path log = dir.resolve("log");
    List<String> writing = run(root, java, log); // writes the archive: the JVM, no native client
    Path target = root.resolve("slicegrep-hook/target");
    assertFalse(Files.exists(target.resolve("slicegrep-client-native")));
    Files.writeString(target.resolve("slicegrep-hook.jsa"), "archive");
    // The first Read builds it in the background and takes the Java client meanwhile.
    List<String> building = run(root, java, log);
    Path nativeClient = target.resolve("slicegrep-client-native");
    Path buildLock = target.resolve("slicegrep-client-native.lock");
    for (int i = 0; i < 600 && (!Files.isExecutable(nativeClient) || Files.exists(buildLock)); i++) {
      Thread.sleep(100);
    }
    assertTrue(Files.isExecutable(nativeClient), "built in the background");
    assertEquals(writing.subList(writing.indexOf("-cp"), writing.size()),
        building.subList(building.indexOf("-cp"), building.size()));
    // No server of this build: the native client runs the Java command in its place, which
    // prints the decision.
    List<String> args = run(root, java, log);
    assertTrue(args.contains("-XX:SharedArchiveFile=" + target.resolve("slicegrep-hook.jsa")),
        args.toString());
    assertEquals(writing.subList(writing.indexOf("-cp"), writing.size()),
        args.subList(args.indexOf("-cp"), args.size()));
  }
}
