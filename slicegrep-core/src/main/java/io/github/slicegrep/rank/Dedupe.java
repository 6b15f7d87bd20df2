package io.github.slicegrep.rank;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.match.Region;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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

  /** {@code ranked} must be best first; the first of each duplicate family is kept. */
  public static Outcome apply(List<Candidate> ranked, boolean nearDuplicates) {
    List<Candidate> kept = new ArrayList<>();
    List<Set<String>> keptLines = new ArrayList<>();
    List<Candidate> duplicates = new ArrayList<>();
    Set<String> exact = new HashSet<>();
    Map<String, List<Integer>> byLine = new HashMap<>();
    for (Candidate c : ranked) {
      Region r = c.region();
      String normalized = normalizedCode(r);
      if (!exact.add(normalized)) {
        duplicates.add(c);
        continue;
      }
      Set<String> lines = significantLines(r);
      if (nearDuplicates && !lines.isEmpty() && isNearDuplicate(lines, keptLines, byLine)) {
        duplicates.add(c);
        continue;
      }
      int index = kept.size();
      kept.add(c);
      keptLines.add(lines);
      for (String line : lines) {
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
      Set<String> lines, List<Set<String>> keptLines, Map<String, List<Integer>> byLine) {
    Map<Integer, Integer> shared = new HashMap<>();
    int common = 0;
    for (String line : lines) {
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
      Set<String> other = keptLines.get(e.getKey());
      int upper = Math.min(other.size(), e.getValue() + common);
      if (jaccard(upper, lines.size(), other.size()) < NEAR_DUPLICATE_JACCARD) {
        continue;
      }
      int intersection = e.getValue();
      if (common > 0) {
        intersection = 0;
        for (String line : lines) {
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

  private static String normalizedCode(Region r) {
    StringBuilder sb = new StringBuilder();
    for (int i = r.start(); i <= r.end(); i++) {
      String t = r.file().line(i).strip();
      if (!t.isEmpty()) {
        sb.append(t).append('\n');
      }
    }
    return sb.toString();
  }

  private static Set<String> significantLines(Region r) {
    Set<String> out = new HashSet<>();
    for (int i = r.start(); i <= r.end(); i++) {
      String t = r.file().line(i).strip();
      if (t.length() >= MIN_SIGNIFICANT_CHARS) {
        out.add(t);
      }
    }
    return out;
  }
}
