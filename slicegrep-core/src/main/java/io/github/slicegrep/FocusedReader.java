package io.github.slicegrep;

import com.google.common.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import com.google.common.cache.CacheBuilder;
import com.google.common.hash.Hashing;
import io.github.slicegrep.index.IndexLocation;
import io.github.slicegrep.index.PersistentIndex;
import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.LineScanner;
import io.github.slicegrep.match.Region;
import io.github.slicegrep.match.Regions;
import io.github.slicegrep.outline.Block;
import io.github.slicegrep.outline.Blocks;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.outline.Outliner;
import io.github.slicegrep.outline.Outliners;
import io.github.slicegrep.pack.NegativeEvidence;
import io.github.slicegrep.pack.Packer;
import io.github.slicegrep.pack.Packing;
import io.github.slicegrep.pack.Piece;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.query.QueryParser;
import io.github.slicegrep.query.Router;
import io.github.slicegrep.recall.BlockBm25;
import io.github.slicegrep.recall.FileTerms;
import io.github.slicegrep.recall.Question;
import io.github.slicegrep.recall.TermCache;
import io.github.slicegrep.rank.Candidate;
import io.github.slicegrep.rank.Dedupe;
import io.github.slicegrep.rank.FileFacts;
import io.github.slicegrep.rank.FragmentBm25;
import io.github.slicegrep.rank.FragmentStats;
import io.github.slicegrep.rank.RecallCut;
import io.github.slicegrep.rank.Relevance;
import io.github.slicegrep.rank.Scorer;
import io.github.slicegrep.source.FileStamp;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.SourceReader;
import io.github.slicegrep.source.SourceTree;
import io.github.slicegrep.source.TreeFilter;
import io.github.slicegrep.source.TreeWatch;
import java.io.IOException;
import java.lang.ref.Cleaner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;

/**
 * A reusable, thread-safe searcher that keeps decoded files and their outlines between calls,
 * keyed by path, modification time and size: a warm search re-reads only what changed. One per
 * long-running host (an MCP server, an IDE plugin).
 */
public final class FocusedReader implements AutoCloseable {
  /** Releases the watches of readers dropped without {@link #close()}. */
  private static final Cleaner CLEANER = Cleaner.create();

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
  /** About how many regions a question cuts in each matched file (3.0 on django). */
  private static final int REGIONS_PER_MATCHED_FILE = 4;

  /** A tree filter is built again once more than one file in this many is not its own. */
  private static final int STALE_TREE_FILTER = 16;
  /**
   * Tree filters kept, for a host searching a few trees in turn (up to 16 MiB each; 11 MiB for
   * django's 5,145 searched files).
   */
  private static final int MAX_TREE_FILTERS = 2;

  /** Files of this many best first-pass candidates are parsed in a staged search. */
  static final int FINALIST_CANDIDATES = 50;
  /** And those of this many best definitions and of this many best test candidates. */
  static final int FINALIST_GUARANTEE_CANDIDATES = 10;
  /** Reads of a file that keeps changing under the reader before its text is used uncached. */
  static final int MAX_READ_ATTEMPTS = 3;
  /** Progress is reported every this many files read. */
  static final int PROGRESS_EVERY = 500;
  /**
   * From this many files on, a cold search with a persistent index keeps only each file's
   * filter once it is indexed, and reads the file again if a query's literal may be in it:
   * memory then grows with the matching files and the bounded cache, not with the tree.
   */
  static final int STREAMING_FILES = 20_000;

  /** Roots whose listing is kept: a host usually searches one project, sometimes a few. */
  static final int LISTINGS_KEPT = 16;
  /**
   * Roots watched at once. Each watch is an inotify instance, of which a user has few (128 by
   * default) to share with every editor and build tool on the machine.
   */
  static final int WATCHES_KEPT = 4;
  /** A cached file's check time when it is not known (attributes from a walk). */
  private static final long UNVERIFIED = Long.MIN_VALUE;
  /** Binary files remembered, so a warm search does not sniff them again. */
  static final long BINARY_CACHE_MAX_FILES = 200_000;

  private final Outliner outliner;
  /**
   * Caffeine rather than Guava's cache here: a warm search looks every file of the tree up in
   * it, and Guava's lookup and access bookkeeping cost more than the stat of the file.
   */
  private final com.github.benmanes.caffeine.cache.Cache<Path, CachedFile> cache;
  /** The stamps of files found binary: skipped again without opening while unchanged. */
  private final Cache<Path, FileStamp> binaries;
  /** The last walk of each searched root, reused while what it read is unchanged. */
  private final Cache<ListingKey, SourceTree.Listing> listings;
  /**
   * Change notifications for the roots searched again (see {@link TreeWatch}): a warm search
   * then stats only the files changed since, not the whole tree. Closed when evicted, when the
   * reader is closed, or when it is collected.
   */
  private final Cache<ListingKey, TreeWatch> watches;
  /** Watches being started in the background, by root. */
  private final Map<ListingKey, CompletableFuture<Void>> watchStarts = new ConcurrentHashMap<>();
  private volatile boolean closed;
  /** Whether trees searched again are watched ({@link #watching()}). */
  private final boolean watchesTrees;
  /** Where persistent indexes are kept, or null for none. */
  private final @Nullable Path indexDirectory;
  private final int streamingFiles;
  /** Each identifier's recall terms, shared by the analysis of every file. */
  private final TermCache termCache = new TermCache();
  /** The persistent index of each root searched, read once. */
  private final Map<PersistentIndex.Key, PersistentIndex> indexes = new ConcurrentHashMap<>();

