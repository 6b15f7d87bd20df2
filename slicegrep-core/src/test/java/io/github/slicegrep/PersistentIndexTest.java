package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.index.PersistentIndex;
import io.github.slicegrep.outline.Outliners;
import io.github.slicegrep.source.FileStamp;
import io.github.slicegrep.source.SourceFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reader that starts from another process's persistent index answers exactly as a cold one:
 * on an unchanged tree, after edits, additions and deletions, and when the index file was left
 * torn or corrupt by a killed writer. Modification times are set well in the past so that the
 * index does store and trust them.
 */
class PersistentIndexTest {
  @TempDir Path tree;
  private AgedTree aged;
  @TempDir Path cache;
  private static final List<String> QUERIES =
      List.of("def alpha", "beta|gamma|zeta", "how is the alpha value returned to callers");

  @BeforeEach
  void project() throws IOException {
    aged = new AgedTree(tree);
    write("src/a.py", "def alpha():\n    return 1\n\n\nclass Holder:\n    def beta(self):\n"
        + "        return alpha()\n");
    write("src/b.py", "from a import alpha\n\ndef gamma():\n    return alpha() + 1\n");
    write("tests/test_a.py", "def test_alpha():\n    assert alpha() == 1\n");
    write("docs/notes.md", "Nothing here.\n");
    write("data.bin", "\0\0binary alpha");
  }

  @Test
  void secondProcessAnswersAsColdAndStoresTheIndex() throws IOException {
    assertAllLikeCold();
    assertEquals(1, indexFiles().size());
    assertAllLikeCold(); // now from the stored index, outlines included
  }

  @Test
  void storedOutlinesReadBackAsTheOutlinesOfTheFiles() throws IOException {
    assertAllLikeCold();
    PersistentIndex index = PersistentIndex.open(cache, new PersistentIndex.Key(
        tree.toAbsolutePath().normalize(), true, false, Options.DEFAULT_MAX_FILE_BYTES));
    int read = 0;
    for (String relative : List.of("src/a.py", "src/b.py", "tests/test_a.py")) {
      Path path = tree.resolve(relative);
      PersistentIndex.FileEntry entry = index.lookup(relative, FileStamp.read(path));
      assertNotNull(entry, relative);
      if (entry.stored() != null) {
        read++;
        SourceFile file = SourceFile.of(path, relative, Files.readString(path));
        assertEquals(Outliners.standard().outline(file).definitions(),
            entry.stored().outline().definitions(), relative);
      }
    }
    assertTrue(read >= 2, "outlines stored: " + read);
  }

  @Test
  void indexIsReallyUsedWhileStampsHold() throws IOException {
    assertAllLikeCold();
    // Rewrite a file behind the index's back: same size, same inode, same modification time.
    Path notes = tree.resolve("docs/notes.md");
    FileTime time = Files.getLastModifiedTime(notes);
    Files.writeString(notes, "alphabeta xyz\n");
    Files.setLastModifiedTime(notes, time);
    Result viaIndex = indexed().search(tree, "alphabeta", Options.defaults());
    assertFalse(viaIndex.matched(), "the filter of the unchanged stamp rules the file out");
    assertTrue(new FocusedReader().search(tree, "alphabeta", Options.defaults()).matched());
  }

  @Test
  void storedRecallTermsAreReallyUsedWhileStampsHold() throws IOException {
    String question = "how is the alpha value returned to callers";
    assertAllLikeCold(); // the question's terms are analysed and stored
    // Rewrite a file behind the index's back, same size and stamp: the scan reads the new text,
    // but a reader that trusts the stored terms scores it by the old ones.
    Path b = tree.resolve("src/b.py");
    FileTime time = Files.getLastModifiedTime(b);
    Files.writeString(b, Files.readString(b).replace("return", "yields"));
    Files.setLastModifiedTime(b, time);
    Result cold = new FocusedReader().search(tree, question, Options.defaults());
    assertNotEquals(cold, indexed().search(tree, question, Options.defaults()));
  }

