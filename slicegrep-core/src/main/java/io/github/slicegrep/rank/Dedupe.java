package io.github.slicegrep.rank;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.match.Region;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

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
   * its leading and trailing white space, and that stripped length. Computed once per file and
   * kept with it, since every search compares the same lines again.
   */
  public record LineKeys(long[] hashes, int[] lengths) {
    public static LineKeys of(SourceFile file) {
      int n = file.lineCount();
      long[] hashes = new long[n];
      int[] lengths = new int[n];
      for (int i = 0; i < n; i++) {
        String line = file.line(i + 1);
        int from = strippedStart(line);
        int to = strippedEnd(line, from);
        lengths[i] = to - from;
        hashes[i] = lineHash(line, from, to);
      }
      return new LineKeys(hashes, lengths);
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
    List<Candidate> kept = new ArrayList<>();
    List<Set<Long>> keptLines = new ArrayList<>();
    List<Candidate> duplicates = new ArrayList<>();
    Set<Long> exact = new HashSet<>();
    Map<Long, List<Integer>> byLine = new HashMap<>();
    for (Candidate c : ranked) {
      Region r = c.region();
      // Lines are compared by a 64-bit hash of their stripped text, computed once per file: a
      // question can match tens of thousands of regions, and building their text over and
      // over was most of a warm search's time.
      LineKeys fileKeys = perFile.computeIfAbsent(r.file(), keys);
      if (!exact.add(codeHash(r, fileKeys))) {
        duplicates.add(c);
        continue;
      }
      Set<Long> lines = significantLines(r, fileKeys);
      if (nearDuplicates && !lines.isEmpty() && isNearDuplicate(lines, keptLines, byLine)) {
        duplicates.add(c);
        continue;
      }
      int index = kept.size();
      kept.add(c);
      keptLines.add(lines);
      for (Long line : lines) {
        byLine.computeIfAbsent(line, k -> new ArrayList<>()).add(index);
      }
    }
    return new Outcome(kept, duplicates);
  }

  /**
   * Whether {@code lines} is a near-duplicate of a kept slice. Kept slices that share a line
   * are found through the line index; a slice is compared exactly only when the lines it
   * shares, plus every line too common to index, could still reach the threshold.
   */
  private static boolean isNearDuplicate(
      Set<Long> lines, List<Set<Long>> keptLines, Map<Long, List<Integer>> byLine) {
    Map<Integer, Integer> shared = new HashMap<>();
    int common = 0;
    for (Long line : lines) {
      List<Integer> postings = byLine.getOrDefault(line, List.of());
      if (postings.size() > MAX_POSTINGS_FOLLOWED) {
        common++;
        continue;
      }
      for (int k : postings) {
        shared.merge(k, 1, Integer::sum);
      }
    }
    for (Map.Entry<Integer, Integer> e : shared.entrySet()) {
      Set<Long> other = keptLines.get(e.getKey());
      int upper = Math.min(other.size(), e.getValue() + common);
      if (jaccard(upper, lines.size(), other.size()) < NEAR_DUPLICATE_JACCARD) {
        continue;
      }
      int intersection = e.getValue();
      if (common > 0) {
        intersection = 0;
        for (Long line : lines) {
          if (other.contains(line)) {
            intersection++;
          }
        }
      }
      if (jaccard(intersection, lines.size(), other.size()) >= NEAR_DUPLICATE_JACCARD) {
        return true;
      }
    }
    return false;
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

  private static Set<Long> significantLines(Region r, LineKeys k) {
    Set<Long> out = new HashSet<>();
    for (int i = r.start(); i <= r.end(); i++) {
      if (k.lengths()[i - 1] >= MIN_SIGNIFICANT_CHARS) {
        out.add(k.hashes()[i - 1]);
      }
    }
    return out;
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
