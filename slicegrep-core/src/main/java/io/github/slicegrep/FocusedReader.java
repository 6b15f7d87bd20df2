package io.github.slicegrep;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import com.google.common.hash.Hashing;
import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.LineScanner;
import io.github.slicegrep.match.Region;
import io.github.slicegrep.match.Regions;
import io.github.slicegrep.outline.Blocks;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.outline.Outliner;
import io.github.slicegrep.outline.Outliners;
import io.github.slicegrep.pack.NegativeEvidence;
import io.github.slicegrep.pack.Packer;
import io.github.slicegrep.pack.Packing;
import io.github.slicegrep.pack.Piece;
import io.github.slicegrep.query.Fragment;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.query.QueryParser;
import io.github.slicegrep.query.Router;
import io.github.slicegrep.recall.BlockBm25;
import io.github.slicegrep.recall.FileTerms;
import io.github.slicegrep.recall.Question;
import io.github.slicegrep.rank.Candidate;
import io.github.slicegrep.rank.Dedupe;
import io.github.slicegrep.rank.FragmentBm25;
import io.github.slicegrep.rank.FragmentStats;
import io.github.slicegrep.rank.Relevance;
import io.github.slicegrep.rank.Scorer;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.SourceReader;
import io.github.slicegrep.source.SourceTree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A reusable, thread-safe searcher that keeps decoded files and their outlines between calls,
 * keyed by path, modification time and size: a warm search re-reads only what changed. One per
 * long-running host (an MCP server, an IDE plugin).
 */
public final class FocusedReader {
  /** Cached text is bounded by total characters so a long-lived host cannot grow without end. */
  static final long CACHE_MAX_CHARS = 256L * 1024 * 1024;
  /** Share of a file's other region scores added to its best one in the ranked file list. */
  static final double FILE_REST_SHARE = 0.25;
  /**
   * Above this many matched lines the parser (tens of thousands of lines a second) would
   * dominate the search, so ranking is staged: a first pass on heuristic outlines picks the
   * finalists, and only their files are parsed for the final ranking and slicing.
   */
  static final long PRECISE_OUTLINE_LINES = 60_000;
  /** Files of this many best first-pass candidates are parsed in a staged search. */
  static final int FINALIST_CANDIDATES = 50;
  /** And those of this many best definitions and of this many best test candidates. */
  static final int FINALIST_GUARANTEE_CANDIDATES = 10;
  /** Reads of a file that keeps changing under the reader before its text is used uncached. */
  static final int MAX_READ_ATTEMPTS = 3;
  /** Progress is reported every this many files read. */
  static final int PROGRESS_EVERY = 500;

  private final Outliner outliner;
  private final Cache<Path, CachedFile> cache;
  /**
   * Runs on the listed paths of a directory search before any of them is read: a seam that
   * lets tests delete or replace files exactly in that gap.
   */
  private volatile Consumer<List<Path>> afterListing = paths -> {};

  /** A reader with an empty cache, which holds at most 256 Mi characters of decoded text. */
  public FocusedReader() {
    this.outliner = Outliners.standard();
    this.cache =
        CacheBuilder.newBuilder()
            .maximumWeight(CACHE_MAX_CHARS)
            .weigher((Path p, CachedFile f) -> f.weight())
            .build();
  }

  /**
   * What identifies a file's content on disk without reading it: modification time to the
   * nanosecond (a same-size rewrite within one millisecond must be seen), size, and the file
   * key (the inode, so an atomic rename over the file is seen too).
   */
  private record Stamp(long modifiedNanos, long size, @Nullable Object fileKey) {
    static Stamp of(BasicFileAttributes attrs) {
      return new Stamp(
          attrs.lastModifiedTime().to(TimeUnit.NANOSECONDS), attrs.size(), attrs.fileKey());
    }
  }

  /** A decoded file as last seen on disk, with its outline once computed. */
  private static final class CachedFile {
    final Stamp stamp;
    final SourceFile file;
    private volatile @Nullable Outline outline;
    private volatile @Nullable FileTerms terms;

    CachedFile(Stamp stamp, SourceFile file) {
      this.stamp = stamp;
      this.file = file;
    }

    int weight() {
      long chars = 0;
      for (String line : file.lines()) {
        chars += line.length() + 1L;
      }
      return (int) Math.min(Integer.MAX_VALUE, chars);
    }
  }

