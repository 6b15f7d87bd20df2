package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The persistent index cache keeps to its size limit by evicting the least recently used
 * roots (reading an index is a use), and searches running beside eviction still answer as a
 * reader without any index does.
 */
class IndexCacheTest {
  private static final String LIMIT_PROPERTY = "slicegrep.index.max.bytes";
  private static final List<String> QUERIES =
      List.of("def alpha", "beta|gamma", "how is the alpha value returned to callers");
  @TempDir Path trees;
  @TempDir Path cache;

  @AfterEach
  void noLimit() {
    System.clearProperty(LIMIT_PROPERTY);
  }

  @Test
  void staysUnderItsLimitAcrossFiveHundredTrees() throws IOException {
    long limit = 64 * 1024;
    System.setProperty(LIMIT_PROPERTY, Long.toString(limit));
    Random random = new Random(22);
    Path last = null;
    for (int i = 0; i < 500; i++) {
      last = tree("t" + i, random);
      FocusedReader.withIndex(cache).search(last, QUERIES.get(i % 3), Options.defaults());
      long size = cacheBytes();
      assertTrue(size <= limit, "after tree " + i + ": " + size + " bytes over " + limit);
    }
    IndexCache.Status s = IndexCache.status(cache);
    assertTrue(s.roots().size() > 10 && s.roots().size() < 500, s.roots().size() + " roots");
    assertEquals(last, s.roots().get(0).root(), "the tree searched last is the most recent");
    assertEquals(cacheBytes(), s.totalBytes());
  }

  @Test
  void readingAnIndexMakesItRecentlyUsed() throws IOException {
    Random random = new Random(7);
    Path a = tree("a", random);
    Path b = tree("b", random);
    Path c = tree("c", random);
    long hour = TimeUnit.HOURS.toMillis(1);
    Map<Path, Set<Path>> files = new HashMap<>();
    long age = 3;
    for (Path t : List.of(a, b, c)) {
      Set<Path> before = cacheFiles();
      FocusedReader.withIndex(cache).search(t, "how is the alpha value returned", Options.defaults());
      Set<Path> mine = cacheFiles();
      mine.removeAll(before);
      for (Path f : mine) {
        Files.setLastModifiedTime(f, FileTime.fromMillis(System.currentTimeMillis() - age * hour));
      }
      age--;
      files.put(t, mine);
    }
    long unit = cacheBytes() / 3;
    System.setProperty(LIMIT_PROPERTY, Long.toString(cacheBytes() + unit / 2));
    FocusedReader.withIndex(cache).search(a, "def alpha", Options.defaults()); // a read, no write
    FocusedReader.withIndex(cache).search(tree("d", random), "def alpha", Options.defaults());
    assertTrue(files.get(a).stream().allMatch(Files::exists), "a was read last: kept");
    assertTrue(files.get(b).stream().noneMatch(Files::exists), "b was the least recently used");
    assertTrue(files.get(c).stream().allMatch(Files::exists));
  }

  @Test
  void searchesBesideEvictionAndClearingAnswerAsCold() throws Exception {
    System.setProperty(LIMIT_PROPERTY, "1");
    Random random = new Random(5);
    List<Path> roots = new ArrayList<>();
    Map<String, Result> cold = new HashMap<>();
    for (int i = 0; i < 8; i++) {
      Path t = tree("c" + i, random);
      roots.add(t);
      for (String q : QUERIES) {
        cold.put(t + "\n" + q, new FocusedReader().search(t, q, Options.defaults()));
      }
    }
    ExecutorService pool = Executors.newFixedThreadPool(5);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int thread = 0; thread < 4; thread++) {
        Random own = new Random(thread);
        done.add(pool.submit(() -> {
          for (int i = 0; i < 40; i++) {
            Path t = roots.get(own.nextInt(roots.size()));
            String q = QUERIES.get(own.nextInt(QUERIES.size()));
            assertEquals(cold.get(t + "\n" + q),
                FocusedReader.withIndex(cache).search(t, q, Options.defaults()), t + " " + q);
          }
          return null;
        }));
      }
      done.add(pool.submit(() -> {
        for (int i = 0; i < 40; i++) {
          IndexCache.status(cache);
          if (i % 8 == 7) {
            IndexCache.clear(cache);
          }
          Thread.sleep(5);
        }
        return null;
      }));
      for (Future<?> f : done) {
        f.get(2, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }
    assertTrue(IndexCache.status(cache).roots().size() <= 1, "a limit of 1 byte keeps one root");
  }

  @Test
  void clearEmptiesTheCacheAndTheNextSearchRunsCold() throws IOException {
    Path t = tree("x", new Random(3));
    Result cold = new FocusedReader().search(t, "def alpha", Options.defaults());
    FocusedReader.withIndex(cache).search(t, "def alpha", Options.defaults());
    IndexCache.Status s = IndexCache.status(cache);
    assertEquals(1, s.roots().size());
    assertEquals(t, s.roots().get(0).root());
    assertEquals(IndexCache.DEFAULT_LIMIT_BYTES, s.limitBytes());
    IndexCache.Cleared c = IndexCache.clear(cache);
    assertEquals(s.totalBytes(), c.bytes());
    assertFalse(cacheBytes() > 0);
    assertEquals(cold, FocusedReader.withIndex(cache).search(t, "def alpha", Options.defaults()));
  }

  /** A small tree with settled stamps: definitions and callers under seeded names. */
  private Path tree(String name, Random random) throws IOException {
    Path root = trees.resolve(name);
    AgedTree aged = new AgedTree(root);
    String v = Integer.toString(random.nextInt(1000));
    aged.write("src/a.py", "def alpha():\n    return " + v + "\n\n\nclass Holder:\n"
        + "    def beta(self):\n        return alpha()\n");
    aged.write("src/b.py", "from a import alpha\n\ndef gamma" + v + "():\n    return alpha() + 1\n");
    aged.write("tests/test_a.py", "def test_alpha():\n    assert alpha() == " + v + "\n");
    return root;
  }

  private Set<Path> cacheFiles() throws IOException {
    try (Stream<Path> s = Files.list(cache)) {
      return s.filter(p -> !p.toString().endsWith(".tmp")).collect(Collectors.toSet());
    }
  }

  private long cacheBytes() throws IOException {
    long total = 0;
    for (Path p : cacheFiles()) {
      total += Files.size(p);
    }
    return total;
  }
}
