package io.github.slicegrep.rank;

import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.Region;
import java.util.List;

/**
 * BM25 with the query's fragments as the terms and the matched regions as the documents: a
 * fragment's frequency is the number of its hits in the region, its idf comes from {@link
 * FragmentStats}, and lengths are in lines.
 */
public final class FragmentBm25 implements Relevance {
  /** Term-frequency saturation; the usual value. */
  static final double K1 = 1.2;
  /** Length normalisation; the usual value. */
  static final double B = 0.75;

  private final int fragments;
  private final FragmentStats stats;
  private final double averageLines;

  public FragmentBm25(int fragments, FragmentStats stats, List<Region> allRegions) {
    this.fragments = fragments;
    this.stats = stats;
    this.averageLines = allRegions.stream().mapToInt(Region::lineCount).average().orElse(1);
  }

  @Override
  public double of(Region region) {
    int[] tf = new int[fragments];
    for (Hit h : region.hits()) {
      tf[h.fragment()]++;
    }
    double norm = K1 * (1 - B + B * region.lineCount() / averageLines);
    double sum = 0;
    for (int f = 0; f < tf.length; f++) {
      if (tf[f] > 0) {
        sum += stats.idf(f) * tf[f] * (K1 + 1) / (tf[f] + norm);
      }
    }
    return sum;
  }
}