  /**
   * Searches with default options except the budget and the boundary.
   *
   * @param path a file or a directory
   * @param query regex alternatives joined by {@code |}, or a plain-English question
   * @param budget tokens, 0 for unlimited
   * @param boundary how a match grows into a slice
   * @return the ranked slices, what was left out and why
   * @throws SlicegrepException on an empty or unusable query or a missing or unreadable path
   */
  public Result search(Path path, String query, int budget, Boundary boundary) {
    return search(path, query, Options.defaults().withBudget(budget).withBoundary(boundary));
  }

  /**
   * Searches {@code path} (a file or a directory) for {@code query}.
   *
   * @param path a file or a directory
   * @param query regex alternatives joined by {@code |}, or a plain-English question
   * @param options every setting of the search
   * @return the ranked slices, what was left out and why
   * @throws SlicegrepException on an empty or unusable query or a path that does not exist, is
   *     not a readable regular file or directory, or (in file mode) is binary or too large
   */
  public Result search(Path path, String query, Options options) {
    return search(path, query, options, Progress.NONE);
  }

  /**
   * Like {@link #search(Path, String, Options)}, reporting progress while files are read.
   *
   * @param path a file or a directory
   * @param query regex alternatives joined by {@code |}, or a plain-English question
   * @param options every setting of the search
   * @param progress told how many files have been read, from worker threads
   * @return the ranked slices, what was left out and why
   * @throws SlicegrepException on an empty or unusable query or a missing or unreadable path
   */
  public Result search(Path path, String query, Options options, Progress progress) {
    SlicegrepException.check(path != null, "path is missing");
    Query parsed = QueryParser.parse(query);
    if (!Files.exists(path)) {
      throw new SlicegrepException("path not found: " + path);
    }
    boolean directory = Files.isDirectory(path);
    List<SourceFile> files =
        directory ? readTree(path, options, progress) : List.of(readSingle(path, options));
    Query routed = Router.route(parsed, phrase -> occursIn(files, phrase));
    return new Search(routed, options, label(path, directory), directory, files).run();
  }

  /**
   * The definition map of one file, from this reader's cache: after a search of the file its
   * outline is reused, not computed again.
   *
   * @param file the file to map
   * @return its definitions with their lines
   * @throws SlicegrepException when the path is missing, a directory, binary or over the
   *     default size cap
   */
  public FileMap fileMap(Path file) {
    SlicegrepException.check(file != null, "path is missing");
    if (!Files.exists(file)) {
      throw new SlicegrepException("path not found: " + file);
    }
    if (Files.isDirectory(file)) {
      throw new SlicegrepException(file + " is a directory; a file map covers one file");
    }
    SourceFile source = readSingle(file, Options.defaults());
    return FileMap.of(source, outline(source));
  }

  /** Whether any line of {@code files} holds {@code fragment}, by the scanner's own rules. */
  private static boolean occursIn(List<SourceFile> files, Fragment fragment) {
    return files.parallelStream().anyMatch(f -> LineScanner.contains(f, fragment));
  }

  private static String label(Path path, boolean directory) {
    String s = path.toString().replace('\\', '/');
    return directory && !s.endsWith("/") ? s + "/" : s;
  }

  private SourceFile readSingle(Path path, Options options) {
    String name = path.getFileName() == null ? path.toString() : path.getFileName().toString();
    return load(path, name, options.maxFileBytes(), true);
  }

  private List<SourceFile> readTree(Path root, Options options, Progress progress) {
    List<Path> paths;
    try {
      paths = SourceTree.list(root, options.recursive(), options.confined());
    } catch (IOException | SecurityException e) {
      throw new SlicegrepException("cannot read directory " + root + ": " + e.getMessage(), e);
    }
    afterListing.accept(paths);
    Path top = root.toAbsolutePath().normalize();
    // Confined, each file's real path is checked again just before it is read: the file or a
    // directory above it may have been replaced by a link out of the tree since the listing.
    @Nullable Path realTop = options.confined() ? realPath(root) : null;
    AtomicInteger done = new AtomicInteger();
    int total = paths.size();
    return paths.parallelStream()
        .map(
            p -> {
              SourceFile f =
                  realTop != null && !SourceTree.isInside(p, realTop)
                      ? null
                      : load(p, relativePath(top, p), options.maxFileBytes(), false);
              int n = done.incrementAndGet();
              if (total >= PROGRESS_EVERY && (n % PROGRESS_EVERY == 0 || n == total)) {
                progress.filesRead(n, total);
              }
              return f;
            })
        .filter(f -> f != null)
        .toList();
  }

