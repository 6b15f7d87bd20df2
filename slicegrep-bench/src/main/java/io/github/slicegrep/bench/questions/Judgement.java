package io.github.slicegrep.bench.questions;

import io.github.slicegrep.bench.truth.Span;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * How well one answer did on one question.
 *
 * <ul>
 *   <li>NDCG@10 over the ranked units (an engine's shown chunks, then what it listed as
 *       omitted, in order): each annotated span is credited to the first unit that overlaps it;
 *       a unit gains {@code 2^grade - 1} of the best span it is first to reach, so that one
 *       big unit covering several spans counts once, and the ideal ranks the spans by grade.
 *   <li>File recall: the share of files holding an annotated span that the shown code (within
 *       the budget) overlaps somewhere in an annotated span.
 * </ul>
 *
 * @param ndcg10 from 0 to 1
 * @param fileRecall from 0 to 1
 * @param tokens what the answer cost to read
 */
public record Judgement(double ndcg10, double fileRecall, int tokens) {
  /** Ranked units looked at. */
  static final int K = 10;

  static Judgement of(Question q, List<Span> ranked, List<Span> shown, int tokens) {
    return new Judgement(ndcg(q, ranked, K), fileRecall(q, shown), tokens);
  }

  static double ndcg(Question q, List<Span> ranked, int k) {
    Set<Integer> credited = new HashSet<>();
    double dcg = 0;
    for (int i = 0; i < Math.min(k, ranked.size()); i++) {
      double gain = 0;
      for (int r = 0; r < q.relevant().size(); r++) {
        Question.Graded g = q.relevant().get(r);
        if (!credited.contains(r) && overlaps(ranked.get(i), g.span())) {
          credited.add(r);
          gain = Math.max(gain, Math.pow(2, g.grade()) - 1);
        }
      }
      dcg += gain / log2(i + 2);
    }
    List<Question.Graded> ideal = new ArrayList<>(q.relevant());
    ideal.sort(Comparator.comparingInt(Question.Graded::grade).reversed());
    double idcg = 0;
    for (int i = 0; i < Math.min(k, ideal.size()); i++) {
      idcg += (Math.pow(2, ideal.get(i).grade()) - 1) / log2(i + 2);
    }
    return idcg == 0 ? 0 : dcg / idcg;
  }

  static double fileRecall(Question q, List<Span> shown) {
    Set<String> files = new HashSet<>();
    Set<String> found = new HashSet<>();
    for (Question.Graded g : q.relevant()) {
      files.add(g.span().file());
      for (Span s : shown) {
        if (overlaps(s, g.span())) {
          found.add(g.span().file());
        }
      }
    }
    return files.isEmpty() ? 0 : (double) found.size() / files.size();
  }

  public static boolean overlaps(Span a, Span b) {
    return a.file().equals(b.file()) && a.start() <= b.end() && b.start() <= a.end();
  }

  private static double log2(double x) {
    return Math.log(x) / Math.log(2);
  }
}
