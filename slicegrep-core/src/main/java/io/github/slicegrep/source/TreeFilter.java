package io.github.slicegrep.source;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The trigram filters of many files at once, stored by trigram bucket rather than by file: the
 * files that may hold a literal are the AND of its trigrams' rows, a few hundred words of
 * memory read in order, instead of a probe into each file's own filter. On a tree of five
 * thousand files, probing every file's filter for every word of a question was the largest part
 * of a warm question's scan, and most of those probes landed in memory no other part of the
 * search touched.
 *
 * <p>Built from the files' {@link TrigramFilter}s, without reading any text; a file without one
 * is a candidate for every literal. A bucket is the top bits of the same hash a file's filter
 * uses, so a bucket is set wherever one of the file's bits says the trigram may be there: no
 * false negatives. Built for one list of files; {@link #fit} tells which of a later list's
 * files are still the ones it was built from (a file read again after an edit is not, and is
 * then a candidate for every literal). Immutable.
 */
public final class TreeFilter {
  /** At most this many bits in all, whatever the number of files (2^27 bits: 16 MiB). */
  static final int MAX_BITS_LOG2 = 27;
  static final int MIN_BUCKETS_LOG2 = 10;
  static final int MAX_BUCKETS_LOG2 = 14;

  /**
   * The files it was built from, held weakly: a reader's cache decides how long files stay in
   * memory, and a filter kept for later must not hold a tree's texts past that.
   */
  private final List<WeakReference<SourceFile>> files;
  private final int bucketsLog2;
  /** Words per row: one bit per file. */
  private final int width;
  /** Row of bucket {@code b} is {@code rows[b * width .. (b + 1) * width)}. */
  private final long[] rows;
  /** The files with no trigram filter, set in every answer. */
  private final long[] unfiltered;
  /**
   * The files whose own filter has more bits than the tree has buckets (big files): for them
   * the tree's answer is coarser than their own filter's.
   */
  private final long[] coarse;

  private TreeFilter(
      List<WeakReference<SourceFile>> files, int bucketsLog2, long[] rows, long[] unfiltered,
      long[] coarse) {
    this.files = files;
    this.bucketsLog2 = bucketsLog2;
    this.width = unfiltered.length;
    this.rows = rows;
    this.unfiltered = unfiltered;
    this.coarse = coarse;
  }

  /**
   * The filter of {@code files} (remembered, weakly, to tell later lists apart), or null for a
   * tree of more files than its bits allow even at the fewest buckets (131,072).
   */
  public static @Nullable TreeFilter of(List<SourceFile> files) {
    int n = files.size();
    int width = Math.max(1, (n + 63) >>> 6);
    int log2 = MAX_BUCKETS_LOG2;
    while (log2 > MIN_BUCKETS_LOG2 && ((long) width << 6 << log2) > (1L << MAX_BITS_LOG2)) {
      log2--;
    }
    if (((long) width << 6 << log2) > (1L << MAX_BITS_LOG2)) {
      return null;
    }
    int bucketWords = 1 << (log2 - 6);
    long[] rows = new long[width << log2];
    long[] unfiltered = new long[width];
    long[] coarse = new long[width];
    // Sixty-four files at a time: their filters resampled to the buckets, then each 64 x 64
    // block of (file, bucket) bits turned around into the rows' words for those files.
    long[][] byFile = new long[64][];
    long[] block = new long[64];
    long[] none = new long[bucketWords];
    for (int word = 0; word < width; word++) {
      for (int k = 0; k < 64; k++) {
        int i = (word << 6) + k;
        if (i < n && files.get(i).filter() instanceof TrigramFilter f) {
          byFile[k] = resampled(f.wordsView(), f.bitsLog2(), log2);
          if (f.bitsLog2() > log2) {
            coarse[word] |= 1L << k;
          }
        } else {
          byFile[k] = none;
          if (i < n) {
            unfiltered[word] |= 1L << k;
          }
        }
      }
      for (int j = 0; j < bucketWords; j++) {
        for (int k = 0; k < 64; k++) {
          block[k] = byFile[k][j];
        }
        transpose(block);
        for (int b = 0; b < 64; b++) {
          rows[((j << 6) + b) * width + word] = block[b];
        }
      }
    }
    List<WeakReference<SourceFile>> held = new ArrayList<>(n);
    for (SourceFile f : files) {
      held.add(new WeakReference<>(f));
    }
    return new TreeFilter(held, log2, rows, unfiltered, coarse);
  }

  /**
   * A filter of 2^{@code from} bits as one of 2^{@code to}: a bit is the top bits of the trigram
   * hash, so halving ORs each pair of neighbours and doubling gives each bit's two halves.
   */
  static long[] resampled(long[] words, int from, int to) {
    long[] out = words;
    for (int log2 = from; log2 > to; log2--) {
      long[] half = new long[out.length / 2];
      for (int w = 0; w < half.length; w++) {
        half[w] = pairsOred(out[2 * w]) | pairsOred(out[2 * w + 1]) << 32;
      }
      out = half;
    }
    for (int log2 = from; log2 < to; log2++) {
      long[] twice = new long[out.length * 2];
      for (int w = 0; w < twice.length; w++) {
        long spread = spread((w & 1) == 0 ? out[w >>> 1] : out[w >>> 1] >>> 32);
        twice[w] = spread | spread << 1;
      }
      out = twice;
    }
    return out;
  }

  /** Bit k (of 32) set when bit 2k or 2k + 1 of {@code x} is. */
  private static long pairsOred(long x) {
    long y = (x | x >>> 1) & 0x5555555555555555L;
    y = (y | y >>> 1) & 0x3333333333333333L;
    y = (y | y >>> 2) & 0x0F0F0F0F0F0F0F0FL;
    y = (y | y >>> 4) & 0x00FF00FF00FF00FFL;
    y = (y | y >>> 8) & 0x0000FFFF0000FFFFL;
    return (y | y >>> 16) & 0x00000000FFFFFFFFL;
  }

  /** Bit k of the low 32 of {@code x} moved to bit 2k. */
  private static long spread(long x) {
    long y = x & 0x00000000FFFFFFFFL;
    y = (y | y << 16) & 0x0000FFFF0000FFFFL;
    y = (y | y << 8) & 0x00FF00FF00FF00FFL;
    y = (y | y << 4) & 0x0F0F0F0F0F0F0F0FL;
    y = (y | y << 2) & 0x3333333333333333L;
    return (y | y << 1) & 0x5555555555555555L;
  }

  /** Turns a 64 x 64 bit matrix around: bit c of row r goes to bit r of row c. */
  static void transpose(long[] a) {
    long m = 0x00000000FFFFFFFFL;
    for (int j = 32; j != 0; j >>>= 1, m ^= m << j) {
      for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
        long t = ((a[k] >>> j) ^ a[k | j]) & m;
        a[k] ^= t << j;
        a[k | j] ^= t;
      }
    }
  }

  /**
   * The files (bit {@code i} for the {@code i}-th file it was built from) whose filters do not
   * rule {@code foldedLiteral} out; every file for a literal shorter than a trigram.
   */
  private long[] mayContain(String foldedLiteral) {
    long[] out = new long[width];
    if (foldedLiteral.length() < 3) {
      Arrays.fill(out, -1L);
      return out;
    }
    boolean first = true;
    for (int i = 0; i + 2 < foldedLiteral.length(); i++) {
      int b =
          TrigramFilter.bit(
              foldedLiteral.charAt(i), foldedLiteral.charAt(i + 1), foldedLiteral.charAt(i + 2),
              bucketsLog2);
      int from = b * width;
      if (first) {
        System.arraycopy(rows, from, out, 0, width);
        first = false;
      } else {
        for (int w = 0; w < width; w++) {
          out[w] &= rows[from + w];
        }
      }
    }
    for (int w = 0; w < width; w++) {
      out[w] |= unfiltered[w];
    }
    return out;
  }

  /**
   * This filter as it answers for {@code now}'s files: for each one that is the very file it
   * was built from, at the same place. Worked out once per search.
   */
  public Fit fit(List<SourceFile> now) {
    long[] current = new long[(now.size() + 63) >>> 6];
    int n = Math.min(now.size(), files.size());
    int count = 0;
    for (int i = 0; i < n; i++) {
      if (now.get(i) == files.get(i).get()) { // a file let go is no longer answered for
        current[i >>> 6] |= 1L << i;
        count++;
      }
    }
    return new Fit(current, count);
  }

  /** The filter fitted to one list of files (see {@link #fit}). Immutable. */
  public final class Fit {
    private final long[] current;
    private final int count;

    private Fit(long[] current, int count) {
      this.current = current;
      this.count = count;
    }

    /** How many of the files it answers for. */
    public int answered() {
      return count;
    }

    /** Whether it answers for the {@code i}-th file. */
    public boolean answersFor(int i) {
      return isSet(current, i);
    }

    /**
     * The files whose filters do not rule {@code foldedLiteral} out, as bits for {@link
     * #isSet}; meaningful only for files it answers for.
     */
    public long[] mayContain(String foldedLiteral) {
      return TreeFilter.this.mayContain(foldedLiteral);
    }

    /**
     * Whether its answers for the {@code i}-th file (one it answers for) are as sharp as that
     * file's own filter (which a big file's, with more bits than the tree has buckets, is not).
     */
    public boolean asSharpAsTheFile(int i) {
      return !isSet(coarse, i);
    }
  }

  /** Whether bit {@code i} of {@code bits} is set. */
  public static boolean isSet(long[] bits, int i) {
    return (bits[i >>> 6] & (1L << i)) != 0;
  }

  /** How many files it was built from. */
  public int size() {
    return files.size();
  }
}
