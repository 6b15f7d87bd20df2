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

  private static boolean isNearDuplicate(
      Set<String> lines, List<Set<String>> keptLines, Map<String, List<Integer>> byLine) {
    Map<Integer, Integer> shared = new HashMap<>();
    for (String line : lines) {
      for (int k : byLine.getOrDefault(line, List.of())) {
        shared.merge(k, 1, Integer::sum);
      }
    }
    for (Map.Entry<Integer, Integer> e : shared.entrySet()) {
      int intersection = e.getValue();
      int union = lines.size() + keptLines.get(e.getKey()).size() - intersection;
      if (union > 0 && (double) intersection / union >= NEAR_DUPLICATE_JACCARD) {
        return true;
      }
    }
    return false;
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
