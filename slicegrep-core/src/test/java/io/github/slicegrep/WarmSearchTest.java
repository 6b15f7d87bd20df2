package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.slicegrep.source.TreeWatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reader that keeps its listing and files between searches answers exactly as a fresh one
 * after files are edited (same size), added, deleted, or hidden by a new ignore rule. Every
 * modification time is set well in the past first, so the reader does trust and reuse what it
 * cached, and each change must be noticed through a changed stamp.
 */
class WarmSearchTest {
  @TempDir Path dir;
  private AgedTree aged;

  @Test
  void warmReaderSeesEditsAdditionsDeletionsAndIgnoreRules() throws IOException {
    seesEditsAdditionsDeletionsAndIgnoreRules(new FocusedReader(), false);
  }

  @Test
  void watchingReaderSeesEditsAdditionsDeletionsAndIgnoreRules() throws IOException {
    try (FocusedReader watching = FocusedReader.watching()) {
      seesEditsAdditionsDeletionsAndIgnoreRules(watching, true);
    }
  }

  private void seesEditsAdditionsDeletionsAndIgnoreRules(FocusedReader warm, boolean watched)
      throws IOException {
    aged = new AgedTree(dir);
    write("src/a.py", "def alpha():\n    return 1\n");
    write("src/b.py", "def beta():\n    return alpha()\n");
    write("docs/notes.md", "alpha notes\n");
    String query = "alpha|beta|gamma";
    assertSame(warm, query);
    if (watched) {
      warm.awaitWatchStarts(); // each change below then ends the watch, and the next starts one
    }

    write("src/a.py", "def gamma():\n    return 1\n"); // same size, new content
    assertSame(warm, query);

    write("src/deep/c.py", "def alpha_again():\n    pass\n");
    assertSame(warm, query);

    Files.delete(dir.resolve("src/b.py"));
    age(dir.resolve("src"));
    assertSame(warm, query);

    write(".gitignore", "docs/\n");
    assertSame(warm, query);

    write(".gitignore", "deep/\n"); // same size, other rule
    assertSame(warm, query);
  }

  /**
   * Searched again, a reader watches the tree and stats only what the watch reports changed:
   * an edit made just before a search (its time may or may not have settled) is still seen,
   * round after round, and so is every file the watch cannot vouch for.
   */
  @Test
  void watchedReaderSeesEditsMadeJustBeforeEachSearch() throws IOException {
    aged = new AgedTree(dir);
    write("src/a.py", "def alpha():\n    return 0\n");
    write("src/b.py", "def beta():\n    return alpha()\n");
    try (FocusedReader warm = FocusedReader.watching()) {
      String query = "alpha|return";
      startWatching(warm, query);
      for (int round = 1; round <= 30; round++) {
        Path a = dir.resolve("src/a.py");
        Files.writeString(a, "def alpha():\n    return " + round + "\n");
        if (round % 2 == 0) {
          age(a); // settled, so this version is cached and the next edit must evict it
        }
        Result warmResult = warm.search(dir, query, Options.defaults());
        assertEquals(new FocusedReader().search(dir, query, Options.defaults()), warmResult);
        String shown = warmResult.render();
        assertTrue(
            shown.contains("return " + round + "\n"), "round " + round + ": " + shown);
      }
      assertTrue(warm.watching(dir), "edits alone keep the watch");
    }
  }

  /**
   * A file edited for the first time since the watch started, just before a search, is in that
   * search's result: nothing vouched for it before, so the look must report it then and there.
   */
  @Test
  void watchedReaderSeesAFilesFirstEditMadeJustBeforeASearch() throws IOException {
    aged = new AgedTree(dir);
    int files = 20;
    for (int i = 0; i < files; i++) {
      write("src/m" + i + ".py", "def delta" + i + "():\n    return 0\n");
    }
    try (FocusedReader warm = FocusedReader.watching()) {
      String query = "delta|return";
      startWatching(warm, query);
      warm.search(dir, query, Options.defaults()); // read under the watch, kept as a snapshot
      for (int i = 0; i < files; i++) {
        Files.writeString(
            dir.resolve("src/m" + i + ".py"),
            "def delta" + i + "():\n    return " + (i + 100) + "\n");
        Result warmResult = warm.search(dir, query, Options.defaults().withBudget(100_000));
        assertTrue(warmResult.render().contains("return " + (i + 100) + "\n"), "file " + i);
      }
      assertTrue(warm.watching(dir), "edits alone keep the watch");
    }
  }

  /**
   * A watching reader takes an unedited tree as it read it last, but a file the watch cannot
   * vouch for (a link: the watch sees its target's directory, not the link's) is looked at
   * again on every search, and so is every file modified since the watch started.
   */
  @Test
  void watchedReaderLooksAgainAtLinkedAndEditedFilesOnEverySearch() throws IOException {
    aged = new AgedTree(dir);
    write("lib/real.py", "def gamma():\n    return 0\n");
    write("src/b.py", "def beta():\n    return gamma()\n");
    Files.createSymbolicLink(dir.resolve("src/link.py"), Path.of("../lib/real.py"));
    age(dir.resolve("src"));
    age(dir);
    try (FocusedReader warm = FocusedReader.watching()) {
      String query = "gamma|return";
      startWatching(warm, query);
      for (int round = 1; round <= 10; round++) {
        Path real = dir.resolve("lib/real.py");
        Files.writeString(real, "def gamma():\n    return " + round + " + " + round + "\n");
        if (round % 2 == 0) {
          age(real);
        }
        for (int again = 0; again < 3; again++) {
          Result warmResult = warm.search(dir, query, Options.defaults());
          assertEquals(new FocusedReader().search(dir, query, Options.defaults()), warmResult);
          assertTrue(warmResult.render().contains("return " + round + " + " + round),
              "round " + round);
        }
      }
    }
  }

  /**
   * Two searches, each the same as a fresh reader's; the second starts the watch, in the
   * background, which this waits for (the test is skipped where there is no inotify).
   */
  private void startWatching(FocusedReader warm, String query) {
    assertSame(warm, query);
    warm.awaitWatchStarts();
    assumeTrue(TreeWatch.supported(dir), "no inotify on a local file system here");
    assertTrue(warm.watching(dir));
  }

  private void assertSame(FocusedReader warm, String query) {
    Result fresh = new FocusedReader().search(dir, query, Options.defaults());
    assertEquals(fresh, warm.search(dir, query, Options.defaults()));
    assertEquals(fresh, warm.search(dir, query, Options.defaults()));
  }

  private void write(String relative, String text) throws IOException {
    aged.write(relative, text);
  }

  private void age(Path p) throws IOException {
    aged.age(p);
  }
}
