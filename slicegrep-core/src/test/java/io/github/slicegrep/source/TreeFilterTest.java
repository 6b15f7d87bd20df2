package io.github.slicegrep.source;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A tree filter never rules a file out for a literal the file holds (whatever the sizes of the
 * files' own filters and of the tree's buckets), and it does rule most files out for a literal
 * none of them holds.
 */
class TreeFilterTest {
  private static final String LETTERS = "abcdefghijklmnopqrstuvwxyz_0123456789 (){}.\n";

  @Test
  void neverRulesOutAFileThatHoldsTheLiteral() {
    for (long seed = 1; seed <= 6; seed++) {
      Random random = new Random(seed);
      // Up to 9,000 files: past 8,192 the tree takes fewer buckets, to stay within its bits.
      int count = seed == 6 ? 9_000 : 1 + random.nextInt(300);
      List<SourceFile> files = new ArrayList<>();
      for (int k = 0; k < count; k++) {
        // From a few characters (the smallest filter) to 200,000 (the largest).
        int length = random.nextInt(200) == 0 ? random.nextInt(200_000) : random.nextInt(2_000);
        files.add(file(k, text(random, length)));
      }
      TreeFilter.Fit filter = Objects.requireNonNull(TreeFilter.of(files)).fit(files);
      for (int probe = 0; probe < 60; probe++) {
        String text = files.get(random.nextInt(count)).folded().text();
        int start = text.isEmpty() ? 0 : random.nextInt(text.length());
        String literal =
            text.substring(start, Math.min(text.length(), start + 2 + random.nextInt(12)));
        long[] may = filter.mayContain(literal);
        for (int i = 0; i < count; i++) {
          if (files.get(i).folded().text().contains(literal)) {
            assertTrue(TreeFilter.isSet(may, i),
                "seed " + seed + ": file " + i + " holds '" + literal + "'");
          }
        }
      }
    }
  }

  @Test
  void rulesOutMostFilesForALiteralNoneHolds() {
    Random random = new Random(21);
    List<SourceFile> files = new ArrayList<>();
    for (int k = 0; k < 500; k++) {
      files.add(file(k, text(random, 2_000)));
    }
    long[] may = Objects.requireNonNull(TreeFilter.of(files)).fit(files).mayContain("zqxjvw_kqzxj");
    int passed = 0;
    for (long w : may) {
      passed += Long.bitCount(w);
    }
    assertTrue(passed < 50, passed + " of 500 files passed");
  }

  @Test
  void answersOnlyForTheFilesItWasBuiltFrom() {
    List<SourceFile> files = new ArrayList<>();
    for (int k = 0; k < 70; k++) {
      files.add(file(k, "alpha " + k));
    }
    TreeFilter filter = Objects.requireNonNull(TreeFilter.of(files));
    List<SourceFile> later = new ArrayList<>(files);
    later.set(3, file(3, "beta"));
    later.set(66, file(66, "gamma"));
    TreeFilter.Fit fit = filter.fit(later);
    assertEquals(68, fit.answered());
    assertFalse(fit.answersFor(3));
    assertFalse(fit.answersFor(66));
    // A file without a filter yet is never ruled out.
    SourceFile unread = SourceFile.of(Path.of("u.py"), "u.py", "delta");
    long[] may =
        Objects.requireNonNull(TreeFilter.of(List.of(unread))).fit(List.of(unread))
            .mayContain("zzzzzz");
    assertTrue(TreeFilter.isSet(may, 0));
  }

  /**
   * A big file's own filter has more bits than the tree has buckets: the tree says so, and the
   * scanner then asks the file's filter too (a long literal the tree cannot rule out in a big
   * file, the file's filter can).
   */
  @Test
  void tellsWhichFilesItAnswersForLessSharplyThanTheirOwnFilters() {
    Random random = new Random(8);
    SourceFile small = file(0, text(random, 3_000));
    SourceFile big = file(1, text(random, 100_000));
    TreeFilter.Fit filter =
        Objects.requireNonNull(TreeFilter.of(List.of(small, big))).fit(List.of(small, big));
    assertTrue(filter.asSharpAsTheFile(0));
    assertFalse(filter.asSharpAsTheFile(1));
    String absent = "qq(zz)__xx{jj}";
    assertFalse(big.mayContain(absent));
  }

