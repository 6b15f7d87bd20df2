package io.github.slicegrep.workspace;

import io.github.slicegrep.Options;
import io.github.slicegrep.Progress;
import io.github.slicegrep.SlicegrepException;
import io.github.slicegrep.index.PersistentIndex;
import io.github.slicegrep.search.FileAnalyses;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.SourceTree;
import io.github.slicegrep.source.TreeFilter;
import io.github.slicegrep.source.TreeWatch;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;

/**
 * The files a reader keeps between searches, and how a search reads a file or a tree through
 * them: listings (reused while unchanged, watched when asked), kept files checked by stamp, the
 * persistent index, the last read of a watched tree, tree filters. Thread-safe.
 */
public final class Workspace {
  /** Progress is reported every this many files read. */
  static final int PROGRESS_EVERY = 500;
  /**
   * From this many files on, a cold search with a persistent index keeps only each file's
   * filter once it is indexed, and reads the file again if a query's literal may be in it:
   * memory then grows with the matching files and the bounded cache, not with the tree.
   */
  public static final int STREAMING_FILES = 20_000;

  private final FileStore store = new FileStore();
  private final KeptAnalyses analyses = new KeptAnalyses(store);
  private final TreeListings listings;
  private final TreeFilters treeFilters = new TreeFilters();
  /** Whether trees searched again are watched (and so get tree filters). */
  private final boolean watchesTrees;
  /** Where persistent indexes are kept, or null for none. */
  private final @Nullable Path indexDirectory;
  private final int streamingFiles;
  /** The persistent index of each root searched, read once. */
  private final Map<PersistentIndex.Key, PersistentIndex> indexes = new ConcurrentHashMap<>();
  /**
   * Runs on the listed paths of a directory search before any of them is read: a seam that
   * lets tests delete or replace files exactly in that gap.
   */
  private volatile @Nullable Consumer<List<Path>> afterListing;
  /**
   * The files of the last watched tree read, whole: while its watch reports nothing new and the
   * store has let nothing go, the next search of that tree takes them as they are instead of
   * looking up each of its thousands of files again. One slot, so it pins at most one tree.
   */
  private volatile @Nullable ReadSnapshot lastRead;

  /**
   * @param owner the object whose collection releases the watches of a workspace not closed
   * @param indexDirectory where persistent indexes are kept, or null for none
   * @param streamingFiles the tree size from which a cold indexed search streams
   * @param watchesTrees whether trees searched again are watched
   */
  public Workspace(
      Object owner, @Nullable Path indexDirectory, int streamingFiles, boolean watchesTrees) {
    this.listings = new TreeListings(owner, watchesTrees);
    this.indexDirectory = indexDirectory;
    this.streamingFiles = streamingFiles;
    this.watchesTrees = watchesTrees;
  }

  /** Where persistent indexes are kept, or null for none. */
  public @Nullable Path indexDirectory() {
    return indexDirectory;
  }

  /** The analyses kept with this workspace's files. */
  public FileAnalyses analyses() {
    return analyses;
  }

  /** Stops watching trees; the workspace keeps working, stat-ing every file. */
  public void close() {
    listings.close();
  }

  /**
   * One search's files: the file at {@code path}, or the files below it.
   *
   * @throws SlicegrepException when the file cannot be searched or the tree cannot be listed
   */
  public LocalSource read(Path path, boolean directory, Options options, Progress progress) {
    if (!directory) {
      SourceFile file = store.single(path, options.maxFileBytes());
      return new LocalSource(List.of(file), null, analyses, null, null);
    }
    PersistentIndex index = index(path, options);
    List<SourceFile> files = readTree(path, options, progress, index);
    TreeFilter.Fit filter = treeFilters.fitting(files);
    return new LocalSource(files, filter, analyses, index, watchesTrees ? treeFilters : null);
  }

  /**
   * One file with default options, for its file map.
   *
   * @throws SlicegrepException when it cannot be searched
   */
  public SourceFile file(Path path) {
    return store.single(path, Options.defaults().maxFileBytes());
  }

  private @Nullable PersistentIndex index(Path root, Options options) {
    Path directory = indexDirectory;
    if (directory == null) {
      return null;
    }
    PersistentIndex.Key key =
        new PersistentIndex.Key(
            root.toAbsolutePath().normalize(), options.recursive(), options.confined(),
            options.maxFileBytes());
    return indexes.computeIfAbsent(key, k -> PersistentIndex.open(directory, k));
  }

  private List<SourceFile> readTree(
      Path root, Options options, Progress progress, @Nullable PersistentIndex index) {
    TreeListings.Listed listed =
        listings.listing(
            TreeListings.Key.of(root, options.recursive(), options.confined()), root, index,
            !TreeWatch.switchedOff(options.environment()));
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
    long removals = store.removals();
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
    TreeWatch watch = listed.watch();
    if (watch != null) {
      lastRead =
          new ReadSnapshot(listed.listing(), watch, removals, options.maxFileBytes(),
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

  /** One listed file: the kept one the watch vouches for, else loaded (null when skipped). */
  private @Nullable SourceFile readEntry(
      SourceTree.Entry p, TreeListings.Listed listed, @Nullable Path realTop, Options options,
      @Nullable PersistentIndex index, boolean streaming) {
    TreeWatch watch = listed.watch();
    SourceFile f = watch != null && listed.unchanged(p) ? store.unchanged(p, watch) : null;
    if (f == null && (realTop == null || SourceTree.isInside(p.path(), realTop))) {
      f = store.load(p.path(), p.path(), p.relativePath(), options.maxFileBytes(), false,
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
   * the watch, the read options and everything the store holds stay the same (the store
   * letting any file go could leave a file here that the store no longer vouches for; then the
   * next search reads every file again).
   *
   * @param removals {@link FileStore#removals()} before that read
   * @param read per listed entry, the file read, or null when it was skipped
   * @param unvouched the entries the watch could not vouch for (links, or modified since the
   *     watch started): looked at again on every search
   * @param positions each listed path's entry
   */
  private record ReadSnapshot(
      SourceTree.Listing listing, TreeWatch watch, long removals, long maxFileBytes,
      @Nullable SourceFile[] read, BitSet unvouched, Map<Path, Integer> positions) {
    boolean holdsFor(TreeListings.Listed now, long removalsNow, long maxFileBytesNow) {
      return now.listing() == listing && now.watch() == watch && removalsNow == removals
          && maxFileBytesNow == maxFileBytes;
    }
  }

  private static Path realPath(Path root) {
    try {
      return root.toRealPath();
    } catch (IOException | SecurityException e) {
      throw new SlicegrepException("cannot read directory " + root + ": " + e.getMessage(), e);
    }
  }

  /** Runs {@code action} on each directory search's listed paths before they are read. */
  public void afterListing(Consumer<List<Path>> action) {
    this.afterListing = action;
  }

  /** Waits until the watches being started are in place (or given up), for tests. */
  public void awaitWatchStarts() {
    listings.awaitWatchStarts();
  }

  /** Whether a search of {@code root} (default options) would be told its changes. */
  public boolean watching(Path root) {
    Options d = Options.defaults();
    return listings.watching(TreeListings.Key.of(root, d.recursive(), d.confined()));
  }
}
