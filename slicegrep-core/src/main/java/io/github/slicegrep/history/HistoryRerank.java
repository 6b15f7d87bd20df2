package io.github.slicegrep.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A mild re-rank of ranked files by what history says: a file's lexical score is multiplied by
 * {@code 1 + churn * w_churn + coChange * w_coChange}, where churn is how often the file changed
 * and coChange is how often it changed together with one of the few files the lexical ranking
 * trusts most (its anchors). The multiplier is at most {@code 1 + w_churn + w_coChange}, so a
 * file that matches the question much better than another stays ahead of it.
 *
 * <pre>{@code
 * List<RankedFile> reordered = HistoryRerank.rerank(files, RankedFile::file,
 *     RankedFile::score, priors, HistoryRerank.Weights.defaults());
 * }</pre>
 */
public final class HistoryRerank {
  /** The files that lend co-change: the lexical top three (the ones an agent opens first). */
  static final int ANCHORS = 3;
  /** Co-change seen in a single commit is noise (one sweeping change); two is a habit. */
  static final int MIN_TOGETHER = 2;

  /** How much churn and co-change may lift a file's score, as fractions of it. */
  public record Weights(double churn, double coChange) {
    public Weights {
      if (!(churn >= 0 && churn <= 1 && coChange >= 0 && coChange <= 1)) {
        throw new IllegalArgumentException(
            String.format("weights must be in [0, 1], got churn %s, co-change %s", churn,
                coChange));
      }
    }

    /**
     * Chosen on the tuning commits of the changes suite (docs/RESULTS.md, "Dense recall and
     * history priors"): churn 0.3 and co-change 0.5 of the score at most (the best of a small
     * grid there, by one commit; it did not hold on the confirmation commits, so history is off
     * by default).
     */
    public static Weights defaults() {
      return new Weights(0.3, 0.5);
    }
  }

  private HistoryRerank() {}

  /**
   * {@code ranked} (best first) in the order of its history-weighted scores; ties keep the
   * lexical order. The input is not changed.
   */
  public static <T> List<T> rerank(List<T> ranked, Function<T, String> file,
      ToDoubleFunction<T> score, HistoryPriors priors, Weights weights) {
    List<String> anchors = new ArrayList<>();
    for (int i = 0; i < Math.min(ANCHORS, ranked.size()); i++) {
      anchors.add(file.apply(ranked.get(i)));
    }
    Map<T, Double> weighted = new HashMap<>();
    Map<T, Integer> lexicalOrder = new HashMap<>();
    for (T item : ranked) {
      String f = file.apply(item);
      double lift = weights.churn() * priors.churn(f)
          + weights.coChange() * coChangeWithAnchors(priors, f, anchors);
      weighted.put(item, score.applyAsDouble(item) * (1 + lift));
      lexicalOrder.putIfAbsent(item, lexicalOrder.size());
    }
    List<T> out = new ArrayList<>(ranked);
    out.sort(Comparator.comparingDouble((T t) -> -weighted.get(t))
        .thenComparingInt(lexicalOrder::get));
    return out;
  }

  /** The strongest co-change of {@code file} with an anchor other than itself, in [0, 1]. */
  static double coChangeWithAnchors(HistoryPriors priors, String file, List<String> anchors) {
    double best = 0;
    for (String a : anchors) {
      if (!a.equals(file) && priors.changedTogether(file, a) >= MIN_TOGETHER) {
        best = Math.max(best, priors.coChange(file, a));
      }
    }
    return best;
  }
}
