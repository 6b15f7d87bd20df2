package io.github.slicegrep.search;

import io.github.slicegrep.Options;
import io.github.slicegrep.Result;
import io.github.slicegrep.match.Region;
import io.github.slicegrep.pack.Packer;
import io.github.slicegrep.pack.Packing;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.query.QueryParser;
import io.github.slicegrep.query.Router;
import io.github.slicegrep.rank.Candidate;
import io.github.slicegrep.rank.Dedupe;
import io.github.slicegrep.rank.FragmentStats;
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
 * matches nothing is searched again by its words (SPEC 4: never empty while the words are
 * there). One per reader (it holds the
 * optional evidence's caches); thread-safe, each search's state lives in its own stages.
 */
public final class Pipeline {
  /**
   * Above this many matched lines the parser (tens of thousands of lines a second) would
   * dominate the search, so ranking is staged: a first pass on heuristic outlines picks the
   * finalists, and only their files are parsed for the final ranking and slicing.
   */
  static final long PRECISE_OUTLINE_LINES = 60_000;

  private final OptionalEvidence evidence = new OptionalEvidence();

  /**
   * Searches the source's files for the query.
   *
   * @param parsed the query as parsed, before routing
   * @param options every setting of the search
   * @param scope what is searched, as the result names it
   * @param source the files and their analyses
   * @return the result
   */
  public Result run(Query parsed, Options options, Scope scope, CandidateSource source) {
    Query query = Router.route(parsed, source::contains);
    Result lexical = lexical(query, options, scope, source);
    if (!lexical.matched() && query.route() == Query.Route.PRECISE && isSentence(parsed)) {
      // Read as written (a sentence with a period, quotes, an issue number, two words), the
      // text matched nothing; its words may still be there, and then the search is not empty.
      Optional<Query> words = QueryParser.parseWords(parsed.text());
      if (words.isPresent()) {
        Result byWords = lexical(words.get(), options, scope, source);
        if (byWords.matched()) {
          query = words.get();
          lexical = byWords;
        }
      }
    }
    return evidence.apply(
        new OptionalEvidence.Searched(scope, query, options, source.files(), source.analyses()),
        lexical);
  }

  /**
   * Several words in one piece: a sentence or a phrase, not an identifier or alternatives,
   * whose absence is itself the answer (negative evidence).
   */
  private static boolean isSentence(Query parsed) {
    String text = parsed.text().strip();
    return parsed.fragments().size() == 1 && text.chars().anyMatch(Character::isWhitespace);
  }

  private static Result lexical(
      Query query, Options options, Scope scope, CandidateSource source) {
    Scanned scanned = Scanned.of(query, source);
    FileViews views = new FileViews(source.analyses());
    RegionCutter cutter = new RegionCutter(query, options, views, scanned.matched().size());
    Ranking ranking = new Ranking(query, views, cutter);
    int matched = scanned.matched().size();

    boolean staged = scanned.matchedLines() > PRECISE_OUTLINE_LINES;
    if (!staged) {
      views.makePrecise(matchedFiles(scanned));
    }
    List<@Nullable List<Region>> regionsByFile = new ArrayList<>(Collections.nCopies(matched, null));
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
    Packing packing =
        Packer.pack(deduped.kept(), deduped.duplicates(), recalled.unranked().get(),
            options.budget(), options.objective(), query.symbols());
    return new Assembly(query, scope, views)
        .result(scanned, regions, ranked, deduped, packing, options.budget());
  }

  private static List<SourceFile> matchedFiles(Scanned scanned) {
    List<SourceFile> out = new ArrayList<>(scanned.matched().size());
    for (int k = 0; k < scanned.matched().size(); k++) {
      out.add(scanned.matchedFile(k));
    }
    return out;
  }
}
