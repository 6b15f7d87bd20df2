package io.github.slicegrep.workspace;

import io.github.slicegrep.SlicegrepException;
import io.github.slicegrep.cache.BoundedCache;
import io.github.slicegrep.index.PersistentIndex;
import io.github.slicegrep.source.SourceTree;
import io.github.slicegrep.source.TreeWatch;
import java.io.IOException;
import java.lang.ref.Cleaner;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The last walk of each searched root, reused while what it read is unchanged, and the change
 * notifications of the roots searched again (see {@link TreeWatch}): a warm search then stats
 * only the files changed since, not the whole tree.
 */
final class TreeListings {
  /** Releases the watches of workspaces dropped without {@link #close()}. */
  private static final Cleaner CLEANER = Cleaner.create();
  /** Roots whose listing is kept: a host usually searches one project, sometimes a few. */
  static final int LISTINGS_KEPT = 16;
  /**
   * Roots watched at once. Each watch is an inotify instance, of which a user has few (128 by
   * default) to share with every editor and build tool on the machine.
   */
  static final int WATCHES_KEPT = 4;

  private final BoundedCache<Key, SourceTree.Listing> listings =
      BoundedCache.ofSize(LISTINGS_KEPT);
  /** Closed when evicted, when the workspace is closed, or when it is collected. */
  private final BoundedCache<Key, TreeWatch> watches;
  /** Watches being started in the background, by root. */
  private final Map<Key, CompletableFuture<Void>> watchStarts = new ConcurrentHashMap<>();
  /** Whether trees searched again are watched. */
  private final boolean watchesTrees;
  private volatile boolean closed;

  /** A root as listed: its listing depends on these options alone. */
  record Key(Path root, boolean recursive, boolean confined) {
    static Key of(Path root, boolean recursive, boolean confined) {
      return new Key(root.toAbsolutePath().normalize(), recursive, confined);
    }

    // Written out: a record's own equals and hashCode link a bootstrap method on first use,
    // which a process that searches once pays for at start-up.
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && root.equals(k.root) && recursive == k.recursive
          && confined == k.confined;
    }

    @Override
    public int hashCode() {
      return (root.hashCode() * 31 + Boolean.hashCode(recursive)) * 31 + Boolean.hashCode(confined);
    }
  }

  /**
   * A listing, with the files a watch says are unchanged since they were kept (none when the
   * tree is not watched).
   */
  record Listed(SourceTree.Listing listing, @Nullable TreeWatch watch, Set<Path> changed) {
    static Listed unwatched(SourceTree.Listing listing) {
      return new Listed(listing, null, Set.of());
    }

    boolean unchanged(SourceTree.Entry e) {
      return watch != null && !changed.contains(e.path()) && watch.covers(e.path());
    }
  }

  TreeListings(Object owner, boolean watchesTrees) {
    this.watchesTrees = watchesTrees;
    // Evictions and their closing run on the calling thread, so that no more than WATCHES_KEPT
    // inotify instances are ever open and a closed workspace has closed them all.
    this.watches = BoundedCache.<Key, TreeWatch>ofSize(WATCHES_KEPT)
        .onRemoval((k, w) -> w.close());
    BoundedCache<Key, TreeWatch> toClose = watches; // the action must not hold the owner
    CLEANER.register(owner, toClose::invalidateAll);
  }

  /** Stops watching; listings are still reused while unchanged. */
  void close() {
    synchronized (watches) {
      closed = true;
      watches.invalidateAll();
    }
  }

  /**
   * The files below {@code key}'s root: the last walk's when none of the directories and
   * ignore files it read has changed since (told by the tree's watch, else a few hundred stats
   * instead of a walk), otherwise a new walk. A watching workspace starts watching a root on
   * its second search, unless {@code mayWatch} is false (the search's environment turned
   * watching off).
   */
  Listed listing(Key key, Path root, @Nullable PersistentIndex index, boolean mayWatch) {
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
        if (watch == null && watchesTrees && mayWatch) {
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
      fresh = SourceTree.walk(key.root(), key.recursive(), key.confined());
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

  /**
   * Starts watching a root searched again, on a thread of its own: registering a watch on each
   * of a few thousand directories takes a few hundred milliseconds, which the search that asked
   * should not wait for. Searches stat every file meanwhile. The listing is checked once the
   * watches are in place: a change from then on is the watch's to see, one made before shows in
   * the check (the tree's shape) or in a stat (see {@link FileStore#unchanged}).
   */
  private void startWatching(Key key, SourceTree.Listing listing) {
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

  /** Whether a search of {@code key}'s root would be told its changes, for tests. */
  boolean watching(Key key) {
    return watches.getIfPresent(key) != null;
  }
}
