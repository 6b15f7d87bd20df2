package io.github.slicegrep;

import io.github.slicegrep.index.CacheDirectory;
import io.github.slicegrep.index.IndexLocation;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The persistent index cache as a whole: what it holds and how much it may hold, and how to
 * empty it. Each searched root's files (its indexes, their recall-terms sidecars, its stored
 * block vectors) form one unit; when a write takes the directory over its limit, the least
 * recently used units are evicted (reading an index counts as a use).
 *
 * <pre>{@code
 * Path dir = IndexCache.directory().orElseThrow();
 * IndexCache.Status s = IndexCache.status(dir);
 * s.totalBytes();   // e.g. 48_213_004
 * s.roots().get(0); // the most recently used root
 * IndexCache.clear(dir);
 * }</pre>
 *
 * <p>The limit is {@code SLICEGREP_INDEX_MAX_MB}, a whole number of MiB (default 1024; 0 keeps
 * only the index being written). A bad value does not fail searches: the default applies and
 * {@link Status#limitProblem()} says why. Safe beside running searches: a search reads an
 * index file whole and checks it, so it sees a whole file or none (and then runs cold).
 */
public final class IndexCache {
  /** The limit when {@code SLICEGREP_INDEX_MAX_MB} is unset: 1 GiB. */
  public static final long DEFAULT_LIMIT_BYTES = IndexLocation.DEFAULT_LIMIT_BYTES;

  /**
   * One searched root's files.
   *
   * @param root the root they index, or null when no file of the unit could be read for it
   * @param bytes their total size
   * @param files how many files
   * @param lastUsed when one of them was last read or written
   */
  public record Root(@Nullable Path root, long bytes, int files, Instant lastUsed) {}

  /**
   * What the cache directory holds.
   *
   * @param directory the cache directory
   * @param limitBytes the size limit eviction keeps to
   * @param limitProblem why the configured limit was not used, or empty
   * @param totalBytes the size of every root's files
   * @param roots each root's files, most recently used first
   */
  public record Status(Path directory, long limitBytes, Optional<String> limitProblem,
      long totalBytes, List<Root> roots) {
    public Status {
      roots = List.copyOf(roots);
    }
  }

  /**
   * What {@link #clear} removed.
   *
   * @param files files deleted
   * @param bytes their size
   * @param inFlight temporary files of searches still writing, left to them
   */
  public record Cleared(int files, long bytes, int inFlight) {}

  private IndexCache() {}

  /**
   * The cache directory of this process's environment, as {@link FocusedReader#indexDirectory()}.
   *
   * @return the directory, or empty when indexes are switched off
   */
  public static Optional<Path> directory() {
    return IndexLocation.fromEnvironment();
  }

  /**
   * The cache directory the environment variables {@code env} name (the same rules as
   * {@link #directory()}).
   *
   * @param env environment variables by name
   * @return the directory, or empty when indexes are switched off
   */
  public static Optional<Path> directory(Map<String, String> env) {
    return IndexLocation.from(env);
  }

  /**
   * The size limit of this process's environment in bytes.
   *
   * @return {@code SLICEGREP_INDEX_MAX_MB} MiB, or {@link #DEFAULT_LIMIT_BYTES}
   */
  public static long limitBytes() {
    return IndexLocation.limitFromEnvironment().bytes();
  }

  /**
   * What {@code directory} holds, per root, and the limit that applies to it.
   *
   * @param directory a cache directory (a missing one holds nothing)
   * @return its status
   * @throws SlicegrepException when it cannot be listed
   */
  public static Status status(Path directory) {
    return status(directory, System.getenv());
  }

  /**
   * Like {@link #status(Path)}, with the limit that the environment variables {@code env} set.
   *
   * @param directory a cache directory (a missing one holds nothing)
   * @param env environment variables by name
   * @return its status
   * @throws SlicegrepException when it cannot be listed
   */
  public static Status status(Path directory, Map<String, String> env) {
    SlicegrepException.check(directory != null, "index directory is missing");
    SlicegrepException.check(env != null, "environment is missing");
    IndexLocation.Limit limit = IndexLocation.limitFrom(env);
    List<Root> roots = new ArrayList<>();
    long total = 0;
    try {
      for (CacheDirectory.Unit u : CacheDirectory.scan(directory)) {
        roots.add(new Root(u.root(), u.bytes(), u.files(), Instant.ofEpochMilli(u.lastUsedMillis())));
        total += u.bytes();
      }
    } catch (IOException e) {
      throw new SlicegrepException("cannot list the index directory " + directory + ": " + e);
    }
    return new Status(directory, limit.bytes(), Optional.ofNullable(limit.problem()), total, roots);
  }

  /**
   * Deletes every index file of {@code directory}. Searches running meanwhile are unharmed: one
   * that had opened a file reads it whole, one that finds it gone runs cold, and the files that
   * searches are still writing (younger than 10 minutes) are left to them.
   *
   * @param directory a cache directory
   * @return what was removed
   * @throws SlicegrepException when it cannot be listed
   */
  public static Cleared clear(Path directory) {
    SlicegrepException.check(directory != null, "index directory is missing");
    try {
      CacheDirectory.Cleared c = CacheDirectory.clear(directory);
      return new Cleared(c.files(), c.bytes(), c.inFlight());
    } catch (IOException e) {
      throw new SlicegrepException("cannot clear the index directory " + directory + ": " + e);
    }
  }
}
