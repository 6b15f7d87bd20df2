package io.github.slicegrep.search;

import com.google.common.hash.Hashing;
import io.github.slicegrep.Chunk;
import io.github.slicegrep.Omission;
import io.github.slicegrep.Options;
import io.github.slicegrep.RankedFile;
import io.github.slicegrep.Result;
import io.github.slicegrep.cache.BoundedCache;
import io.github.slicegrep.dense.BlockVectorStore;
import io.github.slicegrep.dense.DenseRuntime;
import io.github.slicegrep.dense.RankFusion;
import io.github.slicegrep.dense.StaticModel;
import io.github.slicegrep.history.GitHistory;
import io.github.slicegrep.history.HistoryPriors;
import io.github.slicegrep.history.HistoryRerank;
import io.github.slicegrep.index.IndexLocation;
import io.github.slicegrep.outline.Block;
import io.github.slicegrep.outline.Blocks;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.source.FileStamp;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.Tokens;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Dense recall and git-history priors applied to a lexical result, each only when the options
 * ask for it and it is available; otherwise the result is returned as it came.
 *
 * <ul>
 *   <li>Dense ({@link Options#dense()}): only for a question the router calls vague, and only
 *       when a model loads. The guaranteed chunks stay first; the rest of the budget is filled
 *       from the reciprocal-rank fusion of the lexical order (other chunks, then omitted
 *       regions) and the blocks most similar to the question, as measured in the bench.
 *   <li>History ({@link Options#history()}): a directory inside a git work tree gets its file
 *       list re-ranked by {@link HistoryRerank}; chunks are not touched.
 * </ul>
 */
final class OptionalEvidence {
  /** Weight of the dense list in the fusion: 0.5 lost least on the tuning seeds (1 lost more). */
  static final double DENSE_WEIGHT = 0.5;
  /** Dense blocks fused: as many as the bench's retrieval baselines consider. */
  static final int DENSE_CANDIDATES = 60;
  /** The rank reason of a chunk that only dense recall found. */
  static final String DENSE_REASON = "dense";
  /** History is read again after this long, so a new commit is seen by a long-lived reader. */
  static final Duration HISTORY_REUSE = Duration.ofSeconds(30);

  /** What one search saw: its scope, routed query, options, files and their analyses. */
  record Searched(Scope scope, Query query, Options options, List<SourceFile> files,
      FileAnalyses analyses) {}

  private record Span(String file, int start, int end) {
    boolean overlaps(Span o) {
      return file.equals(o.file) && start <= o.end && o.start <= end;
    }
  }

  /** One runtime per model setting; a host serving other processes may see two or three. */
  private final BoundedCache<DenseRuntime.Settings, DenseRuntime> runtimes =
      BoundedCache.ofSize(4);
  /** {@value DenseRuntime#DIR_PROPERTY} as it was when this reader was made (tests set it). */
  private final @Nullable String modelDirProperty = System.getProperty(DenseRuntime.DIR_PROPERTY);
  private final BoundedCache<Path, Optional<HistoryPriors>> histories =
      BoundedCache.<Path, Optional<HistoryPriors>>ofSize(16).expiring(HISTORY_REUSE);
  private final Map<Path, BlockVectorStore> stores = new ConcurrentHashMap<>();

  /** The dense runtime of the search's environment (its model directory, switch, timeout). */
  private DenseRuntime dense(Options options) {
    DenseRuntime.Settings settings = DenseRuntime.Settings.of(options.environment(),
        modelDirProperty, options.workingDirectory().orElse(null));
    return runtimes.get(settings, DenseRuntime::new);
  }

  /** {@code lexical}, with dense recall and history priors where asked for and available. */
  Result apply(Searched s, Result lexical) {
    Result r = lexical;
    if (s.options().dense() && s.query().route() == Query.Route.VAGUE) {
      DenseRuntime dense = dense(s.options());
      Optional<StaticModel> model = dense.model();
      if (model.isPresent()) {
        r = fuse(s, r, model.get(), dense);
      }
    }
    if (s.options().history() && s.scope().directory() && r.files().size() > 1
        && !GitHistory.switchedOff(s.options().environment())) {
      Optional<HistoryPriors> priors = priors(s.scope().path());
      if (priors.isPresent()) {
        r = withFiles(r, HistoryRerank.rerank(r.files(), RankedFile::file, RankedFile::score,
            priors.get(), HistoryRerank.Weights.defaults()));
      }
    }
    return r;
  }

  private Optional<HistoryPriors> priors(Path root) {
    Path key = root.toAbsolutePath().normalize();
    return histories.get(key, k -> GitHistory.load(k, GitHistory.Settings.defaults()));
  }

  private static Result withFiles(Result r, List<RankedFile> files) {
    return new Result(r.searched(), r.directory(), r.query(), r.readAs(), r.chunks(), r.negativeEvidence(),
        r.totalTokens(), r.filesSearched(), r.filesMatched(), r.budget(), r.deduped(),
        r.omitted(), r.omittedTokens(), files, r.omittedMore());
  }

  /** The fused result: guarantees first, then the fusion of the lexical and dense orders. */
  private Result fuse(Searched s, Result r, StaticModel model, DenseRuntime dense) {
    Map<String, SourceFile> byPath = new HashMap<>();
    s.files().forEach(f -> byPath.put(f.relativePath(), f));
    List<Chunk> guaranteed = new ArrayList<>();
    Map<Span, Chunk> shownLexical = new LinkedHashMap<>();
    for (Chunk c : r.chunks()) {
      if (c.rankReasons().stream().anyMatch(x -> x.startsWith("guaranteed"))) {
        guaranteed.add(c);
      } else {
        shownLexical.put(new Span(c.file(), c.lineStart(), c.lineEnd()), c);
      }
    }
    Map<Span, Omission> omittedLexical = new LinkedHashMap<>();
    List<Omission> duplicates = new ArrayList<>();
    for (Omission o : r.omitted()) {
      if (o.why().equals(Omission.DUPLICATE)) {
        duplicates.add(o);
      } else if (byPath.containsKey(o.file())) {
        omittedLexical.put(new Span(o.file(), o.lineStart(), o.lineEnd()), o);
      }
    }
    List<Span> lexicalOrder = new ArrayList<>(shownLexical.keySet());
    lexicalOrder.addAll(omittedLexical.keySet());
    Map<Span, Block> denseBlocks = new LinkedHashMap<>();
    List<Span> denseOrder = denseTop(s, model, dense, byPath, denseBlocks);
    Map<Span, Double> fused = RankFusion.reciprocalRank(lexicalOrder, denseOrder, DENSE_WEIGHT);

    int budget = s.options().budget();
    int used = 0;
    List<Chunk> chunks = new ArrayList<>(guaranteed);
    List<Span> taken = new ArrayList<>();
    for (Chunk g : guaranteed) {
      used += g.tokens();
      taken.add(new Span(g.file(), g.lineStart(), g.lineEnd()));
    }
    List<Omission> omitted = new ArrayList<>();
    for (Map.Entry<Span, Double> e : fused.entrySet()) {
      Span span = e.getKey();
      if (taken.stream().anyMatch(span::overlaps)) {
        continue;
      }
      SourceFile file = byPath.get(span.file());
      Chunk lexical = shownLexical.get(span);
      int tokens = lexical != null ? lexical.tokens() : Tokens.estimate(file, span.start(),
          span.end());
      if (budget == 0 || used + tokens <= budget) {
        used += tokens;
        taken.add(span);
        chunks.add(lexical != null ? lexical : chunk(span, file, tokens, e.getValue(),
            omittedLexical.get(span), denseBlocks.get(span)));
      } else if (lexical != null) {
        omitted.add(new Omission(lexical.file(), lexical.lineStart(), lexical.lineEnd(),
            lexical.tokens(), lexical.score(), lexical.rankReasons(), Omission.BUDGET));
      } else if (omittedLexical.containsKey(span)) {
        omitted.add(omittedLexical.get(span));
      }
    }
    omitted.addAll(duplicates);
    int omittedTokens = omitted.stream().mapToInt(Omission::tokens).sum();
    return new Result(r.searched(), r.directory(), r.query(), r.readAs(), chunks, r.negativeEvidence(), used,
        r.filesSearched(), r.filesMatched(), r.budget(), r.deduped(), omitted, omittedTokens,
        r.files(), r.omittedMore());
  }

  /** A chunk for a span the lexical result did not show: an omitted region or a dense block. */
  private static Chunk chunk(Span span, SourceFile file, int tokens, double score,
      @Nullable Omission omission, @Nullable Block block) {
    String code = file.text(span.start(), span.end());
    String hash = Hashing.murmur3_32_fixed().hashString(code, StandardCharsets.UTF_8).toString();
    String symbol = block == null ? null : block.definition().map(d -> d.name()).orElse(null);
    List<String> reasons = omission != null ? omission.reasons() : List.of(DENSE_REASON);
    return new Chunk(span.file(), span.start(), span.end(), symbol, List.of(), 0,
        Math.round(score * 1e4) / 1e4, reasons, hash, tokens, code);
  }

  /** The blocks most similar to the question, best first; ties by file and line. */
  private List<Span> denseTop(Searched s, StaticModel model, DenseRuntime dense,
      Map<String, SourceFile> byPath, Map<Span, Block> blocksOut) {
    Path indexDirectory = s.scope().indexDirectory();
    BlockVectorStore store = indexDirectory == null || !s.scope().directory()
        ? null
        : stores.computeIfAbsent(s.scope().path().toAbsolutePath().normalize(),
            root -> BlockVectorStore.open(indexDirectory, root, dense.identity(),
                model.dimensions()));
    float[] q = model.embed(s.query().text());
    List<Map.Entry<Span, Double>> scored = s.files().parallelStream()
        .filter(f -> f.lineCount() > 0)
        .flatMap(f -> blockVectors(f, s.analyses(), model, dense, store).stream())
        .map(bv -> Map.entry(bv.span(), StaticModel.cosine(q, bv.vector())))
        .toList();
    if (store != null) {
      store.saveIfChanged(IndexLocation.limitFrom(s.options().environment()).bytes());
    }
    List<Map.Entry<Span, Double>> best = new ArrayList<>(scored);
    best.sort(Comparator.comparingDouble((Map.Entry<Span, Double> e) -> -e.getValue())
        .thenComparing(e -> e.getKey().file())
        .thenComparingInt(e -> e.getKey().start()));
    List<Span> out = new ArrayList<>();
    for (Map.Entry<Span, Double> e : best.subList(0, Math.min(DENSE_CANDIDATES, best.size()))) {
      out.add(e.getKey());
    }
    for (Span span : out) {
      SourceFile f = byPath.get(span.file());
      for (Block b : Blocks.of(f, s.analyses().outline(f))) {
        if (b.startLine() == span.start()) {
          blocksOut.put(span, b);
          break;
        }
      }
    }
    return out;
  }

  private record SpanVector(Span span, float[] vector) {}

  /**
   * The vectors of a file's blocks: from the store when it holds them for this file's text and
   * blocks, else embedded (each block as its path plus its lines) and stored.
   */
  private List<SpanVector> blockVectors(
      SourceFile f, FileAnalyses analyses, StaticModel model, DenseRuntime dense,
      @Nullable BlockVectorStore store) {
    List<Block> blocks = new ArrayList<>();
    for (Block b : Blocks.of(f, analyses.outline(f))) {
      if (Math.min(b.endLine(), f.lineCount()) >= b.startLine()) {
        blocks.add(b);
      }
    }
    BlockVectorStore.FileKey key = store == null ? null : fileKey(f);
    List<BlockVectorStore.BlockVector> stored =
        key == null ? null : store.lookup(f.relativePath(), key);
    List<SpanVector> out = new ArrayList<>();
    if (stored != null && stored.size() == blocks.size()) {
      boolean same = true;
      for (int i = 0; i < blocks.size() && same; i++) {
        same = stored.get(i).startLine() == blocks.get(i).startLine()
            && stored.get(i).endLine() == Math.min(blocks.get(i).endLine(), f.lineCount());
      }
      if (same) {
        for (BlockVectorStore.BlockVector v : stored) {
          out.add(new SpanVector(new Span(f.relativePath(), v.startLine(), v.endLine()),
              v.vector()));
        }
        return out;
      }
    }
    List<BlockVectorStore.BlockVector> fresh = new ArrayList<>();
    for (Block b : blocks) {
      int end = Math.min(b.endLine(), f.lineCount());
      float[] v = dense.embedBlock(model, f.relativePath() + "\n" + f.text(b.startLine(), end));
      fresh.add(new BlockVectorStore.BlockVector(b.startLine(), end, v));
      out.add(new SpanVector(new Span(f.relativePath(), b.startLine(), end), v));
    }
    if (key != null) {
      store.put(f.relativePath(), key, fresh);
    }
    return out;
  }

  /** The key of the text that was read, under the file's current stamp; null if unreadable. */
  private static BlockVectorStore.@Nullable FileKey fileKey(SourceFile f) {
    FileStamp stamp = FileStamp.read(f.path());
    if (stamp == null) {
      return null;
    }
    return BlockVectorStore.FileKey.of(stamp.size(), stamp.modifiedNanos(),
        String.join("\n", f.lines()));
  }
}
