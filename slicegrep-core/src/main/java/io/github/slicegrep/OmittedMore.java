package io.github.slicegrep;

import com.google.common.base.Preconditions;

/**
 * The omitted regions a result counts instead of listing them (shared/SPEC.md section 7): a
 * question's words match thousands of regions on a large tree, and naming each one cost more
 * than the search and filled a caller's context with ranges nobody will read. The best omitted
 * regions and every omitted region of a file shown stay listed in {@link Result#omitted()};
 * these are the rest, summed. Their token total is an estimate, and says so in both reports.
 *
 * @param regions how many regions were left out without being listed
 * @param tokens their estimated tokens, summed
 */
public record OmittedMore(int regions, int tokens) {
  /** Nothing beyond the listed omissions. */
  public static final OmittedMore NONE = new OmittedMore(0, 0);

  /**
   * Checks that both counts are non-negative.
   *
   * @param regions how many regions were left out without being listed
   * @param tokens their estimated tokens, summed
   */
  public OmittedMore {
    Preconditions.checkArgument(regions >= 0 && tokens >= 0,
        "negative omitted count: %s regions, %s tokens", regions, tokens);
  }

  /**
   * Both counts summed.
   *
   * @param other more regions counted
   * @return the regions of both and their tokens
   */
  public OmittedMore plus(OmittedMore other) {
    return new OmittedMore(
        regions + other.regions, (int) Math.min(Integer.MAX_VALUE, (long) tokens + other.tokens));
  }

  /**
   * Whether every omitted region is listed.
   *
   * @return true when nothing was summed
   */
  public boolean isEmpty() {
    return regions == 0;
  }
}
