package io.github.slicegrep.dense;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reciprocal-rank fusion of a lexical order and a dense order, as the engine and bench use it. */
public final class RankFusion {
  /** The usual constant: rank 1 scores 1/61, so the head of a list does not swamp the rest. */
  public static final int K = 60;

  private RankFusion() {}

  /**
   * Every item of either list with its fused score {@code 1 / (K + rank)} from the lexical list
   * plus {@code denseWeight / (K + rank)} from the dense list, best first; ties keep the lexical
   * items first, then the order they were first seen in.
   */
  public static <T> Map<T, Double> reciprocalRank(
      List<T> lexical, List<T> dense, double denseWeight) {
    Map<T, Double> score = new LinkedHashMap<>();
    for (int i = 0; i < lexical.size(); i++) {
      score.merge(lexical.get(i), 1.0 / (K + i + 1), Double::sum);
    }
    for (int i = 0; i < dense.size(); i++) {
      score.merge(dense.get(i), denseWeight / (K + i + 1), Double::sum);
    }
    Map<T, Integer> order = new HashMap<>();
    score.keySet().forEach(k -> order.put(k, order.size()));
    List<T> keys = new ArrayList<>(score.keySet());
    keys.sort(Comparator.comparingDouble((T k) -> -score.get(k)).thenComparingInt(order::get));
    Map<T, Double> out = new LinkedHashMap<>();
    keys.forEach(k -> out.put(k, score.get(k)));
    return out;
  }
}
