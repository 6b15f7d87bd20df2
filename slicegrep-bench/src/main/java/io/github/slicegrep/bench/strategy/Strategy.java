package io.github.slicegrep.bench.strategy;

/** One way of getting code context for a query. */
public interface Strategy {
  /** The name used in result tables. */
  String name();

  Retrieval retrieve(SearchContext ctx, String query);
}
