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
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;

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
 * reach for them even when their relevance is low, and so do the best regions holding the
 * question's text verbatim, which are lifted. Immutable.
 */
public final class RecallCut {
  /** Regions that pass on relevance alone. */
  public static final int CANDIDATES = 200;
  /** Further definitions, and further test regions, that pass for the packer's guarantees. */
  public static final int GUARANTEE_CANDIDATES = 10;

  private final List<Region> candidates;
  private final List<Region> below;
  /** The relevance of each region below the cut, in the same order. */
  private final double[] belowRelevance;
  private final @Nullable String reason;

  private RecallCut(
      List<Region> candidates, List<Region> below, double[] belowRelevance,
      @Nullable String reason) {
    this.candidates = ImmutableList.copyOf(candidates);
    this.below = ImmutableList.copyOf(below);
    this.belowRelevance = belowRelevance;
    this.reason = reason;
  }

  /** The regions that passed, in their original order. */
  public List<Region> candidates() {
    return candidates;
  }

  /** The regions that did not, in their original order. */
  public List<Region> below() {
    return below;
  }

  /**
   * Cuts {@code regions} by {@code relevance}: the {@link #CANDIDATES} best, then the {@link
   * #GUARANTEE_CANDIDATES} best of those holding the lifted phrase, of those defining a symbol
   * the question names and of those in
   * test files. Ties are broken by file and first line, so the cut never depends on the order the
   * regions come in.
   *
   * @param outlines each file's outline, to find definitions (only asked when the question
   *     names a symbol)
   * @param facts each file's facts, to find tests
   */
  public static RecallCut of(
      List<Region> regions, Relevance relevance, Query query,
      Function<SourceFile, Outline> outlines, Function<SourceFile, FileFacts> facts) {
    int n = regions.size();
    double[] value = new double[n];
    for (int i = 0; i < n; i++) {
      value[i] = relevance.of(regions.get(i));
    }
    if (n <= CANDIDATES) {
      return new RecallCut(regions, List.of(), new double[0], relevance.reason());
    }
    Comparator<Integer> worstFirst =
        (a, b) -> {
          int byValue = Double.compare(value[a], value[b]);
          if (byValue != 0) {
            return byValue;
          }
          Region ra = regions.get(a);
          Region rb = regions.get(b);
          int byFile = rb.file().relativePath().compareTo(ra.file().relativePath());
          return byFile != 0 ? byFile : Integer.compare(rb.start(), ra.start());
        };
    List<Integer> all = IntStream.range(0, n).boxed().toList();
    boolean[] passes = new boolean[n];
    for (int i : best(all, CANDIDATES, value, worstFirst, i -> true)) {
      passes[i] = true;
    }
    int lifted = query.liftedFragment();
    if (lifted >= 0) {
      for (int i : best(all, GUARANTEE_CANDIDATES, value, worstFirst,
          i -> !passes[i] && regions.get(i).fragments().get(lifted))) {
        passes[i] = true;
      }
    }
    if (!query.symbols().isEmpty()) {
      for (int i : best(all, GUARANTEE_CANDIDATES, value, worstFirst,
          i -> !passes[i] && !QueriedDefinitions.of(query, regions.get(i),
              outlines.apply(regions.get(i).file())).symbols().isEmpty())) {
        passes[i] = true;
      }
    }
    // A file's regions come together: its facts are looked up once for all of them.
    SourceFile[] lastFile = {null};
    boolean[] lastTest = {false};
    Predicate<Integer> test =
        i -> {
          SourceFile file = regions.get(i).file();
          if (file != lastFile[0]) {
            lastFile[0] = file;
            lastTest[0] = facts.apply(file).test;
          }
          return lastTest[0];
        };
    for (int i : best(all, GUARANTEE_CANDIDATES, value, worstFirst,
        i -> !passes[i] && test.test(i))) {
      passes[i] = true;
    }
    List<Region> candidates = new ArrayList<>();
    List<Region> below = new ArrayList<>(n - CANDIDATES);
    double[] belowRelevance = new double[n];
    for (int i = 0; i < n; i++) {
      if (passes[i]) {
        candidates.add(regions.get(i));
      } else {
        belowRelevance[below.size()] = value[i];
        below.add(regions.get(i));
      }
    }
    return new RecallCut(
        candidates, below, Arrays.copyOf(belowRelevance, below.size()), relevance.reason());
  }

  /** The {@code k} best of the regions {@code which} accepts, by {@code worstFirst}. */
  private static List<Integer> best(
      List<Integer> all, int k, double[] value, Comparator<Integer> worstFirst,
      Predicate<Integer> which) {
    return Best.of(all, k, i -> value[i], worstFirst, which);
  }

  /**
   * The regions below the cut as omissions, in their original order: each scored by its
   * relevance alone (on the scale of {@link Candidate#score()}, before any signal), with the
   * relevance's reason.
   */
  public List<Omission> omissions() {
    // One immutable list for all: the omission keeps it as it is instead of copying it.
    List<String> reasons = reason == null ? ImmutableList.of() : ImmutableList.of(reason);
    List<Omission> out = new ArrayList<>(below.size());
    for (int i = 0; i < below.size(); i++) {
      Region r = below.get(i);
      out.add(
          new Omission(
              r.file().relativePath(), r.start(), r.end(),
              Tokens.estimate(r.file(), r.start(), r.end()), Scorer.display(belowRelevance[i]),
              reasons, Omission.UNRANKED));
    }
    return out;
  }
}
