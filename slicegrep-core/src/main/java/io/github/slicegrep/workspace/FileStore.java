package io.github.slicegrep.workspace;

import io.github.slicegrep.SlicegrepException;
import io.github.slicegrep.cache.BoundedCache;
import io.github.slicegrep.index.PersistentIndex;
import io.github.slicegrep.source.FileStamp;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.SourceReader;
import io.github.slicegrep.source.SourceTree;
import io.github.slicegrep.source.TreeWatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * The decoded files a workspace keeps, keyed by absolute normalised path and checked against
 * their stamp (modification time and size): a file is read again only when it changed. Files
 * known to the persistent index under their current stamp come back deferred, read only when a
 * search needs their lines.
 */
final class FileStore {
  /** Kept text is bounded by total characters so a long-lived host cannot grow without end. */
  static final long CACHE_MAX_CHARS = 256L * 1024 * 1024;
  /** Reads of a file that keeps changing under the reader before its text is used uncached. */
  static final int MAX_READ_ATTEMPTS = 3;
  /** Binary files remembered, so a warm search does not sniff them again. */
  static final long BINARY_CACHE_MAX_FILES = 200_000;

  /** Looked up for every file of the tree by a warm search: a lookup must cost less than a stat. */
  private final BoundedCache<Path, KeptFile> cache;
  /** The stamps of files found binary: skipped again without opening while unchanged. */
  private final BoundedCache<Path, FileStamp> binaries =
      BoundedCache.ofSize(BINARY_CACHE_MAX_FILES);
  /** Entries the cache has let go (evicted, replaced or invalidated), ever. */
  private final AtomicLong removals = new AtomicLong();

  FileStore() {
    this.cache = BoundedCache.<Path, KeptFile>ofWeight(CACHE_MAX_CHARS, (p, f) -> f.weight())
        .onRemoval((p, f) -> removals.incrementAndGet());
  }

  /** How many entries the cache has let go so far: a snapshot of a tree holds while it stays. */
  long removals() {
    return removals.get();
  }

  /**
   * The kept entry of {@code file}, when the cache holds this very text (not an older or newer
   * version of the file).
   */
  @Nullable KeptFile kept(SourceFile file) {
    KeptFile kept = cache.getIfPresent(cacheKey(file));
    return kept == null || !kept.file.sameContent(file) ? null : kept;
  }

  /**
   * The key {@code file} is kept under. Files this store loads carry their key as their path
   * already; normalising it again for every lookup was a measurable part of a warm question.
   */
  private static Path cacheKey(SourceFile file) {
    Path p = file.path();
    return p.isAbsolute() ? p : p.toAbsolutePath().normalize();
  }

  /**
   * The kept file of a listed entry the watch vouches for: unchanged on disk since it was
   * kept, so it is used without a stat (or, confined, a real-path check: replacing a file or
   * directory by a link is a change the watch reports). Null when not kept.
   */
  @Nullable SourceFile unchanged(SourceTree.Entry e, TreeWatch watch) {
    KeptFile kept = cache.getIfPresent(e.path());
    return kept == null || !kept.verifiedSince(watch.startedNanos())
        ? null
        : kept.file.withRelativePath(e.relativePath());
  }

  /** One file searched on its own: an error, not a skip, when it cannot be searched. */
  SourceFile single(Path path, long maxBytes) {
    String name = path.getFileName() == null ? path.toString() : path.getFileName().toString();
    SourceFile f =
        load(path, path.toAbsolutePath().normalize(), name, maxBytes, true, null, null, false);
    if (f == null) {
      throw new IllegalStateException("a required file came back skipped: " + path);
    }
    return f;
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
  @Nullable SourceFile load(
      Path path, Path key, String relative, long maxBytes, boolean required,
      @Nullable BasicFileAttributes seen, @Nullable PersistentIndex index, boolean streaming) {
    long statNanos = seen != null ? KeptFile.UNVERIFIED : System.nanoTime();
    BasicFileAttributes attrs = seen != null ? seen : attributes(key);
    if (attrs != null && attrs.isRegularFile() && attrs.size() <= maxBytes) {
      KeptFile cached = cache.getIfPresent(key);
      FileStamp now = FileStamp.of(attrs);
      if (cached != null && cached.stamp.equals(now)) {
        cached.verifiedNanos = statNanos;
        return cached.file.withRelativePath(relative);
      }
      if (cached != null) {
        // Gone at once, not when the new text is kept: text that has not settled is not
        // kept, and a watched tree would otherwise take the old text for unchanged.
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
    // that never read stable is used once but not kept. Nor is text whose stamp has not
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
          cache.put(key, new KeptFile(stamp, statNanos, loaded.file(), index, relative, null));
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
    KeptFile[] holder = new KeptFile[1];
    SourceFile file =
        SourceFile.deferred(
            key, relative,
            () -> {
              SourceReader.Outcome outcome = SourceReader.read(key, relative, maxBytes);
              if (!stamp.equals(FileStamp.read(key))) {
                holder[0].matchesStamp = false; // changed since: the stored outline is not its
              }
              // Kept only once read: most restored files are never read, and a hundred
              // thousand cache insertions cost a warm process more than its scan.
              cache.put(key, holder[0]);
              return outcome instanceof SourceReader.Loaded loaded
                  ? loaded.file().lines()
                  : List.<String>of();
            },
            indexed.textFilter());
    holder[0] = new KeptFile(stamp, statNanos, file, index, relative, indexed.stored());
    return file;
  }
}
