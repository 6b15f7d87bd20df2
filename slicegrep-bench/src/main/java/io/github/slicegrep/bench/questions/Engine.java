package io.github.slicegrep.bench.questions;

import io.github.slicegrep.Boundary;
import io.github.slicegrep.Chunk;
import io.github.slicegrep.FocusedReader;
import io.github.slicegrep.Omission;
import io.github.slicegrep.Options;
import io.github.slicegrep.Result;
import io.github.slicegrep.SlicegrepException;
import io.github.slicegrep.bench.metrics.Tokens;
import io.github.slicegrep.bench.strategy.IndexedRetrieval;
import io.github.slicegrep.bench.strategy.Limits;
import io.github.slicegrep.bench.strategy.ProbeStrategy;
import io.github.slicegrep.bench.strategy.Retrieval;
import io.github.slicegrep.bench.strategy.SearchContext;
import io.github.slicegrep.bench.truth.Span;
import io.github.slicegrep.solr.ClusterSearch;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

/** An engine as the questions suite sees it: a ranked list, what fit the budget, its cost. */
public interface Engine {
  /**
   * One engine's answer.
   *
   * @param ranked every unit it ranks, best first (for NDCG)
   * @param shown the code it hands over within the budget
   * @param tokens what the answer costs to read
   */
  record Answer(List<Span> ranked, List<Span> shown, int tokens) {}

  String name();

  Answer answer(SearchContext ctx, String question);

  /**
   * slicegrep through its public API at the retrieval budget, cutting regions by {@code
   * boundary} (users get {@link Boundary#AUTO} unless they ask): its ranked list is the chunks,
   * then the omitted regions, in order.
   */
  static Engine slicegrep(Boundary boundary) {
    return slicegrep("slicegrep", false, boundary);
  }

  /**
   * slicegrep as {@link #slicegrep(Boundary)}, with dense recall fused into questions when
   * {@code dense} (the model from {@code SLICEGREP_MODEL_DIR}, docs/dense.md).
   */
  static Engine slicegrep(String name, boolean dense, Boundary boundary) {
    return slicegrep(name, Options.defaults().withBudget(Limits.RETRIEVAL_BUDGET)
        .withBoundary(boundary).withDense(dense));
  }

  /** slicegrep through its public API with {@code options} (budget included). */
  static Engine slicegrep(String name, Options options) {
    FocusedReader reader = new FocusedReader();
    return of(name, (ctx, question) -> search(reader, ctx, question, options));
  }

  /**
   * slicegrep held to {@code cap} tokens of what its reader reads. Its budget counts the code
   * it shows; the report around the code (query, ranking, files, omitted regions) comes on
   * top, and grows with the chunks shown (each has a header and a ranking line with its
   * reasons) while the omitted list grows as they shrink. When the report at budget {@code
   * cap} is over the cap, the budget is searched for: first the budget scaled by cap / tokens
   * read, then halving the interval between the largest budget known to fit and the smallest
   * known not to, stopping at an answer within 3% under the cap, an interval of 2% of the cap
   * or five more searches. The largest answer that fits is returned; when none does (the
   * report's fixed part alone is over the cap), the last one tried, its tokens saying so.
   */
  static Engine slicegrepWithin(String name, Options options, int cap) {
    FocusedReader reader = new FocusedReader();
    return of(name, (ctx, question) -> {
      Answer first = search(reader, ctx, question, options.withBudget(cap));
      if (first.tokens() <= cap) {
        return first;
      }
      Answer best = null;
      Answer last = first;
      int fits = 0;
      int over = cap;
      int budget = (int) (cap * 0.99 * cap / first.tokens());
      for (int i = 0; i < 5 && over - fits > Math.max(1, cap / 50); i++) {
        budget = Math.max(fits + 1, Math.min(over - 1, budget));
        Answer a = search(reader, ctx, question, options.withBudget(budget));
        if (a.tokens() <= cap) {
          best = a;
          fits = budget;
          if (a.tokens() >= 0.97 * cap) {
            break;
          }
        } else {
          last = a;
          over = budget;
        }
        budget = (fits + over) / 2;
      }
      return best != null ? best : last;
    });
  }

