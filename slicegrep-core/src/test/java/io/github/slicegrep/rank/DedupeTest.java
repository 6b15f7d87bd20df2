package io.github.slicegrep.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.Region;
import io.github.slicegrep.source.SourceFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Deduplication keeps the first of each family of exact and near duplicates. The fast tables
 * must decide exactly as comparing every new slice with every kept one would, on slices that
 * share lines in every proportion (few enough that no line is too common to follow).
 */
class DedupeTest {
  private static final List<String> VOCABULARY =
      List.of(
          "    return self._cache", "    total += item.price", "if not values:", "}", "",
          "    for key in keys:", "        yield key", "  x = compute(a, b)", "# comment line",
          "def helper(value):", "        continue", "    raise ValueError(name)");

  @Test
  void tablesDecideAsComparingEveryPairWould() {
    Random random = new Random(42);
    for (int round = 0; round < 300; round++) {
      List<SourceFile> files = new ArrayList<>();
      for (int f = 0; f < 3; f++) {
        List<String> lines = new ArrayList<>();
        int n = 20 + random.nextInt(60);
        for (int i = 0; i < n; i++) {
          // Numbered lines make most lines distinct; vocabulary lines make slices overlap.
          lines.add(
              random.nextInt(3) == 0
                  ? "v" + random.nextInt(8)
                  : VOCABULARY.get(random.nextInt(VOCABULARY.size())));
        }
        String name = "f" + f + ".py";
        files.add(SourceFile.of(Path.of(name), name, String.join("\n", lines)));
      }
      List<Candidate> ranked = new ArrayList<>();
      int count = 1 + random.nextInt(50);
      for (int c = 0; c < count; c++) {
        SourceFile file = files.get(random.nextInt(files.size()));
        int start = 1 + random.nextInt(file.lineCount());
        int end = Math.min(file.lineCount(), start + random.nextInt(8));
        Region region = new Region(file, start, end, List.of(new Hit(start, 0)), null);
        ranked.add(
            new Candidate(
                region, 100 - c, List.of(), false, Set.of(), Set.of(), Set.of(), start, start));
      }
      for (boolean near : new boolean[] {true, false}) {
        Dedupe.Outcome fast = Dedupe.apply(ranked, near);
        assertEquals(bruteForce(ranked, near), fast.kept(), "round " + round + " near " + near);
        assertEquals(ranked.size(), fast.kept().size() + fast.duplicates().size());
      }
    }
  }

  /** The definition: same stripped non-blank code, or significant-line Jaccard >= 0.7. */
  private static List<Candidate> bruteForce(List<Candidate> ranked, boolean near) {
    List<Candidate> kept = new ArrayList<>();
    List<List<String>> keptCode = new ArrayList<>();
    List<Set<String>> keptLines = new ArrayList<>();
    for (Candidate c : ranked) {
      Region r = c.region();
      List<String> code = new ArrayList<>();
      Set<String> lines = new HashSet<>();
      for (int i = r.start(); i <= r.end(); i++) {
        String t = r.file().line(i).strip();
        if (!t.isEmpty()) {
          code.add(t);
        }
        if (t.length() >= Dedupe.MIN_SIGNIFICANT_CHARS) {
          lines.add(t);
        }
      }
      boolean duplicate = keptCode.contains(code);
      for (int k = 0; near && !duplicate && !lines.isEmpty() && k < keptLines.size(); k++) {
        Set<String> shared = new HashSet<>(lines);
        shared.retainAll(keptLines.get(k));
        int union = lines.size() + keptLines.get(k).size() - shared.size();
        duplicate = (double) shared.size() / union >= Dedupe.NEAR_DUPLICATE_JACCARD;
      }
      if (!duplicate) {
        kept.add(c);
        keptCode.add(code);
        keptLines.add(lines);
      }
    }
    return kept;
  }
}
