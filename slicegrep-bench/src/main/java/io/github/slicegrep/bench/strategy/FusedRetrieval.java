package io.github.slicegrep.bench.strategy;

import io.github.slicegrep.Chunk;
import io.github.slicegrep.Omission;
import io.github.slicegrep.Result;
import io.github.slicegrep.SlicegrepException;
import io.github.slicegrep.bench.truth.Span;
import io.github.slicegrep.dense.DenseRuntime;
import io.github.slicegrep.dense.RankFusion;
import io.github.slicegrep.dense.StaticModel;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.query.QueryParser;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * slicegrep with dense recall fused in for vague queries only, the way the engine's seam would
 * do it: a precise query (anything the parser does not read as plain English) gets slicegrep's
 * own result untouched (the engine's router decides, quotations included). For a vague one, the guaranteed chunks stay first, and the rest of the
 * budget is filled from the reciprocal-rank fusion of slicegrep's order (its other shown chunks,
 * then its omitted regions, best first) and the dense blocks' order. With no model it is the
 * control: the same re-packing of slicegrep's own order, so that the packer's format is not
 * mistaken for the effect of dense recall.
 */
public final class FusedRetrieval implements Strategy {
  private final SharedSearch search;
  private final @Nullable DenseRuntime runtime;
  private final @Nullable StaticModel model;
  private final double denseWeight;
  private final String name;

  private FusedRetrieval(String name, SharedSearch search, @Nullable DenseRuntime runtime,
      @Nullable StaticModel model, double denseWeight) {
    this.name = name;
    this.search = search;
    this.runtime = runtime;
    this.model = model;
    this.denseWeight = denseWeight;
  }

  /** slicegrep+dense (weight 1) or a weighted variant. */
  public static FusedRetrieval fused(String name, SharedSearch search, DenseRuntime runtime,
      StaticModel model, double denseWeight) {
    return new FusedRetrieval(name, search, runtime, model, denseWeight);
  }

  /** The control: vague queries re-packed from slicegrep's own order, no dense list. */
  public static FusedRetrieval repackedOnly(SharedSearch search) {
    return new FusedRetrieval("slicegrep-repacked", search, null, null, 0);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Retrieval retrieve(SearchContext ctx, String query) {
    Result r;
    boolean vague;
    try {
      r = search.search(ctx.root(), query);
      vague = isVague(query);
    } catch (SlicegrepException e) {
      return new Retrieval("slicegrep: " + e.getMessage() + "\n", List.of(), 1);
    }
    if (!vague) {
      return SlicegrepStrategy.fromResult(r);
    }
    List<Span> guaranteed = new ArrayList<>();
    List<Span> lexical = new ArrayList<>();
    // Files the bench does not load (a shell script, say) cannot be re-rendered: the control
    // drops them too, so the comparison with it stays fair.
    for (Chunk c : r.chunks()) {
      if (!ctx.sources().has(c.file())) {
        continue;
      }
      Span s = new Span(c.file(), c.lineStart(), c.lineEnd());
      boolean isGuaranteed = c.rankReasons().stream().anyMatch(x -> x.startsWith("guaranteed"));
      (isGuaranteed ? guaranteed : lexical).add(s);
    }
    for (Omission o : r.omitted()) {
      if (!o.why().equals(Omission.DUPLICATE) && ctx.sources().has(o.file())) {
        lexical.add(new Span(o.file(), o.lineStart(), o.lineEnd()));
      }
    }
    List<Span> dense = runtime == null || model == null
        ? List.of()
        : ctx.denseBlocks(runtime, model).top(query, IndexedRetrieval.CANDIDATES);
    List<Span> ranked = new ArrayList<>(guaranteed);
    ranked.addAll(fuse(lexical, dense, denseWeight));
    return Packer.pack(ranked, ctx.sources(), Limits.RETRIEVAL_BUDGET);
  }

  /**
   * The engine's own routing: a question by the parser's shape rule (a question found
   * verbatim in the code is still ranked by its words, with the phrase lifted).
   */
  static boolean isVague(String query) {
    return QueryParser.read(query).first().route() == Query.Route.VAGUE;
  }

  /** Reciprocal-rank fusion: each list adds weight / (k + rank); ties keep the lexical first. */
  static List<Span> fuse(List<Span> lexical, List<Span> dense, double denseWeight) {
    return new ArrayList<>(RankFusion.reciprocalRank(lexical, dense, denseWeight).keySet());
  }
}
