package io.github.slicegrep.bench.strategy;

import io.github.slicegrep.bench.truth.Span;
import java.util.List;

/**
 * The ranked-unit baselines: BM25 or TF-IDF over fixed windows, BM25 or TF-IDF over
 * definition-aligned chunks (the bench's own extraction, not slicegrep's outline), and the
 * published lexical stack of shared/RANKING.md section 2 ({@link PublishedStack}).
 */
public final class IndexedRetrieval implements Strategy {
  /** How many ranked units the packer may look at. */
  static final int CANDIDATES = 60;

  /** Which index and which scoring. */
  public enum Kind {
    BM25_WINDOWS("bm25-windows"),
    TFIDF_WINDOWS("tfidf-windows"),
    TFIDF_AST_CHUNKS("tfidf-ast-chunks"),
    BM25_AST_CHUNKS("bm25-ast-chunks"),
    PUBLISHED_STACK("published-stack");

    private final String label;

    Kind(String label) {
      this.label = label;
    }
  }

  private final Kind kind;

  public IndexedRetrieval(Kind kind) {
    this.kind = kind;
  }

  @Override
  public String name() {
    return kind.label;
  }

  @Override
  public Retrieval retrieve(SearchContext ctx, String query) {
    return retrieve(ctx, query, Limits.RETRIEVAL_BUDGET);
  }

  /** The ranked units for {@code query} packed under {@code budget} tokens. */
  public Retrieval retrieve(SearchContext ctx, String query, int budget) {
    return Packer.pack(ranked(ctx, query), ctx.sources(), budget);
  }

  /** The units this baseline ranks for {@code query}, best first, before packing. */
  public List<Span> ranked(SearchContext ctx, String query) {
    List<String> terms = Terms.query(query);
    return switch (kind) {
      case BM25_WINDOWS -> ctx.windows().bm25(terms, CANDIDATES);
      case TFIDF_WINDOWS -> ctx.windows().tfidf(terms, CANDIDATES);
      case TFIDF_AST_CHUNKS -> ctx.chunks().tfidf(terms, CANDIDATES);
      case BM25_AST_CHUNKS -> ctx.chunks().bm25(terms, CANDIDATES);
      case PUBLISHED_STACK -> ctx.published().ranked(query);
    };
  }
}