  /**
   * Runs on the listed paths of a directory search before any of them is read: a seam that
   * lets tests delete or replace files exactly in that gap.
   */
  private volatile @Nullable Consumer<List<Path>> afterListing;
  /**
   * The files of the last watched tree read, whole: while its watch reports nothing new and the
   * cache has let nothing go, the next search of that tree takes them as they are instead of
   * looking up each of its thousands of files again. One slot, so it pins at most one tree.
   */
  private volatile @Nullable ReadSnapshot lastRead;
  /** The tree filters built last, newest first (see {@link #fittingTreeFilter}). */
  private final Deque<TreeFilter> treeFilters = new ArrayDeque<>();
  /** Entries the file cache has let go (evicted, replaced or invalidated), ever. */
  private final AtomicLong cacheRemovals = new AtomicLong();
  /** Dense recall and history priors of this reader (issue 10). */
  private final OptionalEvidence evidence = new OptionalEvidence(this);

  /**
   * A reader with in-memory caches only (at most 256 Mi characters of decoded text); it writes
   * nothing to disk.
   */
  public FocusedReader() {
    this(null, STREAMING_FILES, false);
  }

  /**
   * A reader for a long-lived host (an MCP server, an IDE): like {@link #FocusedReader()}, and
   * it also watches each directory it searches again (Linux, local file systems), so that later
   * searches stat only the files modified since instead of every file of the tree. A watch is an
   * operating-system resource (an inotify instance, of which a user has few): close the reader
   * when done with it.
   *
   * @return a reader that watches the trees it searches repeatedly
   */
  public static FocusedReader watching() {
    return new FocusedReader(null, STREAMING_FILES, true);
  }

  /**
   * A reader that also keeps a persistent index of each directory it searches in
   * {@code indexDirectory} (see {@link #indexDirectory()}), so that another process searching
   * an unchanged tree skips walking, reading and parsing it.
   *
   * @param indexDirectory where the index files are kept (created on first write)
   * @return a reader that reads and writes indexes there
   * @throws SlicegrepException when the directory is null
   */
  public static FocusedReader withIndex(Path indexDirectory) {
    SlicegrepException.check(indexDirectory != null, "index directory is missing");
    return new FocusedReader(indexDirectory, STREAMING_FILES, false);
  }

  /** With the streaming threshold lowered, so tests reach that path on small trees. */
  static FocusedReader withIndex(Path indexDirectory, int streamingFiles) {
    return new FocusedReader(indexDirectory, streamingFiles, false);
  }

  /**
   * The index directory of this process's environment: none when {@code SLICEGREP_INDEX=off},
   * else {@code SLICEGREP_INDEX_DIR}, else {@code $XDG_CACHE_HOME/slicegrep/index} or
   * {@code ~/.cache/slicegrep/index}.
   *
   * @return the directory, or empty when indexes are switched off
   */
  public static Optional<Path> indexDirectory() {
    return IndexLocation.fromEnvironment();
  }

  private FocusedReader(
      @Nullable Path indexDirectory, int streamingFiles, boolean watchesTrees) {
    this.watchesTrees = watchesTrees;
    this.indexDirectory = indexDirectory;
    this.streamingFiles = streamingFiles;
    this.outliner = Outliners.standard();
    this.cache =
        Caffeine.newBuilder()
            .maximumWeight(CACHE_MAX_CHARS)
            .weigher((Path p, CachedFile f) -> f.weight())
            .executor(Runnable::run) // evict on the calling thread: the bound holds at once
            .removalListener((Path p, CachedFile f, RemovalCause cause) ->
                cacheRemovals.incrementAndGet())
            .build();
    this.binaries = CacheBuilder.newBuilder().maximumSize(BINARY_CACHE_MAX_FILES).build();
    this.listings = CacheBuilder.newBuilder().maximumSize(LISTINGS_KEPT).build();
    this.watches =
        CacheBuilder.newBuilder()
            .maximumSize(WATCHES_KEPT)
            .<ListingKey, TreeWatch>removalListener(n -> n.getValue().close())
            .build();
    Cache<ListingKey, TreeWatch> toClose = watches; // the action must not hold the reader
    CLEANER.register(this, toClose::invalidateAll);
  }

  /**
   * Stops watching the trees this reader searched (it keeps working, stat-ing every file); a
   * reader that does not watch has nothing to release. A watching reader that is not closed
   * releases its watches when it is garbage-collected.
   */
  @Override
  public void close() {
    synchronized (watches) {
      closed = true;
      watches.invalidateAll();
    }
  }

