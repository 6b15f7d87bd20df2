package io.github.slicegrep.rank;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.Omission;
import io.github.slicegrep.match.Region;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.Tokens;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A question's recall cut: the regions its BM25 relevance ranks highest go on to be scored,
 * deduplicated and packed; the rest are still listed as omitted, with their relevance as their
 * score and {@link Omission#UNRANKED} as the reason they were left out.
 *
 * <p>A question's words are common ones, and on a large tree they match thousands of regions
 * (4,319 for one django question) of which only the best few hundred can ever be shown. Giving
 * every one the full treatment cost most of a warm question's time; on the tuning tasks the best
 * 200 by relevance held every answer (docs/RESULTS.md). The best definitions of the names a
 * question mentions and the best test regions pass the cut too, since the packer's guarantees
 * reach for them even when their relevance is low.
 *
 * @param candidates the regions that passed, in their original order
 * @param below the regions that did not, in their original order
 */
public record RecallCut(List<Region> candidates, List<Region> below) {
  /** Regions that pass on relevance alone. */
  public static final int CANDIDATES = 200;
  /** Further definitions, and further test regions, that pass for the packer's guarantees. */
  public static final int GUARANTEE_CANDIDATES = 10;

  /**
   * Copies both lists into immutable ones.
   *
   * @param candidates the regions that passed, in their original order
   * @param below the regions that did not, in their original order
   */
  public RecallCut {
    candidates = ImmutableList.copyOf(candidates);
    below = ImmutableList.copyOf(below);
  }

  /**
   * Cuts {@code regions} by {@code relevance}: the {@link #CANDIDATES} best, then the {@link
   * #GUARANTEE_CANDIDATES} best of those defining a symbol the question names and of those in
   * test files. Ties are broken by file and first line, so the cut never depends on the order the
   * regions come in.
   *
   * @param outlines each file's outline, to find definitions (called for few regions: only when
   *     the question names a symbol)
   * @param facts each file's facts, to find tests
   */
  public static RecallCut of(
      List<Region> regions, Relevance relevance, Query query,
      Function<SourceFile, Outline> outlines, Function<SourceFile, FileFacts> facts) {
    Predicate<Region> definition =
        r -> !query.symbols().isEmpty()
            && !Scorer.definedSymbols(query, r, outlines.apply(r.file())).isEmpty();
    Predicate<Region> test = r -> facts.apply(r.file()).test;
    if (regions.size() <= CANDIDATES) {
      return new RecallCut(regions, List.of());
    }
    double[] value = new double[regions.size()];
    Integer[] order = new Integer[regions.size()];
    for (int i = 0; i < value.length; i++) {
      value[i] = relevance.of(regions.get(i));
      order[i] = i;
    }
    Comparator<Integer> best =
        (a, b) -> {
          int byValue = Double.compare(value[b], value[a]);
          if (byValue != 0) {
            return byValue;
          }
          Region ra = regions.get(a);
          Region rb = regions.get(b);
          int byFile = ra.file().relativePath().compareTo(rb.file().relativePath());
          return byFile != 0 ? byFile : Integer.compare(ra.start(), rb.start());
        };
    Arrays.sort(order, best);
    boolean[] passes = new boolean[regions.size()];
    int definitions = 0;
    int tests = 0;
    for (int rank = 0; rank < order.length; rank++) {
      int i = order[rank];
      Region r = regions.get(i);
      if (rank < CANDIDATES) {
        passes[i] = true;
      } else if (definitions < GUARANTEE_CANDIDATES && definition.test(r)) {
        passes[i] = true;
        definitions++;
      } else if (tests < GUARANTEE_CANDIDATES && test.test(r)) {
        passes[i] = true;
        tests++;
      }
    }
    List<Region> candidates = new ArrayList<>();
    List<Region> below = new ArrayList<>();
    for (int i = 0; i < passes.length; i++) {
      (passes[i] ? candidates : below).add(regions.get(i));
    }
    return new RecallCut(candidates, below);
  }

  /**
   * The regions below the cut as omissions, in their original order: each scored by its
   * relevance alone (on the scale of {@link Candidate#score()}, before any signal), with the
   * relevance's reason.
   */
  public List<Omission> omissions(Relevance relevance) {
    List<String> reasons =
        relevance.reason() == null ? List.of() : List.of(relevance.reason());
    List<Omission> out = new ArrayList<>(below.size());
    for (Region r : below) {
      out.add(
          new Omission(
              r.file().relativePath(), r.start(), r.end(),
              Tokens.estimate(r.file(), r.start(), r.end()), Scorer.display(relevance.of(r)),
              reasons, Omission.UNRANKED));
    }
    return out;
  }
}
