package io.github.slicegrep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run that writes the class-data archive searches a second time, unseen, to train the
 * archive ({@link SlicegrepCommand#REHEARSAL_PROPERTY}): the caller sees exactly what a plain
 * run prints and gets its exit status, and the rehearsal reads the index the first search wrote.
 */
class RehearsalTest {
  @TempDir Path dir;

  record Run(int exit, String out, String err) {}

  /** {@code slicegrep --no-server} in a JVM of its own, as the launcher's writing run starts it. */
  private Run slicegrep(boolean rehearse, Path indexDir, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"),
        "-Dslicegrep.index.dir=" + indexDir));
    if (rehearse) {
      command.add("-D" + SlicegrepCommand.REHEARSAL_PROPERTY + "=true");
    }
    command.add(Main.class.getName());
    command.add("--no-server");
    command.addAll(List.of(args));
    Path out = dir.resolve("out");
    Path err = dir.resolve("err");
    Process p = new ProcessBuilder(command)
        .redirectOutput(out.toFile())
        .redirectError(err.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
        .start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the run finished");
    return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  @Test
  void aRehearsedRunPrintsAndReturnsExactlyWhatAPlainRunDoes() throws Exception {
    Path src = Files.createDirectories(dir.resolve("src"));
    Files.writeString(src.resolve("scorer.py"),
        "class Scorer:\n    def score(self, x):\n        return x * 2\n");
    Files.writeString(src.resolve("app.py"),
        "from scorer import Scorer\n\nprint(Scorer().score(3))\n");
    // Stamps an hour old: the index keeps only a listing whose files have settled.
    for (Path f : List.of(src.resolve("scorer.py"), src.resolve("app.py"), src)) {
      Files.setLastModifiedTime(f, FileTime.from(Instant.now().minusSeconds(3600)));
    }
    Run plain = slicegrep(false, dir.resolve("index-plain"), src.toString(), "class Scorer");
    Run rehearsed = slicegrep(true, dir.resolve("index-rehearsed"), src.toString(), "class Scorer");
    assertEquals(0, plain.exit(), plain.err());
    assertTrue(plain.out().contains("[scorer.py:1-3 "), plain.out());
    assertEquals(plain, rehearsed, "the rehearsal is unseen");
    try (var files = Files.list(dir.resolve("index-rehearsed"))) {
      assertTrue(files.findAny().isPresent(), "the first search wrote the index it rehearses on");
    }

    Run none = slicegrep(true, dir.resolve("index-none"), src.toString(), "no_such_name_here");
    assertEquals(1, none.exit(), "nothing matched: the caller's status, rehearsed or not");
    assertEquals(slicegrep(false, dir.resolve("index-none2"), src.toString(), "no_such_name_here"),
        none);
  }

  @Test
  void onlyASearchThatRanIsRehearsed() {
    assertTrue(SlicegrepCommand.rehearses(SlicegrepCommand.EXIT_MATCH, "src", "query"));
    assertTrue(SlicegrepCommand.rehearses(SlicegrepCommand.EXIT_NO_MATCH, "src", "query"));
    assertFalse(SlicegrepCommand.rehearses(SlicegrepCommand.EXIT_ERROR, "missing", "query"),
        "an error (a missing path, a bad option) is not worth repeating");
    assertFalse(SlicegrepCommand.rehearses(SlicegrepCommand.EXIT_MATCH, "--server", "stop"),
        "stopping the server twice would say something else the second time");
    assertFalse(SlicegrepCommand.rehearses(SlicegrepCommand.EXIT_MATCH, "--version"));
    assertFalse(SlicegrepCommand.rehearses(SlicegrepCommand.EXIT_MATCH, "--help"));
  }
}
