package io.github.slicegrep.search;

import io.github.slicegrep.OmittedMore;
import io.github.slicegrep.match.Hit;
import io.github.slicegrep.outline.Block;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.parallel.Parallel;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.rank.Best;
import io.github.slicegrep.recall.BlockBm25;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.Tokens;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A question's candidate files on a tree where it matches many: chosen by the BM25 of their
 * definition blocks before any region is cut. The statistics are taken over every matched file,
 * as they would be without the selection; only the files whose blocks rank among the best (and
 * those the packer's guarantees reach for) are cut into regions, ranked and packed. The other
 * matched files' blocks that hold a hit are counted, with their tokens, as omitted regions the
 * result does not list (SPEC 7).
 *
 * <p>Cutting regions around every hit of every matched file, and ranking them all, was most of
 * a warm question's time on a large tree (django: 4,319 regions in 1,418 files, for a recall cut
 * that lets 200 through).
 */
final class BlockSelection {
  /** Below this many matched files every one is cut: the selection would save little. */
  static final int MIN_MATCHED_FILES = 120;
  /** The files of this many best blocks are cut. */
  static final int BLOCKS = 400;
  /**
   * And those of this many best blocks in test files, in files holding a lifted phrase, and in
   * files defining a name the question spells: the guarantees and the lift reach for them.
   */
  static final int GUARANTEE_BLOCKS = 10;

  /**
   * The files to cut, and what was worked out to choose them.
   *
   * @param files the matched files to cut into regions
   * @param shares each matched file's share of the statistics, under its rough blocks
   * @param statistics the question's BM25 statistics over every matched file
   * @param rest the hit blocks of the matched files not cut, counted
   */
  record Selected(
      Set<SourceFile> files, Map<SourceFile, BlockBm25.Share> shares, BlockBm25 statistics,
      OmittedMore rest) {}

  private BlockSelection() {}

  /**
   * The files of a question's best blocks, or empty when the question matched few enough files
   * to cut them all (or is not a question).
   *
   * @param counting the question's terms, as the region cutter counts them
   */
  static Optional<Selected> select(
      Query query, Scanned scanned, FileViews views, BlockBm25.Counting counting) {
    int matched = scanned.matched().size();
    if (query.route() != Query.Route.VAGUE || matched < MIN_MATCHED_FILES) {
      return Optional.empty();
    }
    List<Counted> counted =
        Parallel.map(matched,
            k -> count(scanned.matchedFile(k), scanned.matchedHits(k), query, views, counting));
    List<BlockBm25.Share> shares = counted.stream().map(Counted::share).toList();
    BlockBm25 statistics = BlockBm25.build(counting, shares);
    List<Scored> blocks = new ArrayList<>();
    for (List<Scored> scored : Parallel.map(counted, c -> c.scored(counting, statistics))) {
      blocks.addAll(scored);
    }

    Set<SourceFile> files = Collections.newSetFromMap(new IdentityHashMap<>());
    addFilesOf(best(blocks, BLOCKS, b -> true), files);
    addFilesOf(best(blocks, GUARANTEE_BLOCKS, b -> b.counted().test()), files);
    int lifted = query.liftedFragment();
    if (lifted >= 0) {
      addFilesOf(best(blocks, GUARANTEE_BLOCKS, b -> b.counted().holds(lifted)), files);
    }
    // Each name's definitions, so that the guarantee finds one and the negative evidence does
    // not say a name is undefined because its file was not cut.
    for (int n = 0; n < Math.min(query.symbols().size(), Long.SIZE); n++) {
      long bit = 1L << n;
      addFilesOf(best(blocks, GUARANTEE_BLOCKS, b -> (b.counted().defines() & bit) != 0), files);
    }

    Map<SourceFile, BlockBm25.Share> shareOf = new IdentityHashMap<>();
    int restRegions = 0;
    long restTokens = 0;
    for (Counted c : counted) {
      shareOf.put(c.file(), c.share());
      if (!files.contains(c.file())) {
        restRegions += c.hitBlocks().size();
        for (Block b : c.hitBlocks()) {
          restTokens += Tokens.estimate(c.file(), b.startLine(), b.endLine());
        }
      }
    }
    return Optional.of(
        new Selected(files, shareOf, statistics,
            new OmittedMore(restRegions, (int) Math.min(Integer.MAX_VALUE, restTokens))));
  }

