package io.github.slicegrep.rank;

import io.github.slicegrep.match.Region;
import org.jspecify.annotations.Nullable;

/**
 * How well a region's text answers the query before any signal: the base score the named
 * signals multiply. Precise queries use {@link FragmentBm25}; questions use BM25 recall over
 * definition blocks.
 */
@FunctionalInterface
public interface Relevance {
  double of(Region region);

  /** The reason every candidate scored this way carries, or null for the plain lexical path. */
  default @Nullable String reason() {
    return null;
  }
}
