package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input through the public API: every case ends in a clear {@link SlicegrepException} or a
 * clean skip, and none may hang (each runs under a preemptive deadline).
 */
class BadInputTest {
  private static final Duration DEADLINE = Duration.ofSeconds(20);
  private static final String TARGET = "def find_needle(haystack):\n    return haystack.index(1)\n";

  @TempDir Path dir;

  private final FocusedReader reader = new FocusedReader();

  private Result search(Path path, String query, Options options) {
    return assertTimeoutPreemptively(DEADLINE, () -> reader.search(path, query, options));
  }

  private Result search(Path path, String query) {
    return search(path, query, Options.defaults());
  }

  private SlicegrepException refused(Path path, String query, Options options) {
    return assertTimeoutPreemptively(
        DEADLINE, () -> assertThrows(SlicegrepException.class,
            () -> reader.search(path, query, options)));
  }

  private static void sh(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    assertTrue(p.waitFor(20, TimeUnit.SECONDS), "command did not finish: " + List.of(command));
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), List.of(command) + ": " + out);
  }

  private Fixture treeWithTarget() {
    return Fixture.in(dir.resolve("tree")).file("good.py", TARGET);
  }

  private static List<String> files(Result r) {
    return r.chunks().stream().map(Chunk::file).distinct().toList();
  }

  @Test
  void aMissingPathIsRefusedWithItsName() {
    Path missing = dir.resolve("no/such/file.py");
    SlicegrepException e = refused(missing, "needle", Options.defaults());
    assertTrue(e.getMessage().contains("path not found") && e.getMessage().contains("file.py"),
        e.getMessage());
  }

  @Test
  void aFifoIsRefusedInFileModeAndSkippedInDirectoryModeWithoutBlocking() throws Exception {
    Fixture tree = treeWithTarget();
    Path fifo = tree.path("pipe.py");
    sh("mkfifo", fifo.toString());
    SlicegrepException e = refused(fifo, "needle", Options.defaults());
    assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
    Result r = search(tree.root(), "find_needle");
    assertEquals(List.of("good.py"), files(r));
    assertEquals(1, r.filesSearched());
  }

  @Test
  void aUnixSocketIsRefusedInFileModeAndSkippedInDirectoryMode() throws IOException {
    Fixture tree = treeWithTarget();
    Path socket = tree.path("sock.py");
    try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      server.bind(UnixDomainSocketAddress.of(socket));
      SlicegrepException e = refused(socket, "needle", Options.defaults());
      assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
      assertEquals(List.of("good.py"), files(search(tree.root(), "find_needle")));
    }
  }

  @Test
  void aCharacterDeviceIsRefusedAndNeverRead() {
    Path zero = Path.of("/dev/zero");
    assumeTrue(Files.exists(zero), "this OS has no /dev/zero");
    SlicegrepException e = refused(zero, "needle", Options.defaults());
    assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
  }

  @Test
  void aFileWithoutReadPermissionIsRefusedInFileModeAndSkippedInDirectoryMode()
      throws IOException {
    Fixture tree = treeWithTarget().file("secret.py", "def find_needle_secret(): pass\n");
    Path secret = tree.path("secret.py");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("---------"));
    assumeTrue(!Files.isReadable(secret),
        "running as root: the OS grants reading a mode-000 file, see the /proc case below");
    SlicegrepException e = refused(secret, "needle", Options.defaults());
    assertTrue(e.getMessage().contains("cannot be read"), e.getMessage());
    assertEquals(List.of("good.py"), files(search(tree.root(), "find_needle")));
  }

  @Test
  void aRegularFileWhoseReadFailsIsRefusedInFileModeAndSkippedInDirectoryMode()
      throws IOException {
    // /proc/1/mem is a regular file whose read at offset 0 fails (EIO) even for root: the
    // condition a permission-denied read produces, which root cannot get from a mode-000 file.
    Path mem = Path.of("/proc/1/mem");
    assumeTrue(Files.isRegularFile(mem), "this OS has no /proc/1/mem");
    Fixture tree = treeWithTarget();
    Path link = Files.createSymbolicLink(tree.path("mem.py"), mem);
    SlicegrepException e = refused(link, "needle", Options.defaults());
    assertTrue(e.getMessage().contains("cannot be read"), e.getMessage());
    assertEquals(List.of("good.py"), files(search(tree.root(), "find_needle")));
  }

  @Test
  void aDirectoryWhoseListingFailsIsSkippedAndTheRestSearched() throws IOException {
    Fixture tree = treeWithTarget();
    Path locked = tree.root().resolve("locked");
    Files.createDirectories(locked);
    Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
    boolean osDenies;
    try (DirectoryStream<Path> s = Files.newDirectoryStream(locked)) {
      osDenies = false;
    } catch (IOException e) {
      osDenies = true;
    }
    if (!osDenies) {
      // Root lists a mode-000 directory; /proc/1/root (another namespace's root) refuses
      // access with "Permission denied" even to root inside a container.
      Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
      Files.delete(locked);
      Path mapFiles = Path.of("/proc/1/root");
      boolean refuses;
      try (DirectoryStream<Path> s = Files.newDirectoryStream(mapFiles)) {
        refuses = false;
      } catch (IOException e) {
        refuses = true;
      }
      assumeTrue(refuses, "the OS lets this user list every directory");
      Files.createSymbolicLink(locked, mapFiles);
    }
    try {
      Result r = search(tree.root(), "find_needle");
      assertEquals(List.of("good.py"), files(r));
    } finally {
      if (osDenies) {
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
      }
    }
  }

  @Test
  void aSymlinkLoopIsFollowedOnceAndNeverLoops() throws IOException {
    Fixture tree = treeWithTarget().file("sub/inner.py", "def find_needle_inner(): pass\n");
    Files.createSymbolicLink(tree.path("sub/back"), tree.root());
    Files.createSymbolicLink(tree.path("sub/self"), tree.path("sub"));
    Files.createSymbolicLink(tree.path("a.py"), tree.path("b.py"));
    Files.createSymbolicLink(tree.path("b.py"), tree.path("a.py"));
    Result r = search(tree.root(), "find_needle");
    assertEquals(List.of("good.py", "sub/inner.py"), files(r).stream().sorted().toList());
    assertEquals(2, r.filesSearched());
    SlicegrepException e = refused(tree.path("a.py"), "needle", Options.defaults());
    assertTrue(e.getMessage().contains("a.py"), e.getMessage());
  }

  @Test
  void aSymlinkOutOfTheTreeIsReportedUnderItsPathInsideTheTree() throws IOException {
    Fixture outside = Fixture.in(dir.resolve("outside")).file("far.py", TARGET);
    Fixture tree = Fixture.in(dir.resolve("tree")).file("near.py", "x = 1\n");
    Files.createSymbolicLink(tree.path("linked"), outside.root());
    Result r = search(tree.root(), "find_needle");
    assertEquals(List.of("linked/far.py"), files(r));
    assertFalse(r.render().contains(outside.root().toString()), r.render());
  }

  @Test
  void binaryFilesAreRefusedInFileModeAndSkippedInDirectoryMode() {
    byte[] binary = "def find_needle(): pass\n\0\1\2\3".getBytes(StandardCharsets.ISO_8859_1);
    Fixture tree = treeWithTarget().bytes("blob.py", binary);
    SlicegrepException e = refused(tree.path("blob.py"), "find_needle", Options.defaults());
    assertTrue(e.getMessage().contains("binary"), e.getMessage());
    Result r = search(tree.root(), "find_needle");
    assertEquals(List.of("good.py"), files(r));
    assertEquals(1, r.filesSearched());
  }

  @Test
  void invalidUtf8IsReplacedAndLineNumbersKept() {
    byte[] head = "x = 1\ny = '".getBytes(StandardCharsets.UTF_8);
    byte[] bad = {(byte) 0xff, (byte) 0xfe, (byte) 0xc3, (byte) 0x28, (byte) 0xed, (byte) 0xa0,
        (byte) 0x80};
    byte[] tail = "'\ndef find_needle(): pass\n".getBytes(StandardCharsets.UTF_8);
    byte[] all = new byte[head.length + bad.length + tail.length];
    System.arraycopy(head, 0, all, 0, head.length);
    System.arraycopy(bad, 0, all, head.length, bad.length);
    System.arraycopy(tail, 0, all, head.length + bad.length, tail.length);
    Path f = Fixture.in(dir).bytes("bad.py", all).path("bad.py");
    Result r = search(f, "find_needle", Options.defaults().withBoundary(Boundary.NONE)
        .withContext(0));
    assertEquals(1, r.chunks().size());
    assertEquals(3, r.chunks().get(0).lineStart());
    assertEquals("def find_needle(): pass", r.chunks().get(0).code());
    Result whole = search(f, "y = ", Options.defaults().withBoundary(Boundary.NONE)
        .withContext(0));
    assertTrue(whole.chunks().get(0).code().contains("\uFFFD"), whole.chunks().get(0).code());
  }

  @Test
  void aByteOrderMarkIsDroppedAndDoesNotShiftLines() {
    Path f = Fixture.in(dir).file("bom.py", "\uFEFFdef find_needle(): pass\nx = 2\n")
        .path("bom.py");
    Result r = search(f, "find_needle", Options.defaults().withBoundary(Boundary.NONE)
        .withContext(0));
    assertEquals(1, r.chunks().get(0).lineStart());
    assertEquals("def find_needle(): pass", r.chunks().get(0).code());
  }

  @Test
  void lineBreaksCountAsAnEditorCountsThem() {
    // Breaks: CRLF, lone CR, LF. Not breaks: form feed, vertical tab, U+2028, U+2029, U+0085.
    String text = "a = 1\r\nb = 2\rc = 3\f\u000b\u2028\u2029\u0085d = 4\ne = 5\r\n"
        + "find_needle = 6\r\nz = 7";
    Path f = Fixture.in(dir).file("breaks.py", text).path("breaks.py");
    Options exact = Options.defaults().withBoundary(Boundary.NONE).withContext(0);
    Result r = search(f, "find_needle", exact);
    assertEquals(1, r.chunks().size());
    assertEquals(5, r.chunks().get(0).lineStart());
    assertEquals(5, r.chunks().get(0).lineEnd());
    assertEquals("find_needle = 6", r.chunks().get(0).code());
    Result d = search(f, "d = 4", exact);
    assertEquals(3, d.chunks().get(0).lineStart());
    assertEquals("c = 3\f\u000b\u2028\u2029\u0085d = 4", d.chunks().get(0).code());
    Result last = search(f, "z = 7", exact);
    assertEquals(6, last.chunks().get(0).lineStart());
  }

  @Test
  void aFiftyMegabyteFileIsSkippedInDirectoryModeAndRefusedClearlyInFileMode()
      throws IOException {
    Fixture tree = treeWithTarget();
    Path big = tree.path("big.py");
    byte[] line = "def find_needle_big(x): return x  # padding padding padding\n"
        .getBytes(StandardCharsets.UTF_8);
    try (var out = Files.newOutputStream(big)) {
      long written = 0;
      while (written < 50L * 1024 * 1024) {
        out.write(line);
        written += line.length;
      }
    }
    Result r = search(tree.root(), "find_needle");
    assertEquals(List.of("good.py"), files(r));
    SlicegrepException e = refused(big, "find_needle", Options.defaults());
    assertTrue(e.getMessage().contains("larger than the size cap")
        && e.getMessage().contains("raise the cap"), e.getMessage());
  }

  @Test
  void aTenMegabyteSingleLineIsCutWhenShownAndSkippedForMatching() throws IOException {
    StringBuilder sb = new StringBuilder(10 * 1024 * 1024 + 100);
    sb.append("var bundle = \"");
    while (sb.length() < 10 * 1024 * 1024) {
      sb.append("find_needle abcdefghijklmnopqrstuvwxyz ");
    }
    sb.append("\";\nfunction find_needle_real() { return 1; }\n");
    Path f = Fixture.in(dir).file("bundle.js", sb.toString()).path("bundle.js");
    SlicegrepException tooBig = refused(f, "find_needle", Options.defaults());
    assertTrue(tooBig.getMessage().contains("size cap"), tooBig.getMessage());
    Options raised = Options.defaults().withMaxFileBytes(32L * 1024 * 1024)
        .withBoundary(Boundary.NONE).withContext(1);
    Result r = search(f, "find_needle", raised);
    assertEquals(1, r.chunks().size(), r.render());
    Chunk c = r.chunks().get(0);
    assertEquals(1, c.lineStart());
    assertEquals(2, c.lineEnd());
    assertTrue(c.code().contains("[line cut: " + (sb.indexOf("\n")) + " chars]"), c.code()
        .substring(0, 200));
    assertTrue(c.code().length() < 2000, "shown length " + c.code().length());
  }

  @Test
  void aLineOfThousandsOfWordsNeitherEndsTheSearchNorHidesTheFunctionsAfterIt() {
    // Broken code falls to the heuristic outline, whose header patterns recursed once per word:
    // a stray line of words in one file overflowed the stack and ended the whole search.
    StringBuilder words = new StringBuilder();
    for (int i = 0; i < 3000; i++) {
      words.append("static w").append(i).append(' ');
    }
    Fixture.in(dir)
        .file("table.go", words + "\n\nfunc lookup(i int) int {\n\treturn i\n}\n")
        .file("Words.java", "class Words {\n  " + words + "\n  static int lookup(int i) {\n"
            + "    return i;\n  }\n}\n");
    Result r = search(dir, "lookup", Options.defaults());
    assertTrue(r.chunks().stream().anyMatch(c -> c.file().equals("table.go")
        && c.rankReasons().contains("definition")), r.render());
    assertTrue(r.chunks().stream().anyMatch(c -> c.file().equals("Words.java")), r.render());
    Result question = search(dir, "how does the lookup of words work", Options.defaults());
    assertFalse(question.chunks().isEmpty(), question.render());
  }

  @Test
  void endlessQueriesAndMatchedLinesOfNamePartsNeverOverflowTheStack() {
    // The query's name patterns, the exact-literal check and the C prototype check recursed once
    // per part in java.util.regex: a 6,000-character query or matched line ended the search.
    StringBuilder line = new StringBuilder("needle");
    while (line.length() < 4900) {
      line.append(" int *a");
    }
    Fixture.in(dir)
        .file("long.c", "int x = 1;\n" + line + ";\nint needle(void) { return 1; }\n")
        .file("dots.py", "needle = 1\n" + "a.".repeat(2400) + "needle\n");
    assertFalse(search(dir, "how is the needle found", Options.defaults()).chunks().isEmpty());
    for (String part : List.of("a.", "a::", "a->", "a-b ", "x?y ", "a() ", "a, ")) {
      String endless = part.repeat(6000 / part.length());
      search(dir, endless, Options.defaults());
      search(dir, "where is " + endless, Options.defaults());
    }
  }

  @Test
  void fileNamesWithSpacesNewlinesAndNonUtf8BytesAreSearchedOrSkippedCleanly()
      throws Exception {
    Fixture tree = treeWithTarget().file("with space.py", "def find_needle_space(): pass\n");
    Files.writeString(tree.path("new\nline.py"), "def find_needle_newline(): pass\n");
    // A Latin-1 byte in a file name (not valid UTF-8): made by the shell, as Java cannot.
    sh("bash", "-c", "printf 'def find_needle_latin(): pass\\n' > \"$1\"/$'caf\\xe9.py'", "_",
        tree.root().toString());
    Result r = search(tree.root(), "find_needle");
    List<String> found = files(r).stream().sorted().toList();
    assertTrue(found.containsAll(List.of("good.py", "new\nline.py", "with space.py")),
        found.toString());
    // The Latin-1 name is searched too: Java maps the byte to a character and back losslessly.
    assertEquals(4, r.filesSearched(), r.render());
    assertEquals(4, found.size(), found.toString());
    assertTrue(r.toJson().contains("find_needle_latin"), r.toJson());
  }

  @Test
  void emptyFilesMatchNothingAndRaiseNothing() {
    Fixture tree = treeWithTarget().file("empty.py", "").file("blank.py", "\n\n\n");
    Result one = search(tree.path("empty.py"), "find_needle");
    assertTrue(one.chunks().isEmpty());
    assertFalse(one.matched());
    assertEquals(1.0, one.coverage());
    Result all = search(tree.root(), "find_needle");
    assertEquals(List.of("good.py"), files(all));
    assertEquals(3, all.filesSearched());
  }

  @Test
  void emptyWhitespaceAndBareSeparatorQueriesAreRefused() {
    Path f = treeWithTarget().path("good.py");
    for (String q : new String[] {"", " ", "\t\n ", "|||", " | | ", "\\|"}) {
      if (q.equals("\\|")) {
        // An escaped bar is a real one-character pattern, not an empty query.
        search(f, q);
        continue;
      }
      SlicegrepException e = refused(f, q, Options.defaults());
      assertTrue(e.getMessage().contains("pattern is empty"), q + ": " + e.getMessage());
    }
    SlicegrepException nul = assertThrows(SlicegrepException.class,
        () -> reader.search(f, null, Options.defaults()));
    assertFalse(nul.getMessage().isBlank());
  }

  @Test
  void hostileRegexesFinishQuicklyWithAResultOrAClearMessage() {
    StringBuilder text = new StringBuilder("def find_needle(): pass\n");
    for (int i = 0; i < 200; i++) {
      text.append("a".repeat(60)).append("!\n");
    }
    text.append("x".repeat(4999)).append('\n');
    Path f = Fixture.in(dir).file("evil.py", text.toString()).path("evil.py");
    String[] hostile = {
      "(a+)+$", "(a|aa)+b", "((a*)*)*b", "(a|a?)+b", "(.*a){20}b", "a{1000}{1000}",
      "(a{1000}){1000}", "a{2147483647}", "x{99999999}", "(\\w+)\\1+b", "(a*)\\1*\\1*b",
      "(?<=a{1,50})b", "(?<!a+)b", "(?=(a+)+b)", "(?i)(a+)+\\1$", "[", "(", "\\", "*", "+?",
      "a{1000}{1000}|find_needle", "(a+)+$|find_needle",
    };
    for (String q : hostile) {
      try {
        Result r = search(f, q);
        if (q.endsWith("|find_needle")) {
          assertTrue(r.chunks().stream().anyMatch(c -> c.code().contains("find_needle")),
              q + " lost the good fragment: " + r.render());
        }
      } catch (SlicegrepException e) {
        assertFalse(e.getMessage().isBlank(), q);
        assertFalse(q.endsWith("|find_needle"), q + " refused whole: " + e.getMessage());
      }
    }
  }

  @Test
  void negativeBudgetsAndContextsAreRefusedAndHugeOnesWork() {
    Path f = Fixture.in(dir).file("m.py", "x = 0\n" + TARGET + "y = 1\n").path("m.py");
    assertThrows(SlicegrepException.class, () -> Options.defaults().withBudget(-1));
    assertThrows(SlicegrepException.class, () -> Options.defaults().withBudget(Integer.MIN_VALUE));
    assertThrows(SlicegrepException.class, () -> Options.defaults().withBefore(-1));
    assertThrows(SlicegrepException.class, () -> Options.defaults().withAfter(-5));
    assertThrows(SlicegrepException.class, () -> FocusedRead.run(f, "x", -1, Boundary.FN));
    for (Boundary b : Boundary.values()) {
      Options huge = Options.defaults().withBudget(Integer.MAX_VALUE).withBoundary(b)
          .withBefore(Integer.MAX_VALUE).withAfter(Integer.MAX_VALUE);
      Result r = search(f, "find_needle", huge);
      assertEquals(1, r.chunks().size(), b + ": " + r.render());
      Chunk c = r.chunks().get(0);
      assertTrue(c.lineStart() >= 1 && c.lineEnd() <= 4 && c.lineStart() <= c.lineEnd(),
          b + ": " + c.lineStart() + "-" + c.lineEnd());
      assertTrue(c.code().contains("find_needle"), b + ": " + c.code());
    }
    Result zero = search(f, "find_needle", Options.defaults().withBudget(0).withContext(0)
        .withBoundary(Boundary.NONE));
    assertEquals("def find_needle(haystack):", zero.chunks().get(0).code());
  }

  @Test
  void aDanglingSymlinkLikeAFileThatVanishedIsSkipped() throws IOException {
    Fixture tree = treeWithTarget();
    Files.writeString(tree.path("gone.py"), "def find_needle_gone(): pass\n");
    Files.createSymbolicLink(tree.path("dangling.py"), tree.path("gone.py"));
    Files.delete(tree.path("gone.py"));
    assertEquals(List.of("good.py"), files(search(tree.root(), "find_needle")));
    SlicegrepException e = refused(tree.path("dangling.py"), "x", Options.defaults());
    assertTrue(e.getMessage().contains("dangling.py"), e.getMessage());
  }
}
