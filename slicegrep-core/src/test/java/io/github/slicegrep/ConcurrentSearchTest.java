package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One {@link FocusedReader} shared by 8 searching threads while another thread rewrites, deletes
 * and recreates files (in place and by atomic rename): no exception escapes, no chunk mixes two
 * versions of a file, and once the edits stop the shared reader answers exactly as a fresh one.
 * Every line of a file version carries that version's generation mark, so a torn chunk shows.
 * Rounds: {@code -Dslicegrep.concurrency.rounds=N} (default 25 per thread), seed
 * {@code -Dslicegrep.concurrency.seed=S} (default 5).
 */
class ConcurrentSearchTest {
  private static final int THREADS = 8;
  private static final int ROUNDS = Integer.getInteger("slicegrep.concurrency.rounds", 25);
  private static final long SEED = Long.getLong("slicegrep.concurrency.seed", 5L);
  private static final int FILES = 24;
  private static final Pattern GEN = Pattern.compile("gen(\\d+)x");
  private static final String[] QUERIES = {
    "needle", "def compute_\\d+|needle", "class Holder", "value_3|value_7", "compute_1", "gen1"
  };

  @TempDir Path dir;

  private static String version(int file, int gen, Random rnd) {
    StringBuilder sb = new StringBuilder();
    String mark = "gen" + gen + "x";
    sb.append("class Holder").append(file).append(":  # ").append(mark).append('\n');
    int defs = 2 + rnd.nextInt(5);
    for (int d = 0; d < defs; d++) {
      sb.append("    def compute_").append(d).append("(self):  # ").append(mark).append('\n');
      int body = 1 + rnd.nextInt(8);
      for (int b = 0; b < body; b++) {
        sb.append("        value_").append(b).append(" = ")
            .append(rnd.nextInt(3) == 0 ? "needle" : "hay").append("(").append(b)
            .append(")  # ").append(mark).append('\n');
      }
      sb.append("        return value_0  # ").append(mark).append('\n');
    }
    return sb.toString();
  }

  @Test
  void sharedReaderSurvivesEditsWithoutTornChunksAndEndsEqualToAColdReader() throws Exception {
    survivesEdits(new FocusedReader());
  }

  /**
   * The same with a watching reader: in-place edits keep its watch (and are seen through it),
   * renames and deletions end it, and it is started again in the background meanwhile.
   */
  @Test
  void watchingReaderSurvivesEditsWithoutTornChunksAndEndsEqualToAColdReader() throws Exception {
    try (FocusedReader watching = FocusedReader.watching()) {
      survivesEdits(watching);
    }
  }

  private void survivesEdits(FocusedReader shared) throws Exception {
    Random setup = new Random(SEED);
    for (int f = 0; f < FILES; f++) {
      Files.createDirectories(dir.resolve("pkg" + f % 4));
      Files.writeString(dir.resolve("pkg" + f % 4 + "/m" + f + ".py"), version(f, 0, setup));
    }
    AtomicBoolean editing = new AtomicBoolean(true);
    AtomicInteger edits = new AtomicInteger();
    ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
    ExecutorService pool = Executors.newFixedThreadPool(THREADS + 1);
    CountDownLatch start = new CountDownLatch(1);
    try {
      Future<?> editor = pool.submit(() -> {
        Random rnd = new Random(SEED * 31 + 1);
        start.await();
        int gen = 1;
        while (editing.get()) {
          int f = rnd.nextInt(FILES);
          Path p = dir.resolve("pkg" + f % 4 + "/m" + f + ".py");
          String text = version(f, gen++, rnd);
          switch (rnd.nextInt(4)) {
            case 0 -> Files.writeString(p, text);
            case 1 -> {
              Path tmp = p.resolveSibling(".m" + f + ".tmp");
              Files.writeString(tmp, text);
              Files.move(tmp, p, StandardCopyOption.REPLACE_EXISTING,
                  StandardCopyOption.ATOMIC_MOVE);
            }
            case 2 -> {
              Files.deleteIfExists(p);
              Thread.onSpinWait();
              Files.writeString(p, text);
            }
            default -> Files.writeString(p, text.substring(0, text.length() / 2));
          }
          edits.incrementAndGet();
          Thread.sleep(rnd.nextInt(3));
        }
        return null;
      });
      List<Future<?>> searchers = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        searchers.add(pool.submit(() -> {
          Random rnd = new Random(SEED * 1000 + thread);
          start.await();
          for (int round = 0; round < ROUNDS; round++) {
            String q = QUERIES[rnd.nextInt(QUERIES.length)];
            Options o = Options.defaults().withBudget(rnd.nextInt(3) * 600)
                .withBoundary(Boundary.values()[rnd.nextInt(3)]);
            Path target = rnd.nextInt(4) == 0 ? dir.resolve("pkg" + rnd.nextInt(4)) : dir;
            Result r;
            try {
              r = shared.search(target, q, o);
            } catch (RuntimeException e) {
              problems.add("thread " + thread + " round " + round + " " + q + ": " + e);
              continue;
            }
            for (Chunk c : r.chunks()) {
              Matcher m = GEN.matcher(c.code());
              String first = null;
              while (m.find()) {
                if (first == null) {
                  first = m.group(1);
                } else if (!first.equals(m.group(1))) {
                  problems.add("torn chunk " + c.file() + ":" + c.lineStart() + "-"
                      + c.lineEnd() + " mixes gen" + first + " and gen" + m.group(1));
                  break;
                }
              }
              if (c.lineEnd() - c.lineStart() + 1 != c.code().split("\n", -1).length) {
                problems.add("chunk " + c.file() + ":" + c.lineStart() + "-" + c.lineEnd()
                    + " has " + c.code().split("\n", -1).length + " lines");
              }
            }
          }
          return null;
        }));
      }
      start.countDown();
      assertTimeoutPreemptively(Duration.ofSeconds(240), () -> {
        for (Future<?> s : searchers) {
          s.get();
        }
      }, "searches did not finish");
      editing.set(false);
      editor.get(30, TimeUnit.SECONDS);
    } finally {
      editing.set(false);
      pool.shutdownNow();
    }
    assertTrue(problems.isEmpty(), "seed " + SEED + ": " + problems);
    assertTrue(edits.get() > 0, "the editor never ran");
    // Edits have stopped: a warm shared reader and a cold one must now agree exactly.
    for (String q : QUERIES) {
      for (Boundary b : Boundary.values()) {
        Options o = Options.defaults().withBoundary(b).withBudget(1200);
        Result warm = shared.search(dir, q, o);
        Result cold = new FocusedReader().search(dir, q, o);
        assertEquals(cold.toJson(), warm.toJson(), "seed " + SEED + " query " + q + " " + b
            + " after " + edits.get() + " edits");
      }
    }
  }
}
