package io.github.slicegrep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.server.NativeClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's cache of the jar's classes, by the Java it runs (docs/RESULTS.md, Start-up):
 * on Java 17 the options are those of before (a CDS archive written by the first run, mapped by
 * later ones), and a call to the server puts the client's jar before the runnable one on the class
 * path; on Java 24+ the first run records a training run, an AOT cache is
 * assembled in the background under a temporary name and renamed, and later runs map it; a cache
 * named for another JDK is never used. The JDKs are stand-ins: a {@code java} script that logs its
 * arguments, in a folder with the {@code release} file a JDK has.
 */
class LauncherClassCacheTest {
  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
  /** The stand-in java: logs its arguments, writes what record and create would, answers. */
  static final Path STAND_IN_JAVA =
      ROOT.resolve("slicegrep-cli/src/test/resources/launcher/stand-in-java");

  /** Set on the one run that writes the archive or records the cache. */
  private static final String REHEARSE = "-D" + SlicegrepCommand.REHEARSAL_PROPERTY + "=true";

  @TempDir Path dir;
  private Path checkout;
  private Path target;
  private Path jar;
  private Path client;

  @BeforeEach
  void checkoutWithABuiltJar() throws IOException {
    checkout = Files.createDirectories(dir.resolve("checkout"));
    Files.copy(ROOT.resolve("slicegrep"), checkout.resolve("slicegrep"));
    Instant old = Instant.now().minusSeconds(3600);
    for (String module : List.of("slicegrep-core", "slicegrep-server", "slicegrep-cli")) {
      Path main = Files.createDirectories(checkout.resolve(module).resolve("src/main"));
      Files.setLastModifiedTime(main, FileTime.from(old));
      Path pom = Files.writeString(checkout.resolve(module).resolve("pom.xml"), "<project/>");
      Files.setLastModifiedTime(pom, FileTime.from(old));
    }
    Files.setLastModifiedTime(Files.writeString(checkout.resolve("pom.xml"), "<project/>"),
        FileTime.from(old));
    target = Files.createDirectories(checkout.resolve("slicegrep-cli/target"));
    jar = Files.writeString(target.resolve("slicegrep.jar"), "jar");
    Files.setLastModifiedTime(jar, FileTime.from(old.plusSeconds(60)));
    client = Files.writeString(target.resolve("slicegrep-client.jar"), "client jar");
    Files.setLastModifiedTime(client, FileTime.from(old.plusSeconds(60)));
  }

