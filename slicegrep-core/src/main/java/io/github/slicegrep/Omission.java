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
 * @param why {@code budget}, {@code truncated} (the rest of a chunk that was cut to fit),
 *     {@code duplicate} (a near-duplicate of a shown chunk) or {@code unranked} (a question's
 *     match below its recall cut)
 */
public record Omission(
    String file, int lineStart, int lineEnd, int tokens, double score, List<String> reasons,
    String why) {

  /** {@link #why()} of a region left out because the budget was spent. */
  public static final String BUDGET = "budget";
  /** {@link #why()} of the rest of a chunk that was cut to fit the budget. */
  public static final String TRUNCATED = "truncated";
  /** {@link #why()} of a near-duplicate of a shown chunk. */
  public static final String DUPLICATE = "duplicate";
  /**
   * {@link #why()} of a region a question matched whose BM25 relevance fell below the recall
   * cut: it was neither scored by the signals nor considered for packing, and its score is its
   * relevance alone.
   */
  public static final String UNRANKED = "unranked";
  /**
   * {@link #why()} of a region ranked by the query's words that scored below every region
   * holding the query's text verbatim would without its lift: when the exact text was found,
   * weaker regions are named, not shown.
   */
  public static final String BELOW_PHRASE = "below_phrase";

  /**
   * Copies {@code reasons} into an immutable list.
   *
   * @param file path relative to the searched root
   * @param lineStart first line of the region, 1-based
   * @param lineEnd last line, inclusive
   * @param tokens estimated tokens the region would cost
   * @param score its ranking score
   * @param reasons its ranking reasons
   * @param why {@code budget}, {@code truncated} (the rest of a chunk that was cut to fit),
   *     {@code duplicate} (a near-duplicate of a shown chunk) or {@code unranked} (a question's
   *     match below its recall cut)
   */
  public Omission {
    reasons = ImmutableList.copyOf(reasons);
  }
}
