package io.github.slicegrep.bench.strategy;

import java.util.List;

/** The ranked-unit baselines: BM25 or TF-IDF over fixed windows, TF-IDF over AST chunks. */
public final class IndexedRetrieval implements Strategy {
  /** How many ranked units the packer may look at. */
  static final int CANDIDATES = 60;

  /** Which index and which scoring. */
  public enum Kind {
    BM25_WINDOWS("bm25-windows"),
    TFIDF_WINDOWS("tfidf-windows"),
    TFIDF_AST_CHUNKS("tfidf-ast-chunks");

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
    List<String> terms = Terms.query(query);
    var ranked = switch (kind) {
      case BM25_WINDOWS -> ctx.windows().bm25(terms, CANDIDATES);
      case TFIDF_WINDOWS -> ctx.windows().tfidf(terms, CANDIDATES);
      case TFIDF_AST_CHUNKS -> ctx.chunks().tfidf(terms, CANDIDATES);
    };
    return Packer.pack(ranked, ctx.sources(), Limits.RETRIEVAL_BUDGET);
  }
}
