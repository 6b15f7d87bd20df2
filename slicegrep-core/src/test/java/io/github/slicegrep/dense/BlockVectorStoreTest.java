package io.github.slicegrep.dense;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.index.IndexLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BlockVectorStoreTest {
  @TempDir Path dir;
  private final Path root = Path.of("/some/root");
  private final BlockVectorStore.FileKey key = BlockVectorStore.FileKey.of(12, 345, "a\nb");
  private final List<BlockVectorStore.BlockVector> blocks = List.of(
      new BlockVectorStore.BlockVector(1, 10, new float[] {0.5f, -1f, 2f}),
      new BlockVectorStore.BlockVector(11, 20, new float[] {0f, 0.25f, 1e-7f}));

  private BlockVectorStore written() {
    BlockVectorStore s = BlockVectorStore.open(dir, root, "model-a", 3);
    s.put("src/a.py", key, blocks);
    s.saveIfChanged(IndexLocation.DEFAULT_LIMIT_BYTES);
    return s;
  }

  @Test
  void roundTripsThroughTheFile() {
    written();
    BlockVectorStore again = BlockVectorStore.open(dir, root, "model-a", 3);
    List<BlockVectorStore.BlockVector> read = again.lookup("src/a.py", key);
    assertNotNull(read);
    assertEquals(2, read.size());
    for (int i = 0; i < 2; i++) {
      assertEquals(blocks.get(i).startLine(), read.get(i).startLine());
      assertEquals(blocks.get(i).endLine(), read.get(i).endLine());
      assertArrayEquals(blocks.get(i).vector(), read.get(i).vector());
    }
  }

  @Test
  void anotherStampOrTextIsStale() {
    written();
    BlockVectorStore again = BlockVectorStore.open(dir, root, "model-a", 3);
    assertNull(again.lookup("src/a.py", BlockVectorStore.FileKey.of(12, 346, "a\nb")));
    assertNull(again.lookup("src/a.py", BlockVectorStore.FileKey.of(12, 345, "a\nc")));
    assertNull(again.lookup("src/b.py", key));
  }

  @Test
  void anotherModelOrRootSeesNothing() {
    written();
    assertEquals(0, BlockVectorStore.open(dir, root, "model-b", 3).size());
    assertEquals(0, BlockVectorStore.open(dir, Path.of("/other"), "model-a", 3).size());
    assertEquals(0, BlockVectorStore.open(dir, root, "model-a", 4).size());
  }

  @Test
  void tornOrCorruptFilesAreIgnoredAndRewritten() throws Exception {
    Path file = written().file();
    byte[] whole = Files.readAllBytes(file);
    for (int cut : new int[] {0, 5, whole.length / 2, whole.length - 1}) {
      Files.write(file, Arrays.copyOf(whole, cut));
      assertEquals(0, BlockVectorStore.open(dir, root, "model-a", 3).size(), "cut at " + cut);
    }
    byte[] flipped = whole.clone();
    flipped[flipped.length - 3] ^= 0x40;
    Files.write(file, flipped);
    BlockVectorStore reopened = BlockVectorStore.open(dir, root, "model-a", 3);
    assertEquals(0, reopened.size());
    reopened.put("src/a.py", key, blocks);
    reopened.saveIfChanged(IndexLocation.DEFAULT_LIMIT_BYTES);
    assertArrayEquals(whole, Files.readAllBytes(file));
  }

  @Test
  void foreignFileIsIgnored() throws Exception {
    Path file = written().file();
    Files.writeString(file, "not a vector store at all, just some text in its place\n");
    assertEquals(0, BlockVectorStore.open(dir, root, "model-a", 3).size());
  }

  @Test
  void nothingNewWritesNothing() throws Exception {
    Path file = written().file();
    long before = Files.getLastModifiedTime(file).toMillis();
    Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(before - 60_000));
    BlockVectorStore again = BlockVectorStore.open(dir, root, "model-a", 3);
    again.saveIfChanged(IndexLocation.DEFAULT_LIMIT_BYTES);
    assertEquals(before - 60_000, Files.getLastModifiedTime(file).toMillis());
    try (var s = Files.list(dir)) {
      assertTrue(s.allMatch(p -> p.equals(file)), "no temporary file is left behind");
    }
  }

  @Test
  void refusesVectorsOfTheWrongSize() {
    BlockVectorStore s = BlockVectorStore.open(dir, root, "model-a", 3);
    assertThrows(IllegalArgumentException.class, () -> s.put("x", key,
        List.of(new BlockVectorStore.BlockVector(1, 2, new float[2]))));
  }
}