  private static Path realPath(Path root) {
    try {
      return root.toRealPath();
    } catch (IOException | SecurityException e) {
      throw new SlicegrepException("cannot read directory " + root + ": " + e.getMessage(), e);
    }
  }

  void afterListing(Consumer<List<Path>> action) {
    this.afterListing = action;
  }

  private static @Nullable BasicFileAttributes attributes(Path path) {
    try {
      return Files.readAttributes(path, BasicFileAttributes.class);
    } catch (IOException | SecurityException e) {
      return null;
    }
  }

  /**
   * {@code file} relative to {@code top}, its name elements joined by {@code /}: never by
   * rewriting separators in the string, since on Linux a backslash is part of a file's name.
   */
  private static String relativePath(Path top, Path file) {
    Path relative = top.relativize(file.toAbsolutePath().normalize());
    StringBuilder sb = new StringBuilder();
    for (Path element : relative) {
      if (sb.length() > 0) {
        sb.append('/');
      }
      sb.append(element);
    }
    return sb.toString();
  }

  /**
   * The file at {@code path}, from the cache when its modification time and size are
   * unchanged. In file mode a file that cannot be searched is an error; in directory mode it is
   * skipped (null).
   */
  private @Nullable SourceFile load(Path path, String relative, long maxBytes, boolean required) {
    Path key = path.toAbsolutePath().normalize();
    BasicFileAttributes attrs = attributes(key);
    if (attrs != null && attrs.isRegularFile() && attrs.size() <= maxBytes) {
      CachedFile cached = cache.getIfPresent(key);
      if (cached != null && cached.stamp.equals(Stamp.of(attrs))) {
        return cached.file.withRelativePath(relative);
      }
    }
    // A file rewritten while it is read can come back torn (an old head and a new tail). The
    // stamp taken before and after the read tells: a changed one means read again, and text
    // that never read stable is used once but not cached.
    SourceReader.Outcome outcome = SourceReader.read(key, relative, maxBytes);
    for (int attempt = 1; ; attempt++) {
      BasicFileAttributes after = attributes(key);
      boolean stable =
          attrs != null && after != null && Stamp.of(attrs).equals(Stamp.of(after));
      if (stable || attempt >= MAX_READ_ATTEMPTS) {
        if (outcome instanceof SourceReader.Loaded loaded && stable) {
          cache.put(key, new CachedFile(Stamp.of(attrs), loaded.file()));
        }
        break;
      }
      attrs = after;
      outcome = SourceReader.read(key, relative, maxBytes);
    }
    if (outcome instanceof SourceReader.Loaded loaded) {
      return loaded.file();
    }
    if (required) {
      SourceReader.Skip why = ((SourceReader.Skipped) outcome).reason();
      String detail =
          why == SourceReader.Skip.TOO_LARGE ? " (" + maxBytes + " bytes); raise the cap" : "";
      throw new SlicegrepException(path + " " + why.description() + detail);
    }
    return null;
  }

  Outline outline(SourceFile file) {
    return derived(file, outliner::outline, c -> c.outline, (c, o) -> c.outline = o);
  }

  /** The recall terms of a file, analysed once per cached file like its outline. */
  FileTerms terms(SourceFile file) {
    return derived(file, FileTerms::of, c -> c.terms, (c, t) -> c.terms = t);
  }

  /**
   * Something computed from a file's text, kept with the cached file so that it is computed
   * once per version of the file; computed afresh for a file not (or no longer) in the cache.
   */
  private <T> T derived(
      SourceFile file, Function<SourceFile, T> compute, Function<CachedFile, @Nullable T> read,
      BiConsumer<CachedFile, T> write) {
    CachedFile cached = cache.getIfPresent(file.path().toAbsolutePath().normalize());
    if (cached == null || cached.file.lines() != file.lines()) {
      return compute.apply(file);
    }
    T value = read.apply(cached);
    if (value == null) {
      value = compute.apply(file);
      write.accept(cached, value);
    }
    return value;
  }