  /**
   * One matched file counted: its share, its blocks and those of them holding a hit, whether it
   * is a test, the fragments it holds and the question's names it defines (as bits, in the
   * order of {@link Query#symbols()}).
   */
  private record Counted(
      SourceFile file, BlockBm25.Share share, List<Block> blocks, List<Block> hitBlocks,
      boolean test, long fragments, long defines) {
    /** Whether a hit of fragment {@code f} is in the file (for the first 64 fragments). */
    boolean holds(int f) {
      return f < Long.SIZE && (fragments & (1L << f)) != 0;
    }

    /**
     * Each block holding a hit, counted against the statistics with the bounds of its score (a
     * block without a hit holds none of the question's words, and one scoring 0 is dropped).
     */
    List<Scored> scored(BlockBm25.Counting counting, BlockBm25 statistics) {
      int[] from = new int[hitBlocks.size()];
      int[] to = new int[hitBlocks.size()];
      for (int b = 0; b < from.length; b++) {
        from[b] = hitBlocks.get(b).startLine();
        to[b] = hitBlocks.get(b).endLine();
      }
      BlockBm25.Span[] spans = counting.spans(share, from, to);
      List<Scored> out = new ArrayList<>(spans.length);
      for (int b = 0; b < spans.length; b++) {
        BlockBm25.Bounds bounds = statistics.bounds(spans[b]);
        if (bounds.atMost() > 0) {
          out.add(new Scored(this, from[b], spans[b], statistics, bounds));
        }
      }
      return out;
    }
  }

  private static Counted count(
      SourceFile file, List<Hit> hits, Query query, FileViews views,
      BlockBm25.Counting counting) {
    Outline outline = views.outlineOf(file);
    List<Block> blocks = views.analyses().blocks(file, outline);
    BlockBm25.Share share =
        counting.share(new BlockBm25.Document(views.analyses().terms(file), blocks));
    // Hits and blocks both come in line order: one pass finds the blocks holding a hit.
    List<Block> hitBlocks = new ArrayList<>();
    long fragments = 0;
    int h = 0;
    for (Hit hit : hits) {
      if (hit.fragment() < Long.SIZE) {
        fragments |= 1L << hit.fragment();
      }
    }
    for (Block b : blocks) {
      while (h < hits.size() && hits.get(h).line() < b.startLine()) {
        h++;
      }
      if (h < hits.size() && hits.get(h).line() <= b.endLine()) {
        hitBlocks.add(b);
      }
    }
    long defines = 0;
    int n = 0;
    for (String symbol : query.symbols()) {
      if (n < Long.SIZE && !outline.named(symbol).isEmpty()) {
        defines |= 1L << n;
      }
      n++;
    }
    return new Counted(
        file, share, blocks, hitBlocks, views.factsOf(file).isTest(), fragments, defines);
  }

  /**
   * A block by its first line, in its counted file, with the bounds of its BM25 score; the
   * score itself (its proximity factor reads the file's stem lines) is worked out only for the
   * blocks that could be chosen.
   */
  private record Scored(
      Counted counted, int startLine, BlockBm25.Span span, BlockBm25 statistics,
      BlockBm25.Bounds bounds) {
    SourceFile file() {
      return counted.file();
    }

    double score() {
      return statistics.score(span);
    }

    /**
     * Worst first; ties by path and line, so that the choice never depends on thread order.
     * Written out: the JDK's comparator combinators spin lambda classes of their own at run time,
     * which no class-data archive keeps.
     */
    static final Comparator<Scored> WORST_FIRST =
        (a, b) -> {
          int byScore = Double.compare(a.score(), b.score());
          if (byScore != 0) {
            return byScore;
          }
          int byPath = b.file().relativePath().compareTo(a.file().relativePath());
          return byPath != 0 ? byPath : Integer.compare(b.startLine(), a.startLine());
        };
  }

  /**
   * The {@code k} best of the blocks {@code which} accepts. Only blocks whose score can reach
   * the {@code k}-th best of the scores known to be reached are scored: every other one is
   * below {@code k} blocks whatever its proximity, so the choice is the same.
   */
  private static List<Scored> best(List<Scored> blocks, int k, Predicate<Scored> which) {
    List<Scored> taking = blocks.stream().filter(which).toList();
    if (taking.size() <= k) {
      return taking;
    }
    long[] reached = new long[taking.size()];
    for (int i = 0; i < reached.length; i++) {
      reached[i] = Best.sortable(taking.get(i).bounds().atLeast());
    }
    long threshold = Best.select(reached, reached.length - k);
    List<Scored> contenders =
        taking.stream().filter(b -> Best.sortable(b.bounds().atMost()) >= threshold).toList();
    Parallel.forEach(contenders.size(), i -> contenders.get(i).score()); // stem lines, in parallel
    return Best.of(contenders, k, Scored::score, Scored.WORST_FIRST, b -> true);
  }

  private static void addFilesOf(List<Scored> blocks, Set<SourceFile> files) {
    for (Scored s : blocks) {
      files.add(s.file());
    }
  }
}
