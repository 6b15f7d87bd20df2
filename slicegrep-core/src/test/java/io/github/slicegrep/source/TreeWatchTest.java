package io.github.slicegrep.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.slicegrep.Fixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A watch reports every in-place edit made before a look (however shortly before), keeps
 * reporting it, and gives up (null) on anything that is not an edit of a listed file: then the
 * caller stats every file again, so giving up is always safe and missing a change never is.
 */
class TreeWatchTest {
  @TempDir Path dir;
  private Path root;
  private TreeWatch watch;

  @BeforeEach
  void tree() throws IOException {
    root = dir.resolve("repo").toAbsolutePath().normalize();
    Fixture.in(root)
        .file(".gitignore", "*.log\n")
        .file("a.py", "alpha\n")
        .file("pkg/b.py", "beta\n")
        .file("pkg/deep/c.py", "gamma\n");
    assumeTrue(TreeWatch.supported(root), "no inotify on a local file system here");
  }

  @AfterEach
  void close() {
    if (watch != null) {
      watch.close();
    }
  }

  private TreeWatch start() throws IOException {
    watch = TreeWatch.start(root, SourceTree.walk(root, true, false));
    assertNotNull(watch);
    return watch;
  }

  @Test
  void reportsEveryEditMadeBeforeTheLookAndKeepsReportingIt() throws IOException {
    TreeWatch w = start();
    assertEquals(Set.of(), w.changedFiles());
    for (int i = 0; i < 50; i++) {
      Files.writeString(root.resolve("pkg/deep/c.py"), "gamma " + i + "\n");
      assertEquals(Set.of(root.resolve("pkg/deep/c.py")), w.changedFiles(), "round " + i);
    }
    Files.writeString(root.resolve("a.py"), "alpha again\n");
    assertEquals(Set.of(root.resolve("a.py"), root.resolve("pkg/deep/c.py")), w.changedFiles());
  }

  /**
   * Each edited file is new to the watch, so each look must report it then and there: the
   * watch service keeps events per directory, and the sentinel's directory may be queued
   * ahead of the edited one (by the previous sentinel's removal) though its event came later.
   */
  @Test
  void reportsTheFirstEditOfEachFileAtTheNextLook() throws IOException {
    Fixture tree = Fixture.in(root);
    for (int i = 0; i < 60; i++) {
      tree.file("one/f" + i + ".py", "x\n").file("two/f" + i + ".py", "x\n");
    }
    TreeWatch w = start();
    for (int i = 0; i < 120; i++) {
      Path file = root.resolve((i % 2 == 0 ? "one/f" : "two/f") + i / 2 + ".py");
      Files.writeString(file, "edited\n");
      Set<Path> changed = w.changedFiles();
      assertNotNull(changed);
      assertTrue(changed.contains(file), "look " + i + " missed " + file);
    }
  }

  @Test
  void givesUpOnAnythingButAnEdit() throws IOException {
    TreeWatch w = start();
    Files.writeString(root.resolve("pkg/new.py"), "new\n");
    assertNull(w.changedFiles(), "a created file changes the listing");
    assertNull(w.changedFiles(), "and the watch stays given up");

    start();
    Files.delete(root.resolve("pkg/b.py"));
    assertNull(watch.changedFiles(), "a deleted file");

    start();
    Files.writeString(root.resolve(".gitignore"), "*.tmp\n");
    assertNull(watch.changedFiles(), "an edited ignore file changes what is listed");

    start();
    Files.move(root.resolve("pkg/deep"), root.resolve("pkg/moved"));
    assertNull(watch.changedFiles(), "a renamed directory");
  }

  @Test
  void givesUpWhenWhatTheListingDependsOnAboveTheRootChanges() throws IOException {
    TreeWatch w = start();
    Files.createDirectories(dir.resolve(".git"));
    assertNull(w.changedFiles(), "a repository appearing above the root brings its rules");
  }

  @Test
  void givesUpWhenTheRootIsRenamedAwayAndReplaced() throws IOException {
    TreeWatch w = start();
    Files.move(root, dir.resolve("old-repo"));
    Fixture.in(root).file("a.py", "other\n");
    assertNull(w.changedFiles(), "the watch still sees the old directory, not this one");
  }

  @Test
  void aSymlinkedFileIsNotCovered() throws IOException {
    Path outside = Files.writeString(dir.resolve("outside.py"), "delta\n");
    Files.createSymbolicLink(root.resolve("link.py"), outside);
    TreeWatch w = start();
    assertFalse(w.covers(root.resolve("link.py")), "its target's edits are not seen here");
    assertTrue(w.covers(root.resolve("a.py")));
  }

  @Test
  void takesAtMostAQuarterOfTheUsersWatches() throws IOException {
    Path limit = Path.of("/proc/sys/fs/inotify/max_user_watches");
    assumeTrue(Files.isReadable(limit), "no inotify limit to read");
    long max = Long.parseLong(Files.readAllLines(limit).get(0).trim());
    assertEquals(max / 4, TreeWatch.watchBudget());
  }

  @Test
  void aClosedWatchTellsNothing() throws IOException {
    TreeWatch w = start();
    w.close();
    assertNull(w.changedFiles());
    try (var left = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      assertTrue(left.noneMatch(p -> p.equals(w.sentinelDirectory())), "sentinel removed");
    }
  }
}