  /** One search's state, from hits to the result. */
  private final class Search {
    private final Query query;
    private final Options options;
    private final String where;
    private final boolean directory;
    private final List<SourceFile> files;
    /** Files outlined by the parser (all matched files unless the search is staged). */
    private final Set<SourceFile> preciseFiles =
        Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<SourceFile, Outline> preciseOutlines = new IdentityHashMap<>();
    private final Map<SourceFile, Outline> roughOutlines = new IdentityHashMap<>();

    Search(Query query, Options options, String where, boolean directory, List<SourceFile> files) {
      this.query = query;
      this.options = options;
      this.where = where;
      this.directory = directory;
      this.files = files;
    }

    Result run() {
      int fragmentCount = query.fragments().size();
      List<List<Hit>> hitsByFile =
          files.parallelStream().map(f -> LineScanner.scan(f, query)).toList();
      int[] hitsPerFragment = new int[fragmentCount];
      int[] filesWithFragment = new int[fragmentCount];
      List<Integer> matched = new ArrayList<>();
      long matchedLines = 0;
      for (int i = 0; i < files.size(); i++) {
        List<Hit> hits = hitsByFile.get(i);
        if (hits.isEmpty()) {
          continue;
        }
        matched.add(i);
        matchedLines += files.get(i).lineCount();
        BitSet seen = new BitSet();
        for (Hit h : hits) {
          hitsPerFragment[h.fragment()]++;
          seen.set(h.fragment());
        }
        seen.stream().forEach(f -> filesWithFragment[f]++);
      }
      boolean staged = matchedLines > PRECISE_OUTLINE_LINES;
      if (!staged) {
        matched.forEach(i -> preciseFiles.add(files.get(i)));
      }
      List<Region> regions = buildRegions(matched, hitsByFile);
      FragmentStats stats =
          FragmentStats.of(fragmentCount, files.size(), filesWithFragment, regions);
      List<Candidate> ranked = rank(stats, regions);
      if (staged) {
        preciseFiles.addAll(finalists(ranked));
        regions = buildRegions(matched, hitsByFile);
        ranked = rank(stats, regions);
      }
      Dedupe.Outcome deduped = Dedupe.apply(ranked, options.dedupe());
      Packing packing =
          Packer.pack(deduped.kept(), deduped.duplicates(), options.budget(),
              options.objective(), query.symbols());
      List<Chunk> chunks = new ArrayList<>();
      for (Piece p : packing.pieces()) {
        chunks.add(toChunk(p));
      }
      List<String> negative =
          NegativeEvidence.of(query, where, hitsPerFragment, definedSymbols(regions), ranked,
              packing.pieces());
      return new Result(
          where, directory, query.fragmentTexts(), chunks, negative, packing.shownTokens(),
          files.size(), matched.size(), options.budget(), deduped.duplicates().size(),
          packing.omitted(), packing.omittedTokens(), directory ? rankFiles(ranked) : List.of());
    }

    private List<Region> buildRegions(List<Integer> matched, List<List<Hit>> hitsByFile) {
      // Parsing dominates a search that matches many files: outline the precise files in
      // parallel before the sequential steps ask for them.
      preciseFiles.parallelStream().forEach(FocusedReader.this::outline);
      List<Region> regions = new ArrayList<>();
      for (int i : matched) {
        SourceFile file = files.get(i);
        regions.addAll(
            Regions.build(file, hitsByFile.get(i), outlineOf(file), options.boundary(),
                options.before(), options.after()));
      }
      return regions;
    }

    private List<Candidate> rank(FragmentStats stats, List<Region> regions) {
      Relevance relevance =
          query.route() == Query.Route.VAGUE
              ? recall(regions)
              : new FragmentBm25(query.fragments().size(), stats, regions);
      Scorer scorer = new Scorer(query, stats, this::outlineOf, relevance);
      List<Candidate> ranked = new ArrayList<>(scorer.scoreAll(regions));
      ranked.sort(
          Comparator.comparingDouble((Candidate c) -> -c.score())
              .thenComparing(Candidate::file)
              .thenComparingInt(c -> c.region().start()));
      return ranked;
    }