  /**
   * A decoded file as last seen on disk, with what is derived from it once computed. A file
   * restored from a persistent index is read on first use and brings its stored outline, which
   * holds only if what is read still has the stamp it was indexed under.
   */
  private static final class CachedFile {
    final FileStamp stamp;
    final SourceFile file;
    final @Nullable PersistentIndex index;
    final String relativePath;
    final @Nullable Outline indexedOutline;
    private volatile boolean matchesStamp = true;
    /**
     * {@link System#nanoTime()} just before the stat that last found the file with this stamp
     * ({@link #UNVERIFIED} when unknown): a watch vouches for the file only if that stat came
     * after the watch was in place, since a change made before would not be reported.
     */
    private volatile long verifiedNanos;
    private volatile @Nullable Outline outline;
    private volatile @Nullable Outline roughOutline;
    private volatile @Nullable FileTerms terms;
    private volatile Dedupe.@Nullable LineKeys lineKeys;
    private volatile @Nullable FileFacts facts;
    /**
     * The blocks last cut by a heuristic outline and by any other, each with the outline it
     * was cut by: a staged search cuts a finalist's file by both, every time.
     */
    private volatile @Nullable OutlineBlocks roughBlocks;
    private volatile @Nullable OutlineBlocks blocks;

    CachedFile(
        FileStamp stamp, long verifiedNanos, SourceFile file, @Nullable PersistentIndex index,
        String relativePath, @Nullable Outline indexedOutline) {
      this.stamp = stamp;
      this.verifiedNanos = verifiedNanos;
      this.file = file;
      this.index = index;
      this.relativePath = relativePath;
      this.indexedOutline = indexedOutline;
    }

    /** Whether the file was last found unchanged by a stat that began after {@code nanos}. */
    boolean verifiedSince(long nanos) {
      long v = verifiedNanos;
      return v != UNVERIFIED && v - nanos > 0;
    }