  /** A filter kept for later does not keep its files' texts in memory past the cache's say. */
  @Test
  void holdsItsFilesWeakly() throws InterruptedException {
    SourceFile kept = file(0, "alpha beta");
    List<WeakReference<SourceFile>> probe = new ArrayList<>();
    TreeFilter filter = builtWithADroppedFile(kept, probe);
    for (int i = 0; i < 50 && probe.get(0).get() != null; i++) {
      System.gc();
      Thread.sleep(10);
    }
    assertNull(probe.get(0).get(), "the filter alone kept a file alive");
    assertEquals(1, filter.fit(List.of(kept, file(1, "gamma"))).answered());
  }

  private static TreeFilter builtWithADroppedFile(
      SourceFile kept, List<WeakReference<SourceFile>> probe) {
    SourceFile dropped = file(1, "gamma");
    probe.add(new WeakReference<>(dropped));
    return Objects.requireNonNull(TreeFilter.of(List.of(kept, dropped)));
  }

  @Test
  void aTreeTooBigForItsBitsGetsNone() {
    SourceFile one = file(0, "alpha");
    assertNull(TreeFilter.of(Collections.nCopies(131_073, one)));
    assertNotNull(TreeFilter.of(Collections.nCopies(131_072, one)));
  }

  @Test
  void resamplingKeepsEveryHashBucket() {
    Random random = new Random(5);
    for (int from = TrigramFilter.MIN_BITS_LOG2; from <= TrigramFilter.MAX_BITS_LOG2; from++) {
      for (int to = TreeFilter.MIN_BUCKETS_LOG2; to <= TreeFilter.MAX_BUCKETS_LOG2; to++) {
        long[] words = new long[1 << (from - 6)];
        for (int w = 0; w < words.length; w++) {
          words[w] = random.nextLong() & random.nextLong() & random.nextLong();
        }
        long[] out = TreeFilter.resampled(words, from, to);
        assertEquals(1 << (to - 6), out.length);
        // Bit and bucket are the top bits of one hash: a set bit marks every bucket that
        // shares its prefix.
        long[] expected = new long[1 << (to - 6)];
        for (int bit = 0; bit < (1 << from); bit++) {
          if ((words[bit >>> 6] & (1L << bit)) == 0) {
            continue;
          }
          int first = from >= to ? bit >>> (from - to) : bit << (to - from);
          int last = from >= to ? first : ((bit + 1) << (to - from)) - 1;
          for (int b = first; b <= last; b++) {
            expected[b >>> 6] |= 1L << b;
          }
        }
        assertArrayEquals(expected, out, from + " -> " + to);
      }
    }
  }

  @Test
  void transposeTurnsTheMatrixAround() {
    Random random = new Random(3);
    long[] a = new long[64];
    for (int r = 0; r < 64; r++) {
      a[r] = random.nextLong();
    }
    long[] t = a.clone();
    TreeFilter.transpose(t);
    for (int r = 0; r < 64; r++) {
      for (int c = 0; c < 64; c++) {
        assertEquals((a[r] >>> c) & 1, (t[c] >>> r) & 1);
      }
    }
  }

  private static SourceFile file(int k, String text) {
    SourceFile f = SourceFile.of(Path.of("f" + k + ".txt"), "f" + k + ".txt", text);
    f.trigrams(); // as a scan leaves it: with its filter
    return f;
  }

  private static String text(Random random, int length) {
    StringBuilder b = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      b.append(LETTERS.charAt(random.nextInt(LETTERS.length())));
    }
    return b.toString();
  }
}
