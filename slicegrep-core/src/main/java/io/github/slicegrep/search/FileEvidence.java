package io.github.slicegrep.search;

import io.github.slicegrep.match.Region;
import io.github.slicegrep.outline.Definition;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.rank.Candidate;
import io.github.slicegrep.recall.Terms;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * What a question learns from whole files rather than single regions: a file whose name or
 * folder says what the question asks about ({@code hashers.py} for "password hashing"), and a
 * file with several good regions (the implementation of a concept is rarely one function).
 * Applied to a question's scored candidates, after the region signals. Stateless.
 */
final class FileEvidence {
  /** Weight of the share of the question's words found in the file's name and folder. */
  static final double PATH_WEIGHT = 1.0;
  static final double NAME_WEIGHT = 2.0;
  /** Below this share of the question's words, a path match is a coincidence. */
  static final double PATH_MIN_SHARE = 0.1;
  /** A path word and a question word sharing a prefix this long are the same word. */
  static final int PATH_PREFIX = 4;
  /** Share of the best score added to a file's best region, by the file's share of the best. */
  static final double COHERENCE_WEIGHT = 0.2;

  private FileEvidence() {}

  /**
   * The candidates with the file evidence applied, in their order.
   *
   * @param questionWords the question's content words
   */
  static List<Candidate> apply(
      List<String> questionWords, List<Candidate> scored, Function<SourceFile, Outline> outlines) {
    Set<String> stems = new LinkedHashSet<>();
    for (String w : questionWords) {
      stems.addAll(Terms.stems(w));
    }
    Map<SourceFile, Double> pathFactor = new HashMap<>();
    // Definition names recur across a file's regions: each is stemmed and matched once.
    Map<String, Integer> sharedByName = new HashMap<>();
    ToIntFunction<String> shared =
        name -> sharedByName.computeIfAbsent(name, n -> shared(stems, Terms.stems(n)));
    List<Candidate> out = new ArrayList<>(scored.size());
    for (Candidate c : scored) {
      double factor =
          pathFactor.computeIfAbsent(c.region().file(), f -> pathFactor(stems, f.relativePath()));
      Candidate moved = factor == 1 ? c : c.rescored(c.score() * factor, "path_words");
      double named =
          nameFactor(stems.size(), moved.region(), outlines.apply(c.region().file()), shared);
      out.add(named == 1 ? moved : moved.rescored(moved.score() * named, "name_words"));
    }
    return coherence(out);
  }

  /** 1 plus the weighted share of the question's stems the file's name and folder hold. */
  static double pathFactor(Set<String> questionStems, String relativePath) {
    if (questionStems.isEmpty()) {
      return 1;
    }
    String[] segments = relativePath.split("/");
    String name = segments[segments.length - 1];
    int dot = name.indexOf('.', 1);
    Set<String> pathStems = new LinkedHashSet<>(Terms.stems(dot > 0 ? name.substring(0, dot) : name));
    if (segments.length >= 2) {
      pathStems.addAll(Terms.stems(segments[segments.length - 2]));
    }
    double share = (double) shared(questionStems, pathStems) / questionStems.size();
    return share < PATH_MIN_SHARE ? 1 : 1 + PATH_WEIGHT * share;
  }

  /**
   * 1 plus the weighted share of the question's stems in the name of the region's definition,
   * or of a definition whose header the region holds (the best of them): {@code
   * check_password} for "how is the password checked".
   */
  private static double nameFactor(
      int questionStems, Region region, Outline outline, ToIntFunction<String> shared) {
    if (questionStems == 0) {
      return 1;
    }
    int best = region.definition() == null ? 0 : shared.applyAsInt(region.definition().name());
    // Definitions come by start line, and a header is never above its definition's start.
    for (Definition d : outline.definitions()) {
      if (d.startLine() > region.end()) {
        break;
      }
      if (d.headerLine() >= region.start() && d.headerLine() <= region.end()) {
        best = Math.max(best, shared.applyAsInt(d.name()));
      }
    }
    return best == 0 ? 1 : 1 + NAME_WEIGHT * best / questionStems;
  }

  /** How many of the question's stems are among {@code stems}, or share a long prefix. */
  private static int shared(Set<String> questionStems, Collection<String> stems) {
    int found = 0;
    for (String q : questionStems) {
      for (String p : stems) {
        if (sameWord(q, p)) {
          found++;
          break;
        }
      }
    }
    return found;
  }

  private static boolean sameWord(String a, String b) {
    if (a.equals(b)) {
      return true;
    }
    int common = 0;
    int n = Math.min(a.length(), b.length());
    while (common < n && a.charAt(common) == b.charAt(common)) {
      common++;
    }
    return common >= PATH_PREFIX && common == n;
  }

  /**
   * Each file's best candidate gains {@link #COHERENCE_WEIGHT} of the best score, in
   * proportion to the file's summed score against the best file's.
   */
  private static List<Candidate> coherence(List<Candidate> scored) {
    Map<SourceFile, Double> sums = new HashMap<>();
    Map<SourceFile, Integer> best = new HashMap<>();
    double top = 0;
    for (int i = 0; i < scored.size(); i++) {
      Candidate c = scored.get(i);
      SourceFile f = c.region().file();
      sums.merge(f, c.score(), Double::sum);
      Integer b = best.get(f);
      if (b == null || Candidate.BEST_FIRST.compare(c, scored.get(b)) < 0) {
        best.put(f, i);
      }
      top = Math.max(top, c.score());
    }
    double topSum = sums.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
    if (topSum <= 0) {
      return scored;
    }
    List<Candidate> out = new ArrayList<>(scored);
    for (Map.Entry<SourceFile, Integer> e : best.entrySet()) {
      Candidate c = out.get(e.getValue());
      double lift = COHERENCE_WEIGHT * top * sums.get(e.getKey()) / topSum;
      out.set(e.getValue(), c.rescored(c.score() + lift, "file_coherence"));
    }
    return out;
  }
}