  /** An engine of a name and a way to answer. */
  private static Engine of(String name, BiFunction<SearchContext, String, Answer> answer) {
    return new Engine() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Answer answer(SearchContext ctx, String question) {
        return answer.apply(ctx, question);
      }
    };
  }

  /** One search: the chunks as shown, chunks then omitted regions as ranked, report tokens. */
  private static Answer search(FocusedReader reader, SearchContext ctx, String question,
      Options options) {
    try {
      return answerOf(reader.search(ctx.root(), question, options), file -> file);
    } catch (SlicegrepException e) {
      return new Answer(List.of(), List.of(), Tokens.count(e.getMessage()));
    }
  }

  /**
   * slicegrep through a SolrCloud collection (docs/cluster.md) holding each corpus as a
   * repository named by its directory, searched one repository at a time, as {@link
   * #slicegrep(Boundary)} searches one tree; chunks come back as {@code repository/path} and
   * are named by their path in the corpus.
   */
  static Engine cluster(ClusterSearch search, Boundary boundary) {
    Options options =
        Options.defaults().withBudget(Limits.RETRIEVAL_BUDGET).withBoundary(boundary);
    return of("slicegrep-solr", (ctx, question) -> {
      String repository = String.valueOf(ctx.root().getFileName());
      String prefix = repository + "/";
      try {
        return answerOf(search.search(question, options, List.of(repository)),
            file -> file.startsWith(prefix) ? file.substring(prefix.length()) : file);
      } catch (SlicegrepException e) {
        return new Answer(List.of(), List.of(), Tokens.count(e.getMessage()));
      }
    });
  }

  /** Its chunks, then its omitted regions, in order, as spans of files named by {@code name}. */
  private static Answer answerOf(Result r, UnaryOperator<String> name) {
    List<Span> shown = new ArrayList<>();
    for (Chunk c : r.chunks()) {
      if (c.lineStart() >= 1 && c.lineEnd() >= c.lineStart()) {
        shown.add(new Span(name.apply(c.file()), c.lineStart(), c.lineEnd()));
      }
    }
    List<Span> ranked = new ArrayList<>(shown);
    for (Omission o : r.omitted()) {
      if (o.lineStart() >= 1 && o.lineEnd() >= o.lineStart()) {
        ranked.add(new Span(name.apply(o.file()), o.lineStart(), o.lineEnd()));
      }
    }
    return new Answer(ranked, shown, Tokens.count(r.render()));
  }

  /** A ranked-unit baseline: its ranking before packing, and what packing keeps. */
  static Engine indexed(IndexedRetrieval.Kind kind) {
    return indexed(kind, Limits.RETRIEVAL_BUDGET);
  }

  /** {@link #indexed(IndexedRetrieval.Kind)} packing under {@code budget} tokens. */
  static Engine indexed(IndexedRetrieval.Kind kind, int budget) {
    IndexedRetrieval baseline = new IndexedRetrieval(kind);
    return new Engine() {
      @Override
      public String name() {
        return baseline.name();
      }

      @Override
      public Answer answer(SearchContext ctx, String question) {
        Retrieval packed = baseline.retrieve(ctx, question, budget);
        return new Answer(baseline.ranked(ctx, question), packed.shown(),
            Tokens.count(packed.text()));
      }
    };
  }

  /** The peer probe: its blocks in its order are both its ranking and what it shows. */
  static Engine probe(Path binary) {
    ProbeStrategy probe = new ProbeStrategy(binary);
    return new Engine() {
      @Override
      public String name() {
        return probe.name();
      }

      @Override
      public Answer answer(SearchContext ctx, String question) {
        Retrieval r = probe.retrieve(ctx, question);
        return new Answer(r.shown(), r.shown(), Tokens.count(r.text()));
      }
    };
  }
}