    /**
     * Three times the size on disk, about the characters of the lines and, once searched, of
     * their folded copy and, searched again, of their vocabulary (its words and lines); taken
     * from the stamp so that weighing never reads a deferred file.
     */
    int weight() {
      return (int) Math.min(Integer.MAX_VALUE, 3 * Math.max(1, stamp.size()));
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
    PersistentIndex index = directory ? index(path, options) : null;
    List<SourceFile> files =
        directory ? readTree(path, options, progress, index) : List.of(readSingle(path, options));
    TreeFilter.Fit filter = directory ? fittingTreeFilter(files) : null;
    Query routed = Router.route(parsed, phrase -> LineScanner.occursIn(files, phrase, filter));
    Result result =
        new Search(routed, options, label(path, directory), directory, files, filter).run();
    // Optional evidence (issue 10): dense recall and history priors, off unless asked for.
    result = evidence.apply(new OptionalEvidence.Searched(path, directory, routed, options,
        files, indexDirectory), result);
    if (index != null) {
      index.saveIfChanged();
    }
    return result;
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

  private static String label(Path path, boolean directory) {
    String s = path.toString().replace('\\', '/');
    return directory && !s.endsWith("/") ? s + "/" : s;
  }

  private SourceFile readSingle(Path path, Options options) {
    String name = path.getFileName() == null ? path.toString() : path.getFileName().toString();
    return load(path, path.toAbsolutePath().normalize(), name, options.maxFileBytes(), true, null,
        null, false);
  }

  private @Nullable PersistentIndex index(Path root, Options options) {
    if (indexDirectory == null) {
      return null;
    }
    PersistentIndex.Key key =
        new PersistentIndex.Key(
            root.toAbsolutePath().normalize(), options.recursive(), options.confined(),
            options.maxFileBytes());
    return indexes.computeIfAbsent(key, k -> PersistentIndex.open(indexDirectory, k));
  }

  private List<SourceFile> readTree(
      Path root, Options options, Progress progress, @Nullable PersistentIndex index) {
    Listed listed = listing(root, options, index);
    List<SourceTree.Entry> paths = listed.listing().files();
    Consumer<List<Path>> hook = afterListing;
    if (hook != null) {
      hook.accept(paths.stream().map(SourceTree.Entry::path).toList());
    }
    // Confined, each file's real path is checked again just before it is read: the file or a
    // directory above it may have been replaced by a link out of the tree since the listing.
    @Nullable Path realTop = options.confined() ? realPath(root) : null;
    int total = paths.size();
    boolean streaming = index != null && total >= streamingFiles;
    long removals = cacheRemovals.get();
    SourceFile[] read;
    BitSet unvouched;
    ReadSnapshot last = lastRead;
    if (last != null && last.holdsFor(listed, removals, options.maxFileBytes())) {
      // Only the files the watch could not vouch for then, or has seen modified since, are
      // looked at again (and stat-ed); a tree nobody edits is taken as it was.
      read = last.read().clone();
      unvouched = last.unvouched();
      BitSet again = (BitSet) unvouched.clone();
      for (Path changed : listed.changed()) {
        Integer at = last.positions().get(changed);
        if (at != null) {
          again.set(at);
        }
      }
      again.stream().parallel().forEach(
          k -> read[k] = readEntry(paths.get(k), listed, realTop, options, index, streaming));
    } else {
      read = new SourceFile[total];
      unvouched = new BitSet(total);
      AtomicInteger done = new AtomicInteger();
      IntStream.range(0, total).parallel().forEach(
          k -> {
            read[k] = readEntry(paths.get(k), listed, realTop, options, index, streaming);
            int n = done.incrementAndGet();
            if (total >= PROGRESS_EVERY && (n % PROGRESS_EVERY == 0 || n == total)) {
              progress.filesRead(n, total);
            }
          });
      for (int k = 0; k < total; k++) {
        if (!listed.unchanged(paths.get(k))) {
          unvouched.set(k);
        }
      }
    }
    if (listed.watch() != null) {
      lastRead =
          new ReadSnapshot(listed.listing(), listed.watch(), removals, options.maxFileBytes(),
              read, unvouched, last != null && last.listing() == listed.listing()
                  ? last.positions() : positions(paths));
    }
    List<SourceFile> files = new ArrayList<>(total);
    for (SourceFile f : read) {
      if (f != null) {
        files.add(f);
      }
    }
    return files;
  }

  /** One listed file: the cached one the watch vouches for, else loaded (null when skipped). */
  private @Nullable SourceFile readEntry(
      SourceTree.Entry p, Listed listed, @Nullable Path realTop, Options options,
      @Nullable PersistentIndex index, boolean streaming) {
    SourceFile f = listed.unchanged(p) ? cachedUnchanged(p, listed.watch()) : null;
    if (f == null && (realTop == null || SourceTree.isInside(p.path(), realTop))) {
      f = load(p.path(), p.path(), p.relativePath(), options.maxFileBytes(), false,
          p.attributes(), index, streaming);
    }
    return f;
  }

  private static Map<Path, Integer> positions(List<SourceTree.Entry> paths) {
    Map<Path, Integer> out = new HashMap<>(paths.size() * 4 / 3 + 1);
    for (int k = 0; k < paths.size(); k++) {
      out.put(paths.get(k).path(), k);
    }
    return out;
  }

  /**
   * What one read of a watched tree gave, entry by entry, to be taken again while the listing,
   * the watch, the read options and everything the file cache holds stay the same (the cache
   * letting any file go could leave a file here that the cache no longer vouches for; then the
   * next search reads every file again).
   *
   * @param removals {@link #cacheRemovals} before that read
   * @param read per listed entry, the file read, or null when it was skipped
   * @param unvouched the entries the watch could not vouch for (links, or modified since the
   *     watch started): looked at again on every search
   * @param positions each listed path's entry
   */
  private record ReadSnapshot(
      SourceTree.Listing listing, TreeWatch watch, long removals, long maxFileBytes,
      SourceFile[] read, BitSet unvouched, Map<Path, Integer> positions) {
    boolean holdsFor(Listed now, long removalsNow, long maxFileBytesNow) {
      return now.listing() == listing && now.watch() == watch && removalsNow == removals
          && maxFileBytesNow == maxFileBytes;
    }
  }

  /**
   * A listing, with the files a watch says are unchanged since they were cached (none when the
   * tree is not watched).
   */
  private record Listed(SourceTree.Listing listing, @Nullable TreeWatch watch, Set<Path> changed) {
    static Listed unwatched(SourceTree.Listing listing) {
      return new Listed(listing, null, Set.of());
    }

    boolean unchanged(SourceTree.Entry e) {
      return watch != null && !changed.contains(e.path()) && watch.covers(e.path());
    }
  }

  /**
   * The cached file of a listed entry the watch vouches for: unchanged on disk since it was
   * cached, so it is used without a stat (or, confined, a real-path check: replacing a file or
   * directory by a link is a change the watch reports). Null when not cached.
   */
  private @Nullable SourceFile cachedUnchanged(SourceTree.Entry e, TreeWatch watch) {
    CachedFile cached = cache.getIfPresent(e.path());
    return cached == null || !cached.verifiedSince(watch.startedNanos())
        ? null
        : cached.file.withRelativePath(e.relativePath());
  }

  /**
   * The files below {@code root}: the last walk's when none of the directories and ignore files
   * it read has changed since (told by the tree's watch, else a few hundred stats instead of a
   * walk), otherwise a new walk. A watching reader starts watching a root on its second search.
   */
  private Listed listing(Path root, Options options, @Nullable PersistentIndex index) {
    ListingKey key =
        new ListingKey(root.toAbsolutePath().normalize(), options.recursive(), options.confined());
    SourceTree.Listing previous = listings.getIfPresent(key);
    if (previous != null) {
      TreeWatch watch = watches.getIfPresent(key);
      if (watch != null) {
        Set<Path> changed = watch.changedFiles();
        if (changed != null) {
          return new Listed(previous, watch, changed);
        }
        watches.invalidate(key); // closes it; this search stats every file
      }
      if (previous.unchanged()) {
        if (watch == null && watchesTrees) {
          startWatching(key, previous);
        }
        return Listed.unwatched(previous);
      }
    }
    SourceTree.Listing stored = index == null ? null : index.listing();
    if (stored != null && stored.unchanged()) {
      listings.put(key, stored);
      return Listed.unwatched(stored);
    }
    SourceTree.Listing fresh;
    try {
      // From the normalised absolute root, so that every listed path is already a cache key.
      fresh = SourceTree.walk(key.root(), options.recursive(), options.confined());
    } catch (IOException | SecurityException e) {
      throw new SlicegrepException("cannot read directory " + root + ": " + e.getMessage(), e);
    }
    if (fresh.reusable()) {
      listings.put(key, fresh.reused());
    }
    if (index != null) {
      index.recordListing(fresh);
    }
    return Listed.unwatched(fresh);
  }

  private record ListingKey(Path root, boolean recursive, boolean confined) {}

  /**
   * Starts watching a root searched again, on a thread of its own: registering a watch on each
   * of a few thousand directories takes a few hundred milliseconds, which the search that asked
   * should not wait for. Searches stat every file meanwhile. The listing is checked once the
   * watches are in place: a change from then on is the watch's to see, one made before shows in
   * the check (the tree's shape) or in a stat (see {@link #cachedUnchanged}).
   */
  private void startWatching(ListingKey key, SourceTree.Listing listing) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    if (closed || watchStarts.putIfAbsent(key, done) != null) {
      return;
    }
    Thread starter =
        new Thread(
            () -> {
              try {
                TreeWatch watch = TreeWatch.start(key.root(), listing);
                if (watch != null) {
                  boolean current = listings.getIfPresent(key) == listing && listing.unchanged();
                  synchronized (watches) {
                    if (current && !closed) {
                      watches.put(key, watch);
                    } else {
                      watch.close();
                    }
                  }
                }
              } finally {
                watchStarts.remove(key, done);
                done.complete(null);
              }
            },
            "slicegrep-watch-start");
    starter.setDaemon(true);
    starter.start();
  }

