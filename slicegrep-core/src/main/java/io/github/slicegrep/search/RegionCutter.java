package io.github.slicegrep.search;

import io.github.slicegrep.Options;
import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.Region;
import io.github.slicegrep.match.Regions;
import io.github.slicegrep.parallel.Parallel;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.rank.Relevance;
import io.github.slicegrep.recall.BlockBm25;
import io.github.slicegrep.recall.Question;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;

/**
 * The regions stage: cuts each matched file into regions around its hits by the outline the
 * search holds for it. For a question it counts while it cuts, in the same task: each file's
 * share of the BM25 statistics (the first time the file is cut) and the span of each region;
 * {@link #recall} then builds the question's relevance from them.
 */
final class RegionCutter {
  /** About how many regions a question cuts in each matched file (3.0 on django). */
  private static final int REGIONS_PER_MATCHED_FILE = 4;

  private final Options options;
  private final FileViews views;
  /** A question's terms, counting each file as it is cut; null for a precise query. */
  private final BlockBm25.@Nullable Counting counting;
  /** Each matched file's share, as first cut. */
  private final Map<SourceFile, BlockBm25.Share> counted;
  /** The span counted for each region (by identity). */
  private final Map<Region, BlockBm25.Span> spans;
  /**
   * A question's BM25 statistics, over the blocks of every matched file as first cut: a staged
   * search's second ranking keeps them, so that only the finalists' new regions are counted.
   */
  private @Nullable BlockBm25 statistics;

  RegionCutter(Query query, Options options, FileViews views, int matchedFiles) {
    this.options = options;
    this.views = views;
    boolean question = query.route() == Query.Route.VAGUE;
    this.counting = question ? BlockBm25.Counting.of(Question.of(query.questionWords(), query.symbols())) : null;
    // Sized once for what is coming (a file cut holds a few regions): thousands of entries
    // grown from the default size were rehashed a dozen times.
    this.counted = question ? new IdentityHashMap<>(matchedFiles) : new IdentityHashMap<>();
    this.spans =
        question
            ? new IdentityHashMap<>(REGIONS_PER_MATCHED_FILE * matchedFiles)
            : new IdentityHashMap<>();
  }

  /** A question's terms as this cutter counts them; null for a precise query. */
  BlockBm25.@Nullable Counting counting() {
    return counting;
  }

  /**
   * Takes the statistics and shares a block selection worked out over every matched file: the
   * selected files' regions are counted from those shares and scored against those statistics.
   */
  void adopt(BlockSelection.Selected selected) {
    counted.putAll(selected.shares());
    statistics = selected.statistics();
  }

  /**
   * Cuts the regions of each matched file whose entry in {@code regionsByFile} is null (all of
   * them the first time; a staged search's finalists the second).
   */
  void cut(Scanned scanned, List<@Nullable List<Region>> regionsByFile) {
    views.outlinePreciseFiles();
    int[] uncut =
        IntStream.range(0, scanned.matched().size())
            .filter(k -> regionsByFile.get(k) == null)
            .toArray();
    List<CutFile> cut =
        Parallel.map(uncut.length,
            j -> cut(scanned.matchedFile(uncut[j]), scanned.matchedHits(uncut[j])));
    for (int j = 0; j < uncut.length; j++) {
      CutFile c = cut.get(j);
      regionsByFile.set(uncut[j], c.regions());
      if (c.share() != null) {
        counted.putIfAbsent(c.file(), c.share());
        for (int r = 0; r < c.spans().length; r++) {
          spans.put(c.regions().get(r), c.spans()[r]);
        }
      }
    }
  }

  /** One file cut into regions, and for a question counted: its share and its regions' spans. */
  private record CutFile(
      SourceFile file, List<Region> regions, BlockBm25.@Nullable Share share,
      BlockBm25.Span[] spans) {}

  private CutFile cut(SourceFile file, List<Hit> hits) {
    List<Region> regions =
        Regions.build(file, hits, views.outlineOf(file), options.boundary(), options.before(),
            options.after());
    if (counting == null) {
      return new CutFile(file, regions, null, new BlockBm25.Span[0]);
    }
    // The statistics are taken once, over every matched file as first cut; a finalist cut
    // again is counted from the share it had then (its terms are the same).
    BlockBm25.Share share = counted.get(file);
    if (share == null) {
      share =
          counting.share(
              new BlockBm25.Document(
                  views.analyses().terms(file),
                  views.analyses().blocks(file, views.outlineOf(file))));
    }
    int[] from = new int[regions.size()];
    int[] to = new int[regions.size()];
    for (int r = 0; r < from.length; r++) {
      from[r] = regions.get(r).start();
      to[r] = regions.get(r).end();
    }
    return new CutFile(file, regions, share, counting.spans(share, from, to));
  }

  /**
   * BM25 recall for a question: the question's terms counted in each region, against
   * statistics over the definition blocks of every file that holds any of them (built the
   * first time, from the files of {@code regions}).
   */
  Relevance recall(List<Region> regions) {
    BlockBm25 bm25 = statistics;
    if (bm25 == null) {
      Set<SourceFile> seen = Collections.newSetFromMap(new IdentityHashMap<>());
      List<BlockBm25.Share> shares = new ArrayList<>();
      for (Region r : regions) {
        if (seen.add(r.file())) {
          shares.add(counted.get(r.file()));
        }
      }
      bm25 = BlockBm25.build(Objects.requireNonNull(counting), shares);
      statistics = bm25;
    }
    return bm25.relevance(spans::get);
  }

  /** The regions of every file, in file order. */
  static List<Region> flatten(List<@Nullable List<Region>> regionsByFile) {
    List<Region> out = new ArrayList<>();
    for (List<Region> regions : regionsByFile) {
      out.addAll(Objects.requireNonNull(regions));
    }
    return out;
  }
}
