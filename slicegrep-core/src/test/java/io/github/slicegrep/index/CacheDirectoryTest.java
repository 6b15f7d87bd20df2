package io.github.slicegrep.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cache directory's units: a root's index, terms and vectors go together, least recently
 * used first, never the unit being written, never a live writer's temporary file.
 */
class CacheDirectoryTest {
  @TempDir Path dir;
  private long clock = System.currentTimeMillis() - TimeUnit.HOURS.toMillis(1);

  @Test
  void aRootsIndexTermsAndVectorsAreOneUnitNamedByTheRoot() throws IOException {
    Path a = Path.of("/work/a");
    write(CacheDirectory.fileName(a, "a\ntrue", ".idx"), 100);
    write(CacheDirectory.fileName(a, "a\ntrue", ".terms"), 100);
    write(CacheDirectory.fileName(a, "a\nmodel", ".vectors"), 100);
    write(CacheDirectory.fileName(Path.of("/work/b"), "b", ".idx"), 100);
    write("notes.txt", 100);
    List<CacheDirectory.Unit> units = CacheDirectory.scan(dir);
    assertEquals(2, units.size());
    assertEquals(3, units.get(1).files(), "the older unit, /work/a, holds three files");
    assertEquals(300, units.get(1).bytes());
  }

  @Test
  void evictsLeastRecentlyUsedUnitsWholeUntilUnderTheLimit() throws IOException {
    Path oldest = write(CacheDirectory.fileName(Path.of("/r/1"), "k", ".idx"), 1000);
    Path oldestTerms = write(CacheDirectory.fileName(Path.of("/r/1"), "k", ".terms"), 1000);
    Path middle = write(CacheDirectory.fileName(Path.of("/r/2"), "k", ".idx"), 1000);
    Path newest = write(CacheDirectory.fileName(Path.of("/r/3"), "k", ".idx"), 1000);
    CacheDirectory.touch(oldest); // read just now: now the most recent
    assertEquals(1, CacheDirectory.evict(dir, 3000, newest));
    assertFalse(Files.exists(middle));
    assertTrue(Files.exists(oldest) && Files.exists(oldestTerms) && Files.exists(newest));
  }

  @Test
  void neverEvictsTheUnitJustWrittenNorTemporariesOrForeignFiles() throws IOException {
    Path kept = write(CacheDirectory.fileName(Path.of("/r/1"), "k", ".idx"), 5000);
    Path other = write(CacheDirectory.fileName(Path.of("/r/2"), "k", ".idx"), 10);
    Path live = write(kept.getFileName() + ".42.abc.tmp", 5000);
    Files.setLastModifiedTime(live, FileTime.fromMillis(System.currentTimeMillis()));
    Path foreign = write("README", 5000);
    CacheDirectory.evict(dir, 0, kept);
    assertTrue(Files.exists(kept), "the unit just written stays, even over the limit");
    assertFalse(Files.exists(other));
    assertTrue(Files.exists(live) && Files.exists(foreign));
  }

  @Test
  void clearRemovesCacheFilesAndDeadTemporariesButNotLiveOnes() throws IOException {
    write(CacheDirectory.fileName(Path.of("/r/1"), "k", ".idx"), 10);
    write(CacheDirectory.fileName(Path.of("/r/1"), "k", ".terms"), 10);
    Path dead = write("x.idx.1.a.tmp", 10);
    Path live = write("x.idx.2.b.tmp", 10);
    Files.setLastModifiedTime(live, FileTime.fromMillis(System.currentTimeMillis()));
    CacheDirectory.Cleared c = CacheDirectory.clear(dir);
    assertEquals(new CacheDirectory.Cleared(3, 30, 1), c);
    assertFalse(Files.exists(dead));
    assertTrue(Files.exists(live));
    assertEquals(List.of(), CacheDirectory.scan(dir));
  }

  @Test
  void theRootIsReadFromASealedFilesHeader() throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    SealedFile.writeString(new DataOutputStream(body), "/work/a b\ntrue\nfalse\n100");
    Path f = dir.resolve("f.idx");
    Files.write(f, SealedFile.seal(
        "slicegrep-index\n".getBytes(StandardCharsets.US_ASCII), 3, body.toByteArray()));
    assertEquals("/work/a b", CacheDirectory.rootOf(f));
    Files.write(f, new byte[] {1, 2, 3});
    assertNull(CacheDirectory.rootOf(f));
  }

  @Test
  void aMissingDirectoryHoldsNothing() throws IOException {
    assertEquals(List.of(), CacheDirectory.scan(dir.resolve("none")));
    assertEquals(0, CacheDirectory.evict(dir.resolve("none"), 0, dir.resolve("none/x.idx")));
  }

  /** A file of {@code bytes} bytes, modified at a new past instant (later than the last). */
  private Path write(String name, int bytes) throws IOException {
    Path p = dir.resolve(name);
    Files.write(p, new byte[bytes]);
    clock += 1000;
    Files.setLastModifiedTime(p, FileTime.fromMillis(clock));
    return p;
  }
}
