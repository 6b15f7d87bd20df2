package io.github.slicegrep.search;

import io.github.slicegrep.Omission;
import io.github.slicegrep.match.Region;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.rank.Best;
import io.github.slicegrep.rank.Candidate;
import io.github.slicegrep.rank.FragmentBm25;
import io.github.slicegrep.rank.FragmentStats;
import io.github.slicegrep.rank.RecallCut;
import io.github.slicegrep.rank.Relevance;
import io.github.slicegrep.rank.Scorer;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The recall and scoring stage: each region's base relevance (fragment BM25 for a precise
 * query; for a question, BM25 recall and the recall cut), then the named signals. Signals
 * worked out for a region are kept (by identity) for a staged search's second ranking.
 */
final class Ranking {
  /** Files of this many best first-pass candidates are parsed in a staged search. */
  static final int FINALIST_CANDIDATES = 50;
  /** And those of this many best definitions and of this many best test candidates. */
  static final int FINALIST_GUARANTEE_CANDIDATES = 10;

  private final Query query;
  private final FileViews views;
  private final RegionCutter cutter;
  private final Map<Region, Scorer.Signals> signals = new IdentityHashMap<>();

  /**
   * The regions to score and their relevance.
   *
   * @param candidates the regions to score
   * @param relevance their base relevance
   * @param unranked the matched regions below a question's recall cut, as omissions (asked
   *     for only after the last ranking of a staged search)
   */
  record Recalled(
      List<Region> candidates, Relevance relevance, Supplier<List<Omission>> unranked) {}

  Ranking(Query query, FileViews views, RegionCutter cutter) {
    this.query = query;
    this.views = views;
    this.cutter = cutter;
  }

  /**
   * A question's relevance is BM25 recall, and only the regions above its recall cut are
   * scored; every precise match is scored.
   */
  Recalled recalled(FragmentStats stats, List<Region> regions) {
    if (query.route() != Query.Route.VAGUE) {
      return new Recalled(
          regions, new FragmentBm25(query.fragments().size(), stats, regions), List::of);
    }
    Relevance relevance = cutter.recall(regions);
    RecallCut cut = RecallCut.of(regions, relevance, query, views::outlineOf, views::factsOf);
    return new Recalled(cut.candidates(), relevance, cut::omissions);
  }

  /** The candidates scored, best first. */
  List<Candidate> rank(FragmentStats stats, Recalled recalled) {
    List<Candidate> ranked = score(stats, recalled);
    ranked.sort(Candidate.BEST_FIRST);
    return ranked;
  }

  /** The candidates scored, in their order: a staged search's first scores need no sort. */
  List<Candidate> score(FragmentStats stats, Recalled recalled) {
    Scorer scorer =
        new Scorer(query, stats, views::outlineOf, recalled.relevance(), views::factsOf);
    List<Candidate> scored = scorer.scoreAll(recalled.candidates(), signals);
    if (query.route() == Query.Route.VAGUE) {
      scored = FileEvidence.apply(query.questionWords(), scored, views::outlineOf);
    }
    return new ArrayList<>(scored);
  }

  /**
   * The files that can make the cut after a first ranking on heuristic outlines: those of
   * the best candidates, and of the best definitions and tests the guarantees may reach for.
   */
  static Set<SourceFile> finalists(List<Candidate> scored) {
    Set<SourceFile> out = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Candidate c : best(scored, FINALIST_CANDIDATES, c -> true)) {
      out.add(c.region().file());
    }
    for (Candidate c : best(scored, FINALIST_GUARANTEE_CANDIDATES, Candidate::isDefinition)) {
      out.add(c.region().file());
    }
    for (Candidate c : best(scored, FINALIST_GUARANTEE_CANDIDATES, Candidate::test)) {
      out.add(c.region().file());
    }
    return out;
  }

  /** The {@code k} best of the candidates {@code which} accepts. */
  private static List<Candidate> best(
      List<Candidate> scored, int k, Predicate<Candidate> which) {
    return Best.of(scored, k, Candidate::score, Candidate.BEST_FIRST.reversed(), which);
  }
}