    /**
     * BM25 recall for a question: the question's terms counted in each region, against
     * statistics over the definition blocks of every file that holds any of them.
     */
    private Relevance recall(List<Region> regions) {
      Map<SourceFile, FileTerms> terms = new IdentityHashMap<>();
      List<SourceFile> matchedFiles = new ArrayList<>();
      for (Region r : regions) {
        if (!terms.containsKey(r.file())) {
          terms.put(r.file(), null);
          matchedFiles.add(r.file());
        }
      }
      List<BlockBm25.Document> corpus =
          matchedFiles.parallelStream()
              .map(f -> new BlockBm25.Document(terms(f), Blocks.of(f, outlineOf(f))))
              .toList();
      for (int i = 0; i < matchedFiles.size(); i++) {
        terms.put(matchedFiles.get(i), corpus.get(i).terms());
      }
      BlockBm25 bm25 = BlockBm25.build(Question.of(query.questionWords()), corpus);
      return bm25.relevance(terms::get);
    }

    /**
     * The files that can make the cut after a first ranking on heuristic outlines: those of
     * the best candidates, and of the best definitions and tests the guarantees may reach for.
     */
    private Set<SourceFile> finalists(List<Candidate> ranked) {
      Set<SourceFile> out = Collections.newSetFromMap(new IdentityHashMap<>());
      int definitions = 0;
      int tests = 0;
      for (int i = 0; i < ranked.size(); i++) {
        Candidate c = ranked.get(i);
        boolean top = i < FINALIST_CANDIDATES;
        boolean definition = c.isDefinition() && definitions++ < FINALIST_GUARANTEE_CANDIDATES;
        boolean test = c.test() && tests++ < FINALIST_GUARANTEE_CANDIDATES;
        if (top || definition || test) {
          out.add(c.region().file());
        }
      }
      return out;
    }

    /** The parser's outline for files that can make the cut; the heuristic's for the rest. */
    private Outline outlineOf(SourceFile file) {
      if (preciseFiles.contains(file)) {
        return preciseOutlines.computeIfAbsent(file, FocusedReader.this::outline);
      }
      return roughOutlines.computeIfAbsent(file, Outliners.heuristic()::outline);
    }

    private Chunk toChunk(Piece p) {
      Region r = p.candidate().region();
      Set<Integer> fragments = new LinkedHashSet<>();
      for (Hit h : r.hits()) {
        if (h.line() >= p.start() && h.line() <= p.end()) {
          fragments.add(h.fragment());
        }
      }
      List<String> patterns = new ArrayList<>();
      for (int f : fragments.stream().sorted().toList()) {
        patterns.add(query.fragments().get(f).text());
      }
      String hash =
          Hashing.murmur3_32_fixed().hashString(p.code(), StandardCharsets.UTF_8).toString();
      return new Chunk(
          r.file().relativePath(), p.start(), p.end(),
          r.definition() == null ? null : r.definition().name(), patterns, patterns.size(),
          p.candidate().score(), p.candidate().reasons(), hash, p.tokens(), p.code());
    }

    /** The query's symbols that some matched file defines. */
    private Set<String> definedSymbols(List<Region> regions) {
      Set<String> out = new LinkedHashSet<>();
      Set<SourceFile> seen = new LinkedHashSet<>();
      for (Region r : regions) {
        if (seen.add(r.file())) {
          for (String symbol : query.symbols()) {
            if (!outlineOf(r.file()).named(symbol).isEmpty()) {
              out.add(symbol);
            }
          }
        }
      }
      return out;
    }

    /** Files by their best region plus a quarter of the rest: many good regions lift a file. */
    private List<RankedFile> rankFiles(List<Candidate> ranked) {
      Map<String, double[]> byFile = new HashMap<>();
      Map<String, int[]> counts = new HashMap<>();
      for (Candidate c : ranked) {
        double[] agg = byFile.computeIfAbsent(c.file(), k -> new double[2]);
        agg[0] = Math.max(agg[0], c.score());
        agg[1] += c.score();
        int[] n = counts.computeIfAbsent(c.file(), k -> new int[2]);
        n[0]++;
        n[1] += c.region().hits().size();
      }
      List<RankedFile> out = new ArrayList<>();
      for (Map.Entry<String, double[]> e : byFile.entrySet()) {
        double best = e.getValue()[0];
        double score = best + FILE_REST_SHARE * (e.getValue()[1] - best);
        int[] n = counts.get(e.getKey());
        out.add(new RankedFile(e.getKey(), Math.round(score * 10) / 10.0, n[0], n[1]));
      }
      out.sort(
          Comparator.comparingDouble((RankedFile f) -> -f.score()).thenComparing(RankedFile::file));
      return out;
    }
  }
}
