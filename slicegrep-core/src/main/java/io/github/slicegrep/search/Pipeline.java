package io.github.slicegrep.search;

import io.github.slicegrep.Omission;
import io.github.slicegrep.Options;
import io.github.slicegrep.Result;
import io.github.slicegrep.match.Region;
import io.github.slicegrep.pack.Packer;
import io.github.slicegrep.pack.Packing;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.query.QueryReading;
import io.github.slicegrep.query.Router;
import io.github.slicegrep.rank.Candidate;
import io.github.slicegrep.rank.Dedupe;
import io.github.slicegrep.rank.FragmentStats;
import io.github.slicegrep.rank.Scorer;
import io.github.slicegrep.recall.BlockBm25;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One query's way from a candidate source to its result: route, scan, cut regions, recall and
 * score, deduplicate, pack, assemble, then the optional evidence. Text whose exact reading
 * matches nothing (or, for a sentence, only a line or two) is searched again by its words
 * (SPEC 4: never empty while the words are there). One per reader (it holds the
 * optional evidence's caches); thread-safe, each search's state lives in its own stages.
 */
public final class Pipeline {
  /**
   * Above this many matched lines the parser (tens of thousands of lines a second) would
   * dominate the search, so ranking is staged: a first pass on heuristic outlines picks the
   * finalists, and only their files are parsed for the final ranking and slicing.
   */
  static final long PRECISE_OUTLINE_LINES = 60_000;

  /**
   * An exact reading of several words that matched this many lines or fewer found a sliver:
   * a phrase in one comment, a line of a changelog. Its words are searched too.
   */
  static final long SLIVER_LINES = 2;

  private final OptionalEvidence evidence = new OptionalEvidence();

  /**
   * Searches the source's files for the query.
   *
   * @param reading the query as read, once
   * @param options every setting of the search
   * @param scope what is searched, as the result names it
   * @param source the files and their analyses
   * @return the result
   */
  public Result run(QueryReading reading, Options options, Scope scope, CandidateSource source) {
    Query query = Router.route(reading, source::contains);
    Lexical lexical = lexical(query, options, scope, source);
    Optional<Query> words = reading.byWords();
    boolean fallBack =
        !lexical.result().matched() || (reading.isSentence() && lexical.sliver());
    if (words.isPresent() && fallBack) {
      // Read as written (a sentence with a period, quotes, an issue number, two words), the
      // text matched nothing or a line or two; its words may still be there, and then they
      // rank the search, with whatever the exact reading found lifted.
      Query byWords =
          lexical.result().matched()
              ? words.get().lifting(query.fragments().get(0), Query.Reading.WORDS)
              : words.get();
      Lexical again = lexical(byWords, options, scope, source);
      if (again.result().matched()) {
        query = byWords;
        lexical = again;
      }
    }
    return evidence.apply(
        new OptionalEvidence.Searched(scope, query, options, source.files(), source.analyses()),
        lexical.result());
  }

  /**
   * A lexical search's result and how many lines its hits stand on.
   */
  private record Lexical(Result result, long hitLines) {
    /** Nothing, or so little that a reading by words is worth a look. */
    boolean sliver() {
      return hitLines <= SLIVER_LINES;
    }
  }

  private static Lexical lexical(
      Query query, Options options, Scope scope, CandidateSource source) {
    Scanned scanned = Scanned.of(query, source);
    FileViews views = new FileViews(source.analyses(), scanned.matched().size());
    RegionCutter cutter = new RegionCutter(query, options, views, scanned.matched().size());
    Ranking ranking = new Ranking(query, views, cutter);
    int matched = scanned.matched().size();

    List<@Nullable List<Region>> regionsByFile = new ArrayList<>(Collections.nCopies(matched, null));
    BlockBm25.Counting counting = cutter.counting();
    Optional<BlockSelection.Selected> selection =
        counting == null
            ? Optional.empty()
            : BlockSelection.select(query, scanned, views, counting);
    // A selection leaves few files to cut, all of them by the parser's outline; without one a
    // search over many matched lines is staged.
    boolean staged = selection.isEmpty() && scanned.matchedLines() > PRECISE_OUTLINE_LINES;
    if (selection.isPresent()) {
      Set<SourceFile> selected = selection.get().files();
      views.makePrecise(selected);
      cutter.adopt(selection.get());
      for (int k = 0; k < matched; k++) {
        if (!selected.contains(scanned.matchedFile(k))) {
          regionsByFile.set(k, List.of());
        }
      }
    } else if (!staged) {
      views.makePrecise(matchedFiles(scanned));
    }
    cutter.cut(scanned, regionsByFile);
    List<Region> regions = RegionCutter.flatten(regionsByFile);
    FragmentStats stats =
        FragmentStats.of(query.fragments().size(), scanned.files().size(),
            scanned.filesWithFragment(), regions);
    Ranking.Recalled recalled = ranking.recalled(stats, regions);
    List<Candidate> ranked =
        staged ? ranking.score(stats, recalled) : ranking.rank(stats, recalled);
    if (staged) {
      // Only the finalists' files are parsed and cut again; every other file keeps its
      // regions, and with them the signals already worked out.
      Set<SourceFile> finalists = Ranking.finalists(ranked);
      views.makePrecise(finalists);
      for (int k = 0; k < matched; k++) {
        if (finalists.contains(scanned.matchedFile(k))) {
          regionsByFile.set(k, null);
        }
      }
      cutter.cut(scanned, regionsByFile);
      regions = RegionCutter.flatten(regionsByFile);
      recalled = ranking.recalled(stats, regions);
      ranked = ranking.rank(stats, recalled);
    }
    Dedupe.Outcome deduped =
        Dedupe.apply(ranked, options.dedupe(), source.analyses()::lineKeys);
    List<Candidate> kept = deduped.kept();
    List<Omission> belowRanking = recalled.unranked().get();
    if (query.liftedFragment() >= 0) {
      belowRanking = new ArrayList<>(belowRanking);
      kept = abovePhraseFloor(kept, belowRanking);
    }
    Packing packing =
        Packer.pack(kept, deduped.duplicates(), belowRanking, options.budget(),
            options.objective(), query.symbols());
    if (selection.isPresent()) {
      packing = packing.countingAlso(selection.get().rest());
    }
    return new Lexical(
        new Assembly(query, scope, views)
            .result(scanned, regions, ranked, deduped, packing, options.budget()),
        scanned.hitLines());
  }

  /**
   * Where the query's exact text was found, the candidates worth showing: those holding it,
   * and those ranked by its words that score at least as well as the weakest of them would
   * without its lift (an error message's `raise` line does not drag in the budget's worth of
   * regions that merely share its words). The others are added to {@code omitted}, named
   * with their scores.
   */
  private static List<Candidate> abovePhraseFloor(
      List<Candidate> ranked, List<Omission> omitted) {
    double floor = Double.MAX_VALUE;
    for (Candidate c : ranked) {
      if (c.reasons().contains(Scorer.PHRASE)) {
        floor = Math.min(floor, c.score() / Scorer.PHRASE_LIFT);
      }
    }
    if (floor == Double.MAX_VALUE) {
      return ranked;
    }
    List<Candidate> kept = new ArrayList<>();
    for (Candidate c : ranked) {
      if (c.score() >= floor || c.isDefinition()) {
        kept.add(c);
      } else {
        omitted.add(
            Packer.omission(c, c.region().start(), c.region().end(), Omission.BELOW_PHRASE));
      }
    }
    return kept;
  }

  private static List<SourceFile> matchedFiles(Scanned scanned) {
    List<SourceFile> out = new ArrayList<>(scanned.matched().size());
    for (int k = 0; k < scanned.matched().size(); k++) {
      out.add(scanned.matchedFile(k));
    }
    return out;
  }
}
