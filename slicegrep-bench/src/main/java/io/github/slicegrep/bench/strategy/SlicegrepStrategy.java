package io.github.slicegrep.bench.strategy;

import io.github.slicegrep.Boundary;
import io.github.slicegrep.Chunk;
import io.github.slicegrep.FocusedReader;
import io.github.slicegrep.Options;
import io.github.slicegrep.Result;
import io.github.slicegrep.SlicegrepException;
import io.github.slicegrep.bench.truth.Span;
import java.util.ArrayList;
import java.util.List;

/**
 * One slicegrep call through the public API, its rendered report being what the model reads. A
 * reader is shared across tasks of a run, as a long-running host would keep it.
 */
public final class SlicegrepStrategy implements Strategy {
  private final FocusedReader reader = new FocusedReader();
  private final Boundary boundary;

  public SlicegrepStrategy(Boundary boundary) {
    this.boundary = boundary;
  }

  @Override
  public String name() {
    return boundary == Boundary.FN ? "slicegrep" : "slicegrep-" + boundary.label();
  }

  @Override
  public Retrieval retrieve(SearchContext ctx, String query) {
    Options options = Options.defaults().withBudget(Limits.RETRIEVAL_BUDGET)
        .withBoundary(boundary);
    Result r;
    try {
      r = reader.search(ctx.root(), query, options);
    } catch (SlicegrepException e) {
      return new Retrieval("slicegrep: " + e.getMessage() + "\n", List.of(), 1);
    }
    return fromResult(r);
  }

  /** The spans shown by a result (paths are relative to the searched root). */
  public static Retrieval fromResult(Result r) {
    List<Span> shown = new ArrayList<>();
    for (Chunk c : r.chunks()) {
      if (c.lineEnd() >= c.lineStart() && c.lineStart() >= 1) {
        shown.add(new Span(c.file(), c.lineStart(), c.lineEnd()));
      }
    }
    return new Retrieval(r.render(), shown, 1);
  }
}
