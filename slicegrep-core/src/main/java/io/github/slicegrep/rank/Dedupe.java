package io.github.slicegrep.rank;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.match.Region;
import io.github.slicegrep.parallel.Parallel;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Removes duplicate candidates, keeping the better-scored copy: exact duplicates (the same
 * code, ignoring indentation) always, near-duplicates (line-set Jaccard at or above
 * {@link #NEAR_DUPLICATE_JACCARD}) unless switched off. Generated clients, copied test
 * fixtures and vendored copies are where these come from.
 */
public final class Dedupe {
  /** Share of shared lines from which two slices say the same thing. */
  public static final double NEAR_DUPLICATE_JACCARD = 0.7;
  /**
   * A line shared by more kept slices than this ({@code return self}, {@code @Override}) is too
   * common to find near-duplicates by; following it would make deduplication quadratic.
   */
  static final int MAX_POSTINGS_FOLLOWED = 64;
  /** Line tables are sized up front for this many lines at most, and grow beyond. */
  static final int PRESIZED_LINES = 1 << 18;
  /** Lines this short ({@code }}, {@code end}, {@code });}) carry no identity. */
  static final int MIN_SIGNIFICANT_CHARS = 4;

  /** What survived and what was dropped as a duplicate of something that survived. */
  public record Outcome(List<Candidate> kept, List<Candidate> duplicates) {
    public Outcome {
      kept = ImmutableList.copyOf(kept);
      duplicates = ImmutableList.copyOf(duplicates);
    }
  }

  private Dedupe() {}

  /**
   * The lines of one file as deduplication compares them: a 64-bit hash of each line without
   * its leading and trailing white space, that stripped length, and the index of the previous
   * line with the same hash (-1 for none), which tells a slice's distinct lines without sorting. Computed once per file and
   * kept with it, since every search compares the same lines again.
   */
  public record LineKeys(long[] hashes, int[] lengths, int[] previousSame) {
    public static LineKeys of(SourceFile file) {
      int n = file.lineCount();
      long[] hashes = new long[n];
      int[] lengths = new int[n];
      int[] previousSame = new int[n];
      LongIntTable last = new LongIntTable(n);
      for (int i = 0; i < n; i++) {
        String line = file.line(i + 1);
        int from = strippedStart(line);
        int to = strippedEnd(line, from);
        lengths[i] = to - from;
        hashes[i] = lineHash(line, from, to);
        previousSame[i] = last.push(hashes[i], i);
      }
      return new LineKeys(hashes, lengths, previousSame);
    }
  }

  /** Like {@link #apply(List, boolean, Function)}, computing line keys afresh. */
  public static Outcome apply(List<Candidate> ranked, boolean nearDuplicates) {
    return apply(ranked, nearDuplicates, LineKeys::of);
  }

  /**
   * {@code ranked} must be best first; the first of each duplicate family is kept.
   * {@code keys} gives each file's line keys (a host caches them).
   */
  public static Outcome apply(
      List<Candidate> ranked, boolean nearDuplicates, Function<SourceFile, LineKeys> keys) {
    Map<SourceFile, LineKeys> perFile = new IdentityHashMap<>();
    long totalLines = 0;
    for (Candidate c : ranked) {
      perFile.computeIfAbsent(c.region().file(), keys);
      totalLines += c.region().lineCount();
    }
    // Each slice's hashes depend on that slice alone, so they are worked out in parallel; only
    // the comparison with what was kept before has to follow the ranking.
    int n = ranked.size();
    long[] codeHashes = new long[n];
    long[][] significant = new long[n][];
    Parallel.forEach(n, i -> {
      Region r = ranked.get(i).region();
      LineKeys fileKeys = perFile.get(r.file());
      codeHashes[i] = codeHash(r, fileKeys);
      significant[i] = nearDuplicates ? significantLines(r, fileKeys) : null;
    });
    List<Candidate> kept = new ArrayList<>();
    List<Candidate> duplicates = new ArrayList<>();
    // A question can match tens of thousands of regions: lines are compared by a 64-bit hash
    // computed once per file, and kept in primitive tables rather than sets of boxed longs,
    // which were most of a warm search's time.
    LongSet exact = new LongSet(n);
    NearDuplicates near =
        new NearDuplicates(nearDuplicates ? (int) Math.min(totalLines, PRESIZED_LINES) : 0);
    for (int i = 0; i < n; i++) {
      Candidate c = ranked.get(i);
      if (!exact.add(codeHashes[i])) {
        duplicates.add(c);
        continue;
      }
      if (!nearDuplicates) {
        kept.add(c);
        continue;
      }
      long[] lines = significant[i];
      if (lines.length > 0 && near.isNearDuplicate(lines)) {
        duplicates.add(c);
        continue;
      }
      kept.add(c);
      near.keep(lines);
    }
    return new Outcome(kept, duplicates);
  }

  /**
   * The significant line sets of the slices kept so far, indexed by line: kept slices that
   * share a line with a new one are found through the index, and a slice is compared exactly
   * only when the lines it shares, plus every line too common to index, could still reach the
   * threshold.
   */
  private static final class NearDuplicates {
    /** Each kept slice's distinct significant lines, in line order. */
    private final List<long[]> keptLines = new ArrayList<>();
    /** The same, ascending, for those compared exactly so far (null until then). */
    private final List<long @Nullable []> keptSorted = new ArrayList<>();
    /** For each line hash, the kept slices holding it, as a chain through the arrays below. */
    private final LongIntTable firstPosting;
    private int[] postingSlice = new int[64];
    private int[] postingNext = new int[64];
    private int postings;
    /** Per kept slice, lines shared with the slice being checked; reset after each check. */
    private int[] shared = new int[16];
    private int[] touched = new int[16];

    NearDuplicates(int expectedLines) {
      firstPosting = new LongIntTable(expectedLines);
    }

    boolean isNearDuplicate(long[] lines) {
      long[] sortedLines = null;
      int touchedCount = 0;
      int common = 0;
      for (long line : lines) {
        int slot = firstPosting.slot(line);
        if (slot < 0) {
          continue;
        }
        if (firstPosting.count(slot) > MAX_POSTINGS_FOLLOWED) {
          common++;
          continue;
        }
        for (int p = firstPosting.value(slot); p >= 0; p = postingNext[p]) {
          int k = postingSlice[p];
          if (shared[k]++ == 0) {
            touched = grow(touched, touchedCount);
            touched[touchedCount++] = k;
          }
        }
      }
      boolean found = false;
      for (int i = 0; i < touchedCount; i++) {
        int k = touched[i];
        int sharedLines = shared[k];
        shared[k] = 0;
        if (found) {
          continue;
        }
        long[] other = keptLines.get(k);
        int upper = Math.min(other.length, sharedLines + common);
        if (jaccard(upper, lines.length, other.length) < NEAR_DUPLICATE_JACCARD) {
          continue;
        }
        int intersection = sharedLines;
        if (common > 0) {
          if (sortedLines == null) {
            sortedLines = lines.clone();
            Arrays.sort(sortedLines);
          }
          intersection = intersection(sortedLines, sorted(k));
        }
        found = jaccard(intersection, lines.length, other.length) >= NEAR_DUPLICATE_JACCARD;
      }
      return found;
    }

    void keep(long[] lines) {
      int k = keptLines.size();
      keptLines.add(lines);
      keptSorted.add(null);
      shared = grow(shared, k);
      for (long line : lines) {
        postingSlice = grow(postingSlice, postings);
        postingNext = grow(postingNext, postings);
        postingSlice[postings] = k;
        postingNext[postings] = firstPosting.push(line, postings);
        postings++;
      }
    }

    /** Kept slice {@code k}'s lines in ascending order, sorted on first need. */
    private long[] sorted(int k) {
      long[] s = keptSorted.get(k);
      if (s == null) {
        s = keptLines.get(k).clone();
        Arrays.sort(s);
        keptSorted.set(k, s);
      }
      return s;
    }

    /** Shared elements of two ascending arrays of distinct values. */
    private static int intersection(long[] a, long[] b) {
      int i = 0;
      int j = 0;
      int n = 0;
      while (i < a.length && j < b.length) {
        if (a[i] == b[j]) {
          n++;
          i++;
          j++;
        } else if (a[i] < b[j]) {
          i++;
        } else {
          j++;
        }
      }
      return n;
    }

    private static int[] grow(int[] a, int size) {
      return size < a.length ? a : Arrays.copyOf(a, Math.max(16, a.length * 2));
    }
  }

  /**
   * An open-addressing map from a line hash to the head of its posting chain and the chain's
   * length. Hashes are already mixed, so their low bits index the table directly. A slot is two
   * adjacent longs (the key, then the head and the count), so a probe touches one cache line:
   * with hundreds of thousands of lines the table is far bigger than the caches.
   */
  private static final class LongIntTable {
    /** slots[2i] is a key; slots[2i + 1] its head (high half) and count (low half, 0 = empty). */
    private long[] slots;
    private int size;

    /** A table sized for {@code expected} keys, so that filling it never rehashes. */
    LongIntTable(int expected) {
      int capacity = Integer.highestOneBit(Math.max(32, expected) * 2 - 1) * 2;
      slots = new long[2 * capacity];
    }

    /** The slot of {@code key}, or -1 when absent. */
    int slot(long key) {
      int mask = slots.length / 2 - 1;
      for (int i = (int) key & mask; count(i) != 0; i = (i + 1) & mask) {
        if (slots[2 * i] == key) {
          return i;
        }
      }
      return -1;
    }

    int value(int slot) {
      return (int) (slots[2 * slot + 1] >>> 32);
    }

    int count(int slot) {
      return (int) slots[2 * slot + 1];
    }

    /** Makes {@code head} the key's value and returns the one it replaces (-1 for none). */
    int push(long key, int head) {
      if (2 * (size + 1) > slots.length / 2) {
        rehash();
      }
      int mask = slots.length / 2 - 1;
      int i = (int) key & mask;
      while (count(i) != 0 && slots[2 * i] != key) {
        i = (i + 1) & mask;
      }
      int previous = -1;
      int count = count(i);
      if (count != 0) {
        previous = value(i);
      } else {
        slots[2 * i] = key;
        size++;
      }
      slots[2 * i + 1] = (long) head << 32 | (count + 1);
      return previous;
    }

    private void rehash() {
      long[] old = slots;
      slots = new long[old.length * 2];
      int mask = slots.length / 2 - 1;
      for (int j = 0; j < old.length; j += 2) {
        if ((int) old[j + 1] != 0) {
          int i = (int) old[j] & mask;
          while (count(i) != 0) {
            i = (i + 1) & mask;
          }
          slots[2 * i] = old[j];
          slots[2 * i + 1] = old[j + 1];
        }
      }
    }
  }

  /** A set of longs by open addressing, for the exact-duplicate hashes. */
  private static final class LongSet {
    private final LongIntTable table;

    LongSet(int expected) {
      table = new LongIntTable(expected);
    }

    /** Adds {@code value}; false when it was there already. */
    boolean add(long value) {
      return table.push(value, 0) < 0;
    }
  }

  private static double jaccard(int intersection, int a, int b) {
    int union = a + b - intersection;
    return union <= 0 ? 0 : (double) intersection / union;
  }

  /** The region's non-blank lines, stripped, in order, as one hash: equal code, equal hash. */
  private static long codeHash(Region r, LineKeys k) {
    long h = 0x9E3779B97F4A7C15L;
    for (int i = r.start(); i <= r.end(); i++) {
      if (k.lengths()[i - 1] > 0) {
        h = mix(h * 31 + k.hashes()[i - 1]);
      }
    }
    return h;
  }

  /** The region's distinct significant line hashes, in line order. */
  private static long[] significantLines(Region r, LineKeys k) {
    long[] out = new long[r.end() - r.start() + 1];
    int n = 0;
    for (int i = r.start() - 1; i < r.end(); i++) {
      // A line whose previous copy is inside the region was counted there already.
      if (k.lengths()[i] >= MIN_SIGNIFICANT_CHARS && k.previousSame()[i] < r.start() - 1) {
        out[n++] = k.hashes()[i];
      }
    }
    return Arrays.copyOf(out, n);
  }

  private static int strippedStart(String line) {
    int from = 0;
    while (from < line.length() && Character.isWhitespace(line.charAt(from))) {
      from++;
    }
    return from;
  }

  private static int strippedEnd(String line, int from) {
    int to = line.length();
    while (to > from && Character.isWhitespace(line.charAt(to - 1))) {
      to--;
    }
    return to;
  }

  /** A 64-bit hash of {@code line} from {@code from} to {@code to}. */
  private static long lineHash(String line, int from, int to) {
    long h = 0xCBF29CE484222325L;
    for (int i = from; i < to; i++) {
      h = (h ^ line.charAt(i)) * 0x100000001B3L;
    }
    return mix(h ^ (to - from));
  }

  /** A finaliser (SplitMix64's) so that nearby inputs spread over all 64 bits. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
