package io.github.slicegrep.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.slicegrep.Fixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceTreeTest {
  @TempDir Path dir;

  private List<String> listed(Path root, boolean recursive) throws IOException {
    return SourceTree.list(root, recursive).stream()
        .map(p -> root.relativize(p).toString().replace('\\', '/'))
        .sorted()
        .toList();
  }

  @Test
  void honoursNestedGitignoreWithNegation() throws IOException {
    Fixture.in(dir)
        .file(".gitignore", "*.log\nbuild-out/\n")
        .file("app.py", "x")
        .file("debug.log", "x")
        .file("build-out/gen.py", "x")
        .file("pkg/.gitignore", "*.tmp\n!keep.log\n")
        .file("pkg/keep.log", "x")
        .file("pkg/other.log", "x")
        .file("pkg/scratch.tmp", "x")
        .file("pkg/mod.py", "x");
    assertEquals(
        List.of(".gitignore", "app.py", "pkg/.gitignore", "pkg/keep.log", "pkg/mod.py"),
        listed(dir, true));
  }

  @Test
  void appliesGitignoreOfEnclosingRepositoryToASubdirectorySearch() throws IOException {
    Fixture.in(dir)
        .file(".git/HEAD", "ref: refs/heads/main\n")
        .file(".gitignore", "*.gen.py\n")
        .file("src/a.py", "x")
        .file("src/b.gen.py", "x");
    assertEquals(List.of("a.py"), listed(dir.resolve("src"), true));
  }

  @Test
  void skipsVcsDependencyAndBuildDirectoriesButNotLookalikes() throws IOException {
    Fixture.in(dir)
        .file(".git/config", "x")
        .file(".github/workflows/ci.yml", "x")
        .file("node_modules/lib/index.js", "x")
        .file("target/classes/A.class", "x")
        .file("__pycache__/m.pyc", "x")
        .file("distance.py", "x")
        .file("targets/t.py", "x");
    assertEquals(
        List.of(".github/workflows/ci.yml", "distance.py", "targets/t.py"), listed(dir, true));
  }

  @Test
  void nonRecursiveListsOnlyTheDirectorysOwnFiles() throws IOException {
    Fixture.in(dir).file("top.py", "x").file("sub/inner.py", "x");
    assertEquals(List.of("top.py"), listed(dir, false));
  }

  @Test
  void symlinkLoopsAreVisitedOnce() throws IOException {
    Fixture.in(dir).file("a/code.py", "x");
    Files.createSymbolicLink(dir.resolve("a/loop"), dir);
    Files.createSymbolicLink(dir.resolve("a/self"), dir.resolve("a"));
    assertTimeoutPreemptively(
        Duration.ofSeconds(10), () -> assertEquals(List.of("a/code.py"), listed(dir, true)));
  }

  @Test
  void readerSkipsBinaryOversizedAndSpecialFiles() throws Exception {
    Fixture.in(dir)
        .bytes("img.png", new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 0, 1})
        .file("big.txt", "x".repeat(2000))
        .file("ok.txt", "fine\r\nsecond");
    assertEquals(
        SourceReader.Skip.BINARY,
        ((SourceReader.Skipped) SourceReader.read(dir.resolve("img.png"), "img.png", 1000))
            .reason());
    assertEquals(
        SourceReader.Skip.TOO_LARGE,
        ((SourceReader.Skipped) SourceReader.read(dir.resolve("big.txt"), "big.txt", 1000))
            .reason());
    assertEquals(
        SourceReader.Skip.MISSING,
        ((SourceReader.Skipped) SourceReader.read(dir.resolve("none.txt"), "none.txt", 1000))
            .reason());
    SourceFile ok =
        ((SourceReader.Loaded) SourceReader.read(dir.resolve("ok.txt"), "ok.txt", 1000)).file();
    assertEquals(List.of("fine", "second"), ok.lines());
    Path fifo = dir.resolve("pipe");
    Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
    if (mk.waitFor() == 0) {
      assertTimeoutPreemptively(
          Duration.ofSeconds(10),
          () ->
              assertEquals(
                  SourceReader.Skip.NOT_REGULAR,
                  ((SourceReader.Skipped) SourceReader.read(fifo, "pipe", 1000)).reason()));
      assertEquals(List.of("big.txt", "img.png", "ok.txt"), listed(dir, true));
    }
  }
}
