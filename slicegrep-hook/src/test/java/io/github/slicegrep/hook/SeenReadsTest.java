package io.github.slicegrep.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SeenReadsTest {
  @TempDir Path dir;

  @Test
  void remembersPerSession() throws IOException {
    SeenReads seen = new SeenReads(dir.resolve("state"));
    assertFalse(seen.seen("s1", "/w/a.py"));
    seen.record("s1", "/w/a.py");
    assertTrue(seen.seen("s1", "/w/a.py"));
    assertFalse(seen.seen("s2", "/w/a.py"));
    assertFalse(seen.seen("s1", "/w/b.py"));
  }

  /**
   * The resident server records for parallel Reads of one session in one process, where a file
   * lock taken twice throws instead of waiting: every record must still land.
   */
  @Test
  void recordsFromManyThreadsOfOneProcessAllLand() throws Exception {
    SeenReads seen = new SeenReads(dir.resolve("state"));
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8);
    try {
      List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int thread = t;
        done.add(pool.submit(() -> {
          for (int i = 0; i < 25; i++) {
            seen.record("parallel", "/w/t" + thread + "-" + i + ".py");
          }
          return null;
        }));
      }
      for (java.util.concurrent.Future<?> f : done) {
        f.get(120, java.util.concurrent.TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    for (int t = 0; t < 8; t++) {
      for (int i = 0; i < 25; i++) {
        assertTrue(seen.seen("parallel", "/w/t" + t + "-" + i + ".py"), t + "-" + i);
      }
    }
  }

  @Test
  void forgetsTheLeastRecentlyReplacedPathsOfASession() throws IOException {
    SeenReads seen = new SeenReads(dir);
    seen.record("s", "/w/first.py");
    for (int i = 0; i < SeenReads.MAX_PATHS_PER_SESSION - 1; i++) {
      seen.record("s", "/w/f" + i + ".py");
    }
    seen.record("s", "/w/first.py"); // touched again: now the most recent
    seen.record("s", "/w/last.py");
    assertTrue(seen.seen("s", "/w/first.py"));
    assertTrue(seen.seen("s", "/w/last.py"));
    assertFalse(seen.seen("s", "/w/f0.py"));
    assertEquals(SeenReads.MAX_PATHS_PER_SESSION, Files.readAllLines(seen.file("s")).size());
  }

  /** A run killed between writing its temporary file and moving it leaves the file behind. */
  @Test
  void temporaryFilesLeftByAKilledRunAreDeletedOnceStale() throws IOException {
    SeenReads seen = new SeenReads(dir);
    seen.record("s", "/w/a.py");
    Path stale = Files.createTempFile(dir, "s.seen", ".tmp");
    Path fresh = Files.createTempFile(dir, "t.seen", ".tmp");
    Files.setLastModifiedTime(stale, FileTime.from(
        java.time.Instant.now().minus(SeenReads.STALE_TEMPORARY).minusSeconds(1)));
    seen.record("s", "/w/b.py");
    assertFalse(Files.exists(stale), "stale temporary file kept");
    assertTrue(Files.exists(fresh), "a live run's temporary file must not be touched");
    assertTrue(seen.seen("s", "/w/a.py") && seen.seen("s", "/w/b.py"));
  }

  @Test
  void dropsTheOldestSessionsAndLeavesNoTemporaryFiles() throws IOException {
    SeenReads seen = new SeenReads(dir);
    for (int i = 0; i < SeenReads.MAX_SESSIONS; i++) {
      seen.record("old" + i, "/w/a.py");
      Files.setLastModifiedTime(seen.file("old" + i), FileTime.fromMillis(1_000_000L + i));
    }
    seen.record("new", "/w/a.py");
    assertTrue(seen.seen("new", "/w/a.py"));
    assertFalse(seen.seen("old0", "/w/a.py"));
    assertTrue(seen.seen("old1", "/w/a.py"));
    try (Stream<Path> files = Files.list(dir)) {
      List<String> names = files.map(p -> p.getFileName().toString()).toList();
      assertEquals(SeenReads.MAX_SESSIONS, names.stream().filter(n -> n.endsWith(".seen")).count());
      assertTrue(names.stream().noneMatch(n -> n.endsWith(".tmp")), names.toString());
    }
  }

  @Test
  void oddSessionIdsAreHashedIntoSafeFileNames() throws IOException {
    SeenReads seen = new SeenReads(dir);
    seen.record("../../etc/passwd", "/w/a.py");
    assertTrue(seen.seen("../../etc/passwd", "/w/a.py"));
    assertEquals(dir, seen.file("../../etc/passwd").getParent());
    assertTrue(seen.file("../../etc/passwd").getFileName().toString().matches("[0-9a-f]{64}\\.seen"));
  }

  @Test
  void anUnwritableStateDirectoryIsAnErrorForTheCaller() throws IOException {
    Path notADir = Files.writeString(dir.resolve("file"), "x");
    SeenReads seen = new SeenReads(notADir.resolve("state"));
    assertThrows(IOException.class, () -> seen.record("s", "/w/a.py"));
    assertFalse(seen.seen("s", "/w/a.py"));
  }
}
