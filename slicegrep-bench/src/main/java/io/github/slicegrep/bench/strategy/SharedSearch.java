package io.github.slicegrep.bench.strategy;

import io.github.slicegrep.Boundary;
import io.github.slicegrep.FocusedReader;
import io.github.slicegrep.Options;
import io.github.slicegrep.Result;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One slicegrep reader for the strategies that post-process slicegrep's result, remembering the
 * last result: the suite asks every strategy the same query in turn, so the fused variants and
 * their control pay for one search, not one each.
 */
public final class SharedSearch {
  private final FocusedReader reader = new FocusedReader();
  private Path lastRoot;
  private String lastQuery;
  private Result last;

  /** slicegrep's result at the retrieval budget, boundary fn, as the slicegrep row asks. */
  public synchronized Result search(Path root, String query) {
    if (last == null || !Objects.equals(root, lastRoot) || !query.equals(lastQuery)) {
      Options options =
          Options.defaults().withBudget(Limits.RETRIEVAL_BUDGET).withBoundary(Boundary.FN);
      last = reader.search(root, query, options);
      lastRoot = root;
      lastQuery = query;
    }
    return last;
  }
}
