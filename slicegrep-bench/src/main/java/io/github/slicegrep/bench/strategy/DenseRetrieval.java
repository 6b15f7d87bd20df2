package io.github.slicegrep.bench.strategy;

import io.github.slicegrep.dense.DenseRuntime;
import io.github.slicegrep.dense.StaticModel;

/** dense-blocks: the best blocks by cosine similarity to the query, packed under the budget. */
public final class DenseRetrieval implements Strategy {
  private final DenseRuntime runtime;
  private final StaticModel model;

  public DenseRetrieval(DenseRuntime runtime, StaticModel model) {
    this.runtime = runtime;
    this.model = model;
  }

  @Override
  public String name() {
    return "dense-blocks";
  }

  @Override
  public Retrieval retrieve(SearchContext ctx, String query) {
    return Packer.pack(ctx.denseBlocks(runtime, model).top(query, IndexedRetrieval.CANDIDATES),
        ctx.sources(), Limits.RETRIEVAL_BUDGET);
  }
}