  /** Waits until the watches being started are in place (or given up), for tests. */
  void awaitWatchStarts() {
    watchStarts.values().forEach(CompletableFuture::join);
  }

  /** Whether a search of {@code root} (default options) would be told its changes, for tests. */
  boolean watching(Path root) {
    Options d = Options.defaults();
    return watches.getIfPresent(
            new ListingKey(root.toAbsolutePath().normalize(), d.recursive(), d.confined()))
        != null;
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
   * The file at {@code path}, from the cache when its modification time and size are
   * unchanged. In file mode a file that cannot be searched is an error; in directory mode it is
   * skipped (null). {@code key} is the path absolute and normalised (what the cache is keyed
   * by; a listed path already is one). {@code seen} are the attributes the tree walk just read,
   * so a warm search stats each file once, not twice.
   */
  private @Nullable SourceFile load(
      Path path, Path key, String relative, long maxBytes, boolean required,
      @Nullable BasicFileAttributes seen, @Nullable PersistentIndex index, boolean streaming) {
    long statNanos = seen != null ? UNVERIFIED : System.nanoTime();
    BasicFileAttributes attrs = seen != null ? seen : attributes(key);
    if (attrs != null && attrs.isRegularFile() && attrs.size() <= maxBytes) {
      CachedFile cached = cache.getIfPresent(key);
      FileStamp now = FileStamp.of(attrs);
      if (cached != null && cached.stamp.equals(now)) {
        cached.verifiedNanos = statNanos;
        return cached.file.withRelativePath(relative);
      }
      if (cached != null) {
        // Gone at once, not when the new text is cached: text that has not settled is not
        // cached, and a watched tree would otherwise take the old text for unchanged.
        cache.invalidate(key);
      }
      if (!required && now.equals(binaries.getIfPresent(key))) {
        return null;
      }
      PersistentIndex.FileEntry indexed = index == null ? null : index.lookup(relative, now);
      if (indexed != null) {
        return restore(key, relative, maxBytes, now, statNanos, indexed, index);
      }
    }
    // A file rewritten while it is read can come back torn (an old head and a new tail). The
    // stamp taken before and after the read tells: a changed one means read again, and text
    // that never read stable is used once but not cached. Nor is text whose stamp has not
    // settled: a second write within the file system's clock tick could keep the stamp.
    long readAtMillis = System.currentTimeMillis();
    SourceReader.Outcome outcome = SourceReader.read(key, relative, maxBytes);
    for (int attempt = 1; ; attempt++) {
      long afterNanos = System.nanoTime();
      BasicFileAttributes after = attributes(key);
      boolean stable =
          attrs != null && after != null && FileStamp.of(attrs).equals(FileStamp.of(after));
      if (stable || attempt >= MAX_READ_ATTEMPTS) {
        boolean keep = stable && FileStamp.of(attrs).settled(readAtMillis);
        if (outcome instanceof SourceReader.Loaded loaded && keep) {
          FileStamp stamp = FileStamp.of(attrs);
          if (streaming && index != null) {
            return restore(key, relative, maxBytes, stamp, statNanos,
                index.recordText(relative, stamp, loaded.file()), index);
          }
          cache.put(key, new CachedFile(stamp, statNanos, loaded.file(), index, relative, null));
          if (index != null) {
            index.recordText(relative, stamp, loaded.file());
          }
        } else if (keep
            && outcome instanceof SourceReader.Skipped skipped
            && skipped.reason() == SourceReader.Skip.BINARY) {
          binaries.put(key, FileStamp.of(attrs));
          if (index != null) {
            index.recordBinary(relative, FileStamp.of(attrs));
          }
        }
        break;
      }
      attrs = after;
      statNanos = afterNanos;
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

  /**
   * A file known to the persistent index under its current stamp, without reading it: binary
   * ones are skipped; text ones come back deferred, read only if a search needs their lines,
   * and checked then against the stamp their filter and outline were stored under.
   */
  private @Nullable SourceFile restore(
      Path key, String relative, long maxBytes, FileStamp stamp, long statNanos,
      PersistentIndex.FileEntry indexed, PersistentIndex index) {
    if (indexed.binary()) {
      binaries.put(key, stamp);
      return null;
    }
    CachedFile[] holder = new CachedFile[1];
    SourceFile file =
        SourceFile.deferred(
            key, relative,
            () -> {
              SourceReader.Outcome outcome = SourceReader.read(key, relative, maxBytes);
              if (!stamp.equals(FileStamp.read(key))) {
                holder[0].matchesStamp = false; // changed since: the stored outline is not its
              }
              // Cached only once read: most restored files are never read, and a hundred
              // thousand cache insertions cost a warm process more than its scan.
              cache.put(key, holder[0]);
              return outcome instanceof SourceReader.Loaded loaded
                  ? loaded.file().lines()
                  : List.of();
            },
            indexed.textFilter());
    holder[0] = new CachedFile(stamp, statNanos, file, index, relative, indexed.outline());
    return file;
  }

  /**
   * The key {@code file} is cached under. Files this reader loads carry their key as their path
   * already; normalising it again for every lookup was a measurable part of a warm question.
   */
  private static Path cacheKey(SourceFile file) {
    Path p = file.path();
    return p.isAbsolute() ? p : p.toAbsolutePath().normalize();
  }

  /**
   * The parsed outline of {@code file}, kept with the cached file. A file restored from the
   * persistent index brings its stored outline, used when what was read kept the indexed stamp;
   * one parsed here is added to the index.
   */
  Outline outline(SourceFile file) {
    CachedFile cached = cache.getIfPresent(cacheKey(file));
    if (cached == null || !cached.file.sameContent(file)) {
      return outliner.outline(file);
    }
    Outline o = cached.outline;
    if (o == null) {
      file.lines(); // a deferred file is read here, which tells whether it kept its stamp
      Outline stored = cached.indexedOutline;
      o = stored != null && cached.matchesStamp ? stored : outliner.outline(file);
      cached.outline = o;
      if (stored == null && cached.index != null && cached.matchesStamp) {
        cached.index.recordOutline(cached.relativePath, cached.stamp, o);
      }
    }
    return o;
  }

  /**
   * The heuristic outline of {@code file}, kept with the cached file: a staged search outlines
   * every matched file this way, and a repeated query should not redo it.
   */
  Outline roughOutline(SourceFile file) {
    return derived(
        file, Outliners.heuristic()::outline, c -> c.roughOutline, (c, o) -> c.roughOutline = o);
  }

  /** The lines of a file as deduplication compares them, hashed once per cached file. */
  Dedupe.LineKeys lineKeys(SourceFile file) {
    return derived(file, Dedupe.LineKeys::of, c -> c.lineKeys, (c, k) -> c.lineKeys = k);
  }

  /** What scoring knows of a file apart from any query, kept with the cached file. */
  FileFacts facts(SourceFile file) {
    return derived(file, FileFacts::of, c -> c.facts, (c, f) -> c.facts = f);
  }

  /** Blocks cut by one outline; a file's blocks are reused while its outline is the same. */
  private record OutlineBlocks(Outline outline, List<Block> blocks) {}

  /**
   * The blocks of {@code file} by {@code outline}, kept with the cached file: a question's
   * recall cuts every matched file into blocks, and a repeated search by the same outline
   * should not cut them again.
   */
  List<Block> blocks(SourceFile file, Outline outline) {
    OutlineBlocks kept =
        derived(
            file, f -> new OutlineBlocks(outline, Blocks.of(f, outline)),
            c -> {
              OutlineBlocks b = c.roughOutline == outline ? c.roughBlocks : c.blocks;
              return b != null && b.outline() == outline ? b : null;
            },
            (c, b) -> {
              if (c.roughOutline == outline) {
                c.roughBlocks = b;
              } else {
                c.blocks = b;
              }
            });
    return kept.blocks();
  }

  /**
   * The recall terms of a file, analysed once per cached file like its outline. Like the
   * outline, terms stored in the persistent index are used when the file read kept its stamp,
   * and terms analysed here are added to the index.
   */
  FileTerms terms(SourceFile file) {
    CachedFile cached = cache.getIfPresent(cacheKey(file));
    if (cached == null || !cached.file.sameContent(file)) {
      return FileTerms.of(file, termCache);
    }
    FileTerms t = cached.terms;
    if (t == null) {
      file.lines(); // a deferred file is read here, which tells whether it kept its stamp
      t = cached.matchesStamp ? storedTerms(cached) : null;
      if (t == null) {
        t = FileTerms.of(file, termCache);
        if (cached.index != null && cached.matchesStamp) {
          cached.index.recordTerms(cached.relativePath, cached.stamp, t.encode());
        }
      }
      cached.terms = t;
    }
    return t;
  }

  private static @Nullable FileTerms storedTerms(CachedFile cached) {
    byte[] stored =
        cached.index == null ? null : cached.index.terms(cached.relativePath, cached.stamp);
    if (stored == null) {
      return null;
    }
    try {
      return FileTerms.decode(stored);
    } catch (IllegalArgumentException e) {
      return null; // checksummed, so only a bug writes this; analysing again is always right
    }
  }

  /**
   * Something computed from a file's text, kept with the cached file so that it is computed
   * once per version of the file; computed afresh for a file not (or no longer) in the cache.
   */
  private <T> T derived(
      SourceFile file, Function<SourceFile, T> compute, Function<CachedFile, @Nullable T> read,
      BiConsumer<CachedFile, T> write) {
    CachedFile cached = cache.getIfPresent(cacheKey(file));
    if (cached == null || !cached.file.sameContent(file)) {
      return compute.apply(file);
    }
    T value = read.apply(cached);
    if (value == null) {
      value = compute.apply(file);
      write.accept(cached, value);
    }
    return value;
  }

  /**
   * A tree filter kept for {@code files}: one built from them, while most of them are still the
   * files it was built from. A long-lived reader builds one after a search that had none, from
   * the filters that scan left every file (a one-off reader would build it for nothing).
   */
  private TreeFilter.@Nullable Fit fittingTreeFilter(List<SourceFile> files) {
    synchronized (treeFilters) {
      for (TreeFilter kept : treeFilters) {
        if (kept.size() == files.size()) {
          TreeFilter.Fit fit = kept.fit(files);
          if (fit.answered() >= files.size() - files.size() / STALE_TREE_FILTER) {
            return fit;
          }
        }
      }
      return null;
    }
  }

  private void keepTreeFilter(TreeFilter built) {
    synchronized (treeFilters) {
      treeFilters.addFirst(built);
      while (treeFilters.size() > MAX_TREE_FILTERS) {
        treeFilters.removeLast();
      }
    }
  }

  /** One search's state, from hits to the result. */
  private final class Search {
    private final Query query;
    private final Options options;
    private final String where;
    private final boolean directory;
    private final List<SourceFile> files;
    // Concurrent maps, since regions are scored in parallel; a SourceFile is equal only to
    // itself, so these are identity maps all the same.
    /** Files outlined by the parser (all matched files unless the search is staged). */
    private final Set<SourceFile> preciseFiles = ConcurrentHashMap.newKeySet();
    private final Map<SourceFile, Outline> preciseOutlines = new ConcurrentHashMap<>();
    private final Map<SourceFile, Outline> roughOutlines = new ConcurrentHashMap<>();
    private final Map<SourceFile, FileFacts> facts = new ConcurrentHashMap<>();
    /**
     * A question's BM25 statistics, over the blocks of every matched file as its first ranking
     * cut them: a staged search's second ranking keeps them, and the span counted for each
     * region (by identity), so that only the finalists' regions cut anew are counted.
     */
    private @Nullable BlockBm25 statistics;
    private Map<Region, BlockBm25.Span> spans = new IdentityHashMap<>();
    /** A question's terms, counting each file as it is cut; null for a precise query. */
    private final BlockBm25.@Nullable Counting counting;
    private final TreeFilter.@Nullable Fit filter;
    /** Each matched file's share, as first cut. */
    private Map<SourceFile, BlockBm25.Share> counted = new IdentityHashMap<>();

    /**
     * @param filter a tree filter for (most of) {@code files}, or null
     */
    Search(
        Query query, Options options, String where, boolean directory, List<SourceFile> files,
        TreeFilter.@Nullable Fit filter) {
      this.filter = filter;
      this.counting =
          query.route() == Query.Route.VAGUE
              ? BlockBm25.Counting.of(Question.of(query.questionWords()))
              : null;
      this.query = query;
      this.options = options;
      this.where = where;
      this.directory = directory;
      this.files = files;
    }

    Result run() {
      int fragmentCount = query.fragments().size();
      LineScanner scanner = LineScanner.of(query);
      List<List<Hit>> hitsByFile = scanner.scanAll(files, filter);
      if (directory && filter == null && watchesTrees) {
        TreeFilter built = TreeFilter.of(files); // from the filters this scan left: for the next
        if (built != null) {
          keepTreeFilter(built);
        }
      }
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
      if (counting != null) {
        // Sized once for what is coming (a file cut holds a few regions): thousands of
        // entries grown from the default size were rehashed a dozen times.
        spans = new IdentityHashMap<>(REGIONS_PER_MATCHED_FILE * matched.size());
        counted = new IdentityHashMap<>(matched.size());
      }
      boolean staged = matchedLines > PRECISE_OUTLINE_LINES;
      if (!staged) {
        matched.forEach(i -> preciseFiles.add(files.get(i)));
      }
      List<List<Region>> regionsByFile = new ArrayList<>(Collections.nCopies(matched.size(), null));
      buildRegions(matched, hitsByFile, regionsByFile);
      List<Region> regions = flatten(regionsByFile);
      FragmentStats stats =
          FragmentStats.of(fragmentCount, files.size(), filesWithFragment, regions);
      Map<Region, Scorer.Signals> signals = new IdentityHashMap<>();
      // A staged search's first scores only pick the finalists, which needs no full sort.
      Recalled recalled = recalled(stats, regions);
      List<Candidate> ranked =
          staged ? score(stats, recalled, signals) : rank(stats, recalled, signals);
      if (staged) {
        // Only the finalists' files are parsed and cut again; every other file keeps its
        // regions, and with them the signals already worked out.
        Set<SourceFile> finalists = finalists(ranked);
        preciseFiles.addAll(finalists);
        for (int k = 0; k < matched.size(); k++) {
          if (finalists.contains(files.get(matched.get(k)))) {
            regionsByFile.set(k, null);
          }
        }
        buildRegions(matched, hitsByFile, regionsByFile);
        regions = flatten(regionsByFile);
        recalled = recalled(stats, regions);
        ranked = rank(stats, recalled, signals);
      }
      Dedupe.Outcome deduped =
          Dedupe.apply(ranked, options.dedupe(), FocusedReader.this::lineKeys);
      Packing packing =
          Packer.pack(deduped.kept(), deduped.duplicates(), recalled.unranked().get(), options.budget(),
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

    /**
     * Cuts the regions of each matched file whose entry in {@code regionsByFile} is null. For a
     * question, each file is counted while it is cut, in the same task: its share of the BM25
     * statistics (the first time) and the span of each of its regions.
     */
    private void buildRegions(
        List<Integer> matched, List<List<Hit>> hitsByFile, List<List<Region>> regionsByFile) {
      // Parsing dominates a search that matches many files: outline the precise files in
      // parallel before the sequential steps ask for them.
      preciseFiles.parallelStream().forEach(FocusedReader.this::outline);
      int[] uncut =
          IntStream.range(0, matched.size()).filter(k -> regionsByFile.get(k) == null).toArray();
      List<CutFile> cut =
          Arrays.stream(uncut)
              .parallel()
              .mapToObj(k -> cut(files.get(matched.get(k)), hitsByFile.get(matched.get(k))))
              .toList();
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
          Regions.build(file, hits, outlineOf(file), options.boundary(), options.before(),
              options.after());
      if (counting == null) {
        return new CutFile(file, regions, null, new BlockBm25.Span[0]);
      }
      // The statistics are taken once, over every matched file as first cut; a finalist cut
      // again is counted from the share it had then (its terms are the same).
      BlockBm25.Share share = counted.get(file);
      if (share == null) {
        share = counting.share(new BlockBm25.Document(terms(file), blocks(file, outlineOf(file))));
      }
      int[] from = new int[regions.size()];
      int[] to = new int[regions.size()];
      for (int r = 0; r < from.length; r++) {
        from[r] = regions.get(r).start();
        to[r] = regions.get(r).end();
      }
      return new CutFile(file, regions, share, counting.spans(share, from, to));
    }

    private static List<Region> flatten(List<List<Region>> regionsByFile) {
      List<Region> out = new ArrayList<>();
      regionsByFile.forEach(out::addAll);
      return out;
    }

    /**
     * The regions to score and their relevance. A question's relevance is BM25 recall, and only
     * the regions above its recall cut are scored; every precise match is scored.
     */
    private Recalled recalled(FragmentStats stats, List<Region> regions) {
      if (query.route() != Query.Route.VAGUE) {
        return new Recalled(
            regions, new FragmentBm25(query.fragments().size(), stats, regions), List::of);
      }
      Relevance relevance = recall(regions);
      RecallCut cut =
          RecallCut.of(regions, relevance, query, this::outlineOf, this::factsOf);
      return new Recalled(cut.candidates(), relevance, cut::omissions);
    }

    /**
     * @param candidates the regions to score
     * @param relevance their base relevance
     * @param unranked the matched regions below a question's recall cut, as omissions (asked
     *     for only after the last ranking of a staged search)
     */
    private record Recalled(
        List<Region> candidates, Relevance relevance, Supplier<List<Omission>> unranked) {}

    /** The candidates scored, best first. */
    private List<Candidate> rank(
        FragmentStats stats, Recalled recalled, Map<Region, Scorer.Signals> signals) {
      List<Candidate> ranked = score(stats, recalled, signals);
      ranked.sort(Candidate.BEST_FIRST);
      return ranked;
    }

    /** The candidates scored, in their order. */
    private List<Candidate> score(
        FragmentStats stats, Recalled recalled, Map<Region, Scorer.Signals> signals) {
      Scorer scorer =
          new Scorer(query, stats, this::outlineOf, recalled.relevance(), this::factsOf);
      return new ArrayList<>(scorer.scoreAll(recalled.candidates(), signals));
    }

    /**
     * BM25 recall for a question: the question's terms counted in each region, against
     * statistics over the definition blocks of every file that holds any of them.
     */
    private Relevance recall(List<Region> regions) {
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

    /**
     * The files that can make the cut after a first ranking on heuristic outlines: those of
     * the best candidates, and of the best definitions and tests the guarantees may reach for.
     */
    private Set<SourceFile> finalists(List<Candidate> scored) {
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

    /**
     * The {@code k} best of the candidates {@code which} accepts, in no particular order: the
     * first {@code k} of them a full sort would give ({@link Candidate#BEST_FIRST} is a total
     * order), found with a heap of {@code k}.
     */
    private static List<Candidate> best(
        List<Candidate> scored, int k, Predicate<Candidate> which) {
      PriorityQueue<Candidate> worstFirst =
          new PriorityQueue<>(k + 1, Candidate.BEST_FIRST.reversed());
      for (Candidate c : scored) {
        if (which.test(c)) {
          worstFirst.add(c);
          if (worstFirst.size() > k) {
            worstFirst.poll();
          }
        }
      }
      return new ArrayList<>(worstFirst);
    }

    /** The file's facts, looked up in the reader's cache once per search. */
    private FileFacts factsOf(SourceFile file) {
      return facts.computeIfAbsent(file, FocusedReader.this::facts);
    }

    /** The parser's outline for files that can make the cut; the heuristic's for the rest. */
    private Outline outlineOf(SourceFile file) {
      if (preciseFiles.contains(file)) {
        return preciseOutlines.computeIfAbsent(file, FocusedReader.this::outline);
      }
      return roughOutlines.computeIfAbsent(file, FocusedReader.this::roughOutline);
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
      if (query.symbols().isEmpty()) {
        return out;
      }
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