  private Path jdk(String name, String runtimeVersion) throws IOException {
    Path home = Files.createDirectories(dir.resolve(name));
    Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
    Files.copy(STAND_IN_JAVA, java);
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_RUNTIME_VERSION=\""
        + runtimeVersion + "\"\nJAVA_VERSION=\"" + runtimeVersion.replaceFirst("[+-].*", "")
        + "\"\n");
    return java;
  }

  record Run(int exit, String out, String err, List<List<String>> javaCalls) {}

  private Run run(Path java, int javaExit, String... env) throws Exception {
    return run(java, javaExit, List.of("--no-server", "src", "query"), env);
  }

  private Run run(Path java, int javaExit, List<String> args, String... env) throws Exception {
    Path log = dir.resolve("java.log");
    Files.deleteIfExists(log);
    List<String> command = new java.util.ArrayList<>();
    command.add("bash");
    command.add(checkout.resolve("slicegrep").toString());
    command.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().put("SLICEGREP_JAVA", java.toString());
    pb.environment().put("FAKE_JAVA_LOG", log.toString());
    pb.environment().put("FAKE_JAVA_EXIT", Integer.toString(javaExit));
    pb.environment().remove("SLICEGREP_JAVA_OPTS");
    pb.environment().remove("SLICEGREP_JVM_CACHE");
    pb.environment().remove("SLICEGREP_SERVER");  // the build runs tests with the server off
    pb.environment().remove("SLICEGREP_NATIVE_CLIENT");
    pb.environment().put("SLICEGREP_SERVER_DIR", dir.resolve("servers").toString());
    for (int i = 0; i < env.length; i += 2) {
      pb.environment().put(env[i], env[i + 1]);
    }
    pb.redirectOutput(dir.resolve("out").toFile());
    pb.redirectError(dir.resolve("err").toFile());
    pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    Process p = pb.start();
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the launcher finished");
    List<List<String>> calls = new java.util.ArrayList<>();
    List<String> call = new java.util.ArrayList<>();
    if (Files.exists(log)) {
      for (String line : Files.readAllLines(log)) {
        if (line.equals("---")) {
          calls.add(call);
          call = new java.util.ArrayList<>();
        } else {
          call.add(line);
        }
      }
    }
    return new Run(p.exitValue(), Files.readString(dir.resolve("out"), StandardCharsets.UTF_8),
        Files.readString(dir.resolve("err"), StandardCharsets.UTF_8), calls);
  }

  private List<String> expected17(String... cacheOptions) {
    List<String> expected = new java.util.ArrayList<>(List.of("-Xlog:disable",
        "-Xlog:all=error:stderr", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
        "-XX:CICompilerCount=1", "-XX:-UsePerfData", "-XX:+UseTransparentHugePages",
        "-XX:+UnlockDiagnosticVMOptions",
        "-XX:ArchiveRelocationMode=0"));
    expected.addAll(List.of(cacheOptions));
    expected.addAll(List.of(
        "-Djava.nio.channels.spi.SelectorProvider=sun.nio.ch.EPollSelectorProvider", "-jar",
        jar.toString(), "--no-server", "src", "query"));
    return expected;
  }

  @Test
  void java17KeepsTheClassDataSharingArchiveWithTheOptionsOfBefore() throws Exception {
    Path java = jdk("jdk17", "17.0.15+6-Debian-1deb12u1");
    Path jsa = target.resolve("slicegrep-inprocess.jsa");
    Run first = run(java, 0);
    // the run that writes the archive rehearses its search, so the archive holds a later call's path
    assertEquals(List.of(expected17("-XX:ArchiveClassesAtExit=" + jsa, REHEARSE)),
        first.javaCalls());
    assertEquals("the-report\n", first.out());
    assertEquals("", first.err());
    Files.writeString(jsa, "archive");  // what the JVM writes at exit
    Run second = run(java, 1);
    assertEquals(List.of(expected17("-XX:SharedArchiveFile=" + jsa)), second.javaCalls());
    assertEquals(1, second.exit(), "the JVM's exit status is the launcher's");
    assertFalse(hasAnAotFile(), "no AOT file on Java 17");
  }

  @Test
  void aRunThatFailsLeavesNoArchiveAndTheNextRunWritesIt() throws Exception {
    // A first call with a mistyped path loads only the error path's classes: an archive of it
    // would leave every later search loading the engine from the jar until the next build.
    Path java = jdk("jdk17", "17.0.15+6-Debian-1deb12u1");
    Path jsa = target.resolve("slicegrep-inprocess.jsa");
    Run mistyped = run(java, 2);
    assertEquals(2, mistyped.exit(), "the caller still gets the error status");
    assertFalse(Files.exists(jsa), "the error run's archive is dropped");
    Run next = run(java, 1);
    assertEquals(List.of(expected17("-XX:ArchiveClassesAtExit=" + jsa, REHEARSE)),
        next.javaCalls(), "the next run writes it again");
    assertTrue(Files.exists(jsa), "nothing found (status 1) is a search: its archive is kept");
    assertEquals(List.of(expected17("-XX:SharedArchiveFile=" + jsa)), run(java, 0).javaCalls());
  }

  @Test
  void onlyASearchWritesTheArchive() throws Exception {
    // --version, --help and --server load none of the engine: the first search writes it.
    Path java = jdk("jdk17", "17.0.15+6-Debian-1deb12u1");
    Path jsa = target.resolve("slicegrep-inprocess.jsa");
    for (List<String> args : List.of(List.of("--no-server", "--version"),
        List.of("--no-server", "-h"), List.of("--server", "status"))) {
      List<String> call = run(java, 0, args).javaCalls().get(0);
      assertFalse(call.stream().anyMatch(a -> a.startsWith("-XX:ArchiveClassesAtExit")),
          args + ": " + call);
      assertFalse(Files.exists(jsa), args.toString());
    }
    assertEquals(List.of(expected17("-XX:ArchiveClassesAtExit=" + jsa, REHEARSE)),
        run(java, 0).javaCalls());
    assertTrue(run(java, 0, List.of("--server", "status")).javaCalls().get(0)
        .contains("-XX:SharedArchiveFile=" + jsa), "written, it is mapped by every call");
  }

  @Test
  void aFailedTrainingRunOnJava25AssemblesNoCache() throws Exception {
    Path java = jdk("jdk25", "25.0.3+9-LTS");
    Run mistyped = run(java, 2);
    assertEquals(2, mistyped.exit());
    assertEquals(1, mistyped.javaCalls().size(), "no assembly after an error");
    waitForTheLock();
    assertFalse(hasAnAotFile(), "neither record nor cache is left");
    assertTrue(run(java, 0).javaCalls().get(0).contains("-XX:AOTMode=record"),
        "the next run records");
    waitForTheCache();
  }

  @Test
  void serverCallsAndInProcessRunsKeepArchivesOfTheirOwn() throws Exception {
    Path java = jdk("jdk17", "17.0.15+6-Debian-1deb12u1");
    Path clientArchive = target.resolve("slicegrep.jsa");
    Path inProcessArchive = target.resolve("slicegrep-inprocess.jsa");
    List<String> call = run(java, 0, List.of("src", "query")).javaCalls().get(0);
    assertTrue(call.contains("-XX:ArchiveClassesAtExit=" + clientArchive), call.toString());
    assertTrue(call.contains("-XX:+UseG1GC"), "a client call maps the JDK's module graph");
    int cp = call.indexOf("-cp");
    assertTrue(cp >= 0, call.toString());
    assertEquals(List.of(client + ":" + jar, "io.github.slicegrep.cli.Main", "src", "query"),
        call.subList(cp + 1, call.size()), "the client jar first, then the runnable jar");
    Files.writeString(clientArchive, "archive");
    List<String> off =
        run(java, 0, List.of("src", "query"), "SLICEGREP_SERVER", " Off ").javaCalls().get(0);
    assertTrue(off.contains("-XX:ArchiveClassesAtExit=" + inProcessArchive), off.toString());
    assertTrue(off.contains("-XX:+UseSerialGC"), off.toString());
    assertTrue(off.contains("-XX:CICompilerCount=1"), off.toString());
    assertFalse(call.contains("-XX:CICompilerCount=1"), "a client call keeps the JVM's default");
    Files.writeString(inProcessArchive, "archive");
    List<String> again = run(java, 0, List.of("src", "query")).javaCalls().get(0);
    assertTrue(again.contains("-XX:SharedArchiveFile=" + clientArchive), again.toString());
    List<String> status = run(java, 0, List.of("--server", "status")).javaCalls().get(0);
    assertTrue(status.contains("-XX:SharedArchiveFile=" + inProcessArchive), status.toString());
  }

  @Test
  void aClientCallOnJava22OrNewerMayLoadNativeLibraries() throws Exception {
    // -jar would let the runnable jar's manifest allow it; with -cp the launcher says it, where
    // Java knows the option (17 refuses to start with it).
    List<String> on25 = run(jdk("jdk25", "25.0.3+9-LTS"), 0, List.of("src", "query"))
        .javaCalls().get(0);
    assertEquals(on25.indexOf("-cp") - 1, on25.indexOf("--enable-native-access=ALL-UNNAMED"),
        on25.toString());
    waitForTheLock(".slicegrep-aot.lock");
    List<String> on17 = run(jdk("jdk17", "17.0.15+6-Debian-1deb12u1"), 0,
        List.of("src", "query")).javaCalls().get(0);
    assertFalse(on17.contains("--enable-native-access=ALL-UNNAMED"), on17.toString());
  }

  @Test
  void java25RecordsThenAssemblesInTheBackgroundThenMapsTheCache() throws Exception {
    Path java = jdk("jdk25", "25.0.3+9-LTS");
    // nothing matched (exit 1) is still a good training run, and the caller gets its status
    Run first = run(java, 1);
    assertEquals(1, first.exit());
    assertEquals("the-report\n", first.out(), "record mode adds nothing to stdout");
    assertEquals("", first.err());
    List<String> record = first.javaCalls().get(0);
    assertTrue(record.contains("-XX:AOTMode=record"), record.toString());
    assertTrue(record.contains("-XX:-DisplayVMOutput"), "record mode's stdout line is off");
    assertTrue(record.contains(REHEARSE), "the training run rehearses its search");
    assertTrue(record.contains("-Xlog:all=error,aot*=off,cds*=off:stderr"), record.toString());
    assertFalse(record.stream().anyMatch(a -> a.startsWith("-XX:SharedArchiveFile")
        || a.startsWith("-XX:ArchiveClassesAtExit")), record.toString());

    Path cache = waitForTheCache();
    assertTrue(
        cache.getFileName().toString().startsWith("slicegrep-inprocess-jdk25.0.3+9-LTS-"),
        "named by the JDK build: " + cache);
    try (Stream<Path> files = Files.list(target)) {
      assertEquals(List.of(cache),
          files.filter(f -> !f.equals(jar) && !f.equals(client) && !f.equals(jdkKnown()))
              .toList(),
          "the record and the temporary cache are gone, and the lock is freed");
    }

    Run second = run(java, 0);
    assertEquals(1, second.javaCalls().size(), "no training and no assembly");
    List<String> use = second.javaCalls().get(0);
    assertTrue(use.contains("-XX:AOTCache=" + cache), use.toString());
    assertFalse(use.contains("-XX:AOTMode=record"), use.toString());
    assertFalse(use.contains(REHEARSE), "only the training run rehearses");
    assertEquals("the-report\n", second.out());
    assertEquals("", second.err());

    // Another build of the JDK (another version) never maps it: it trains a cache of its own.
    Path other = jdk("jdk25b", "25.0.4+7-LTS");
    List<String> otherRun = run(other, 0).javaCalls().get(0);
    assertTrue(otherRun.contains("-XX:AOTMode=record"), otherRun.toString());
    assertFalse(otherRun.contains("-XX:AOTCache=" + cache), otherRun.toString());
    waitForTheLock();  // its cache is assembled in the background: let it finish first
  }

  @Test
  void aCacheOlderThanTheJarIsRewrittenAndOffRunsWithout() throws Exception {
    Path java = jdk("jdk25", "25.0.3+9-LTS");
    run(java, 0);
    Path cache = waitForTheCache();
    Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(5)));  // a rebuild
    assertTrue(run(java, 0).javaCalls().get(0).contains("-XX:AOTMode=record"));
    waitForTheLock();
    List<String> off = run(java, 0, "SLICEGREP_JVM_CACHE", "off").javaCalls().get(0);
    assertFalse(off.stream().anyMatch(a -> a.startsWith("-XX:AOT") || a.startsWith("-XX:Shared")
        || a.startsWith("-XX:ArchiveClassesAtExit")), off.toString());
    assertTrue(Files.exists(cache));
  }

  private Path jdkKnown() {
    return target.resolve(".slicegrep-jdk");
  }

  @Test
  void theJavaInstallationIsRememberedUntilItsReleaseFileChanges() throws Exception {
    Path java = jdk("jdk17", "17.0.15+6-Debian-1deb12u1");
    run(java, 0);
    assertEquals(dir.resolve("jdk17") + "\n17.0.15+6-Debian-1deb12u1\n",
        Files.readString(jdkKnown()));
    // An update in place (a newer release file) is read again: now a Java 25, with its cache.
    Files.writeString(dir.resolve("jdk17/release"), "JAVA_RUNTIME_VERSION=\"25.0.3+9-LTS\"\n");
    Files.setLastModifiedTime(dir.resolve("jdk17/release"),
        FileTime.from(Instant.now().plusSeconds(5)));
    assertTrue(run(java, 0).javaCalls().get(0).contains("-XX:AOTMode=record"));
    waitForTheLock();
    assertTrue(Files.readString(jdkKnown()).endsWith("\n25.0.3+9-LTS\n"));
    // Another java is looked up, never taken for the one remembered.
    Path other = jdk("jdk17b", "17.0.16+8");
    List<String> call = run(other, 0).javaCalls().get(0);
    assertFalse(call.contains("-XX:AOTMode=record"), call.toString());
    assertEquals(dir.resolve("jdk17b") + "\n17.0.16+8\n", Files.readString(jdkKnown()));
  }

  @Test
  void aClientCallGoesThroughTheNativeClientWhenACompilerBuiltIt() throws Exception {
    NativeClient.binary(); // skips this test where there is no C compiler
    Path source = checkout.resolve("slicegrep-server/src/main/c/slicegrep-client.c");
    Files.createDirectories(source.getParent());
    Files.copy(NativeClient.source(), source);
    Path java = jdk("jdk17", "17.0.15+6-Debian-1deb12u1");
    Path clientArchive = target.resolve("slicegrep.jsa");
    Files.writeString(clientArchive, "archive");
    Path nativeClient = target.resolve("slicegrep-client-native");
    // With no server of this build, the native client runs the Java command in its place, the
    // same command as without it.
    Run off = run(java, 0, List.of("src", "query"), "SLICEGREP_NATIVE_CLIENT", "off");
    assertFalse(Files.exists(nativeClient), "off builds nothing");
    Run on = run(java, 4, List.of("src", "query"));
    assertTrue(Files.isExecutable(nativeClient), "built by the call");
    assertEquals(off.javaCalls(), on.javaCalls());
    assertEquals(4, on.exit(), "the Java command's status is the caller's");
    assertEquals("the-report\n", on.out());
    // In-process calls never take it, nor does a run that writes the archive.
    Files.delete(nativeClient);
    run(java, 0, List.of("--no-server", "src", "query"));
    Files.delete(clientArchive);
    run(java, 0, List.of("src", "query"));
    assertFalse(Files.exists(nativeClient));
    // A compiler that fails leaves a mark, and the Java client serves until the source changes.
    Files.writeString(clientArchive, "archive");
    Run failed = run(java, 0, List.of("src", "query"), "CC", "false");
    assertEquals(off.javaCalls(), failed.javaCalls());
    assertFalse(Files.exists(nativeClient));
    assertTrue(Files.exists(target.resolve("slicegrep-client-native.failed")));
    run(java, 0, List.of("src", "query"));
    assertFalse(Files.exists(nativeClient), "not retried while the source is unchanged");
    Files.setLastModifiedTime(source, FileTime.from(Instant.now().plusSeconds(5)));
    run(java, 0, List.of("src", "query"));
    assertTrue(Files.isExecutable(nativeClient), "rebuilt once the source changed");
  }

  private boolean hasAnAotFile() throws IOException {
    try (Stream<Path> files = Files.list(target)) {
      return files.anyMatch(f -> f.getFileName().toString().contains(".aot"));
    }
  }

  private Path waitForTheCache() throws Exception {
    waitForTheLock();
    try (Stream<Path> files = Files.list(target)) {
      List<Path> caches = files.filter(f -> f.getFileName().toString().endsWith(".aot")).toList();
      assertEquals(1, caches.size(), caches.toString());
      assertEquals("cache", Files.readString(caches.get(0)));
      return caches.get(0);
    }
  }

  private void waitForTheLock() throws InterruptedException {
    waitForTheLock(".slicegrep-inprocess-aot.lock");
  }

  private void waitForTheLock(String name) throws InterruptedException {
    Path lock = target.resolve(name);
    for (int i = 0; i < 200 && Files.exists(lock); i++) {
      Thread.sleep(50);
    }
    assertFalse(Files.exists(lock), "the background assembly frees the lock");
  }
}
