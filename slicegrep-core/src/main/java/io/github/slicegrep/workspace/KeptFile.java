package io.github.slicegrep.workspace;

import io.github.slicegrep.index.PersistentIndex;
import io.github.slicegrep.index.StoredOutline;
import io.github.slicegrep.outline.Block;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.rank.Dedupe;
import io.github.slicegrep.rank.FileFacts;
import io.github.slicegrep.recall.FileTerms;
import io.github.slicegrep.source.FileStamp;
import io.github.slicegrep.source.SourceFile;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A decoded file as last seen on disk, with what is derived from it once computed. A file
 * restored from a persistent index is read on first use and brings its stored outline, which
 * holds only if what is read still has the stamp it was indexed under.
 */
final class KeptFile {
  /** A check time that is not known (attributes from a walk). */
  static final long UNVERIFIED = Long.MIN_VALUE;

  final FileStamp stamp;
  final SourceFile file;
  final @Nullable PersistentIndex index;
  final String relativePath;
  final @Nullable StoredOutline indexedOutline;
  volatile boolean matchesStamp = true;
  /**
   * {@link System#nanoTime()} just before the stat that last found the file with this stamp
   * ({@link #UNVERIFIED} when unknown): a watch vouches for the file only if that stat came
   * after the watch was in place, since a change made before would not be reported.
   */
  volatile long verifiedNanos;
  volatile @Nullable Outline outline;
  volatile @Nullable Outline roughOutline;
  volatile @Nullable FileTerms terms;
  volatile Dedupe.@Nullable LineKeys lineKeys;
  volatile @Nullable FileFacts facts;
  /**
   * The blocks last cut by a heuristic outline and by any other, each with the outline it
   * was cut by: a staged search cuts a finalist's file by both, every time.
   */
  volatile @Nullable OutlineBlocks roughBlocks;
  volatile @Nullable OutlineBlocks blocks;

  /** Blocks cut by one outline; a file's blocks are reused while its outline is the same. */
  record OutlineBlocks(Outline outline, List<Block> blocks) {}

  KeptFile(
      FileStamp stamp, long verifiedNanos, SourceFile file, @Nullable PersistentIndex index,
      String relativePath, @Nullable StoredOutline indexedOutline) {
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
