package io.github.slicegrep;

import com.google.common.collect.ImmutableList;
import java.util.List;

/**
 * A matched region that was not returned, with enough detail to fetch it directly.
 *
 * @param file path relative to the searched root
 * @param lineStart first line of the region, 1-based
 * @param lineEnd last line, inclusive
 * @param tokens estimated tokens the region would cost
 * @param score its ranking score
 * @param reasons its ranking reasons
 * @param why {@code budget}, {@code truncated} (the rest of a chunk that was cut to fit) or
 *     {@code duplicate} (a near-duplicate of a shown chunk)
 */
public record Omission(
    String file, int lineStart, int lineEnd, int tokens, double score, List<String> reasons,
    String why) {

  public static final String BUDGET = "budget";
  public static final String TRUNCATED = "truncated";
  public static final String DUPLICATE = "duplicate";

  public Omission {
    reasons = ImmutableList.copyOf(reasons);
  }
}
