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
 *   <li>Focused NDCG@10: the same, with each unit's gain scaled by how much of it a reader
 *       needs: in full for a unit no longer than its span or {@link #SCREEN_LINES} lines, in
 *       proportion for a longer one ({@code max(span, 50) / unit} lines). NDCG@10 credits a
 *       700-line region holding a 7-line answer as much as the 7 lines themselves, so it
 *       cannot tell a ranking of whole modules from one of the functions that answer; this
 *       one can.
 *   <li>File recall: the share of files holding an annotated span that the shown code (within
 *       the budget) overlaps somewhere in an annotated span.
 * </ul>
 *
 * @param ndcg10 from 0 to 1
 * @param focusedNdcg10 from 0 to 1, at most {@code ndcg10}
 * @param fileRecall from 0 to 1
 * @param tokens what the answer cost to read
 */
public record Judgement(double ndcg10, double focusedNdcg10, double fileRecall, int tokens) {
  /** Ranked units looked at. */
  static final int K = 10;
  /**
   * A unit this long (about a screen, a long function) is read whole at no loss in the
   * focused NDCG, whatever the span it reaches. Annotated spans of concept and architecture
   * questions run 7 / 15 / 30 lines at their quartiles and 56 at the 90th percentile.
   */
  static final int SCREEN_LINES = 50;

  static Judgement of(Question q, List<Span> ranked, List<Span> shown, int tokens) {
    return new Judgement(
        ndcg(q, ranked, K, false), ndcg(q, ranked, K, true), fileRecall(q, shown), tokens);
  }

  static double ndcg(Question q, List<Span> ranked, int k) {
    return ndcg(q, ranked, k, false);
  }

  /**
   * @param focused whether a unit's gain is scaled by the share of it its span needs
   */
  static double ndcg(Question q, List<Span> ranked, int k, boolean focused) {
    Set<Integer> credited = new HashSet<>();
    double dcg = 0;
    for (int i = 0; i < Math.min(k, ranked.size()); i++) {
      Span unit = ranked.get(i);
      double gain = 0;
      for (int r = 0; r < q.relevant().size(); r++) {
        Question.Graded g = q.relevant().get(r);
        if (!credited.contains(r) && overlaps(unit, g.span())) {
          credited.add(r);
          double share = focused ? focus(unit, g.span()) : 1;
          gain = Math.max(gain, (Math.pow(2, g.grade()) - 1) * share);
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

  /** The share of {@code unit} a reader of {@code span} needs: 1 up to a screen or the span. */
  static double focus(Span unit, Span span) {
    int needed = Math.max(SCREEN_LINES, span.end() - span.start() + 1);
    int length = unit.end() - unit.start() + 1;
    return Math.min(1.0, (double) needed / length);
  }

  public static boolean overlaps(Span a, Span b) {
    return a.file().equals(b.file()) && a.start() <= b.end() && b.start() <= a.end();
  }

  private static double log2(double x) {
    return Math.log(x) / Math.log(2);
  }
}