  @Test
  void tornOrCorruptStoredTermsFallBackToAnalysis() throws IOException {
    assertAllLikeCold();
    Path terms;
    try (Stream<Path> s = Files.list(cache)) {
      terms = s.filter(p -> p.toString().endsWith(".terms")).findFirst().orElseThrow();
    }
    byte[] whole = Files.readAllBytes(terms);
    Files.write(terms, Arrays.copyOf(whole, whole.length / 2));
    assertAllLikeCold();
    whole[whole.length - 1] ^= 0x5A;
    Files.write(terms, whole);
    assertAllLikeCold();
  }

  @Test
  void picksUpEditedAddedAndDeletedFiles() throws IOException {
    assertAllLikeCold();
    write("src/a.py", "def alpha():\n    return 2\n\n\nclass Holder:\n    def zeta(self):\n"
        + "        return alpha()\n"); // same size, a name the old filter never saw
    assertAllLikeCold();
    write("src/c.py", "def delta():\n    return alpha() * gamma()\n");
    assertAllLikeCold();
    Files.delete(tree.resolve("src/b.py"));
    age(tree.resolve("src"));
    assertAllLikeCold();
    write(".gitignore", "tests/\n");
    assertAllLikeCold();
  }

  @Test
  void tornOrCorruptIndexFallsBackToCold() throws IOException {
    assertAllLikeCold();
    Path index = indexFiles().get(0);
    byte[] whole = Files.readAllBytes(index);

    Files.write(index, Arrays.copyOf(whole, whole.length / 2)); // writer killed
    assertAllLikeCold();

    byte[] flipped = whole.clone();
    flipped[flipped.length - 20] ^= 0x5a; // a bad sector, a stray write
    Files.write(index, flipped);
    assertAllLikeCold();

    Files.write(index, new byte[0]);
    assertAllLikeCold();
  }

  @Test
  void leftoverTemporaryFileIsIgnoredAndCleanedWhenStale() throws IOException {
    assertAllLikeCold();
    Path index = indexFiles().get(0);
    Path temp = index.resolveSibling(index.getFileName() + ".999.dead.tmp");
    Files.write(temp, Arrays.copyOfRange(Files.readAllBytes(index), 0, 100));
    Files.setLastModifiedTime(temp, FileTime.fromMillis(System.currentTimeMillis() - TimeUnit.HOURS.toMillis(3)));
    write("src/d.py", "def epsilon():\n    pass\n"); // makes the next search write
    assertAllLikeCold();
    assertFalse(Files.exists(temp));
    assertNotEquals(0, Files.size(index));
  }

  @Test
  void streamingColdSearchAnswersAsCold() throws IOException {
    for (String q : QUERIES) {
      Path fresh = Files.createTempDirectory(cache, "streaming");
      Result cold = new FocusedReader().search(tree, q, Options.defaults());
      assertEquals(cold, FocusedReader.withIndex(fresh, 1).search(tree, q, Options.defaults()), q);
      assertEquals(cold, FocusedReader.withIndex(fresh, 1).search(tree, q, Options.defaults()), q);
    }
  }

  /** Each query through a new indexed reader (a new process) equals a reader without one. */
  private void assertAllLikeCold() {
    for (String q : QUERIES) {
      Result cold = new FocusedReader().search(tree, q, Options.defaults());
      assertEquals(cold, indexed().search(tree, q, Options.defaults()), q);
    }
  }

  private FocusedReader indexed() {
    return FocusedReader.withIndex(cache);
  }

  private List<Path> indexFiles() throws IOException {
    try (Stream<Path> s = Files.list(cache)) {
      return s.filter(p -> p.toString().endsWith(".idx")).toList();
    }
  }

  private void write(String relative, String text) throws IOException {
    aged.write(relative, text);
  }

  private void age(Path p) throws IOException {
    aged.age(p);
  }
}
