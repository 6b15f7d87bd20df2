package io.github.slicegrep.source;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * What identifies a file's (or a directory's) content on disk without reading it: modification
 * time to the nanosecond (a same-size rewrite within one millisecond must be seen), size, and
 * the file key (device and inode, so an atomic rename over the file is seen too). The key is
 * the file system's object, compared as text against a stamp read back from the index: turning
 * it into text on every stat cost a warm search a tenth of its time.
 */
public record FileStamp(long modifiedNanos, long size, Object fileKey) {
  /**
   * How long after a change a stamp is trusted. File systems keep modification times at the
   * kernel's clock tick (milliseconds; seconds on some), so a second change within the same
   * tick can leave the stamp as it was; a stamp younger than this may hide such a change (git
   * calls this "racy clean"), so what was read under it is not kept.
   */
  public static final long SETTLE_NANOS = TimeUnit.SECONDS.toNanos(2);

  public static FileStamp of(BasicFileAttributes attrs) {
    return new FileStamp(
        attrs.lastModifiedTime().to(TimeUnit.NANOSECONDS),
        attrs.size(),
        attrs.fileKey() == null ? "none" : attrs.fileKey());
  }

  /** The file key as stored in an index. */
  public String fileKeyText() {
    return fileKey.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FileStamp other
        && modifiedNanos == other.modifiedNanos
        && size == other.size
        && (fileKey.getClass() == other.fileKey.getClass()
            ? fileKey.equals(other.fileKey)
            : fileKey.toString().equals(other.fileKey.toString()));
  }

  /** Leaves the key out: keys of two kinds can be equal as text. */
  @Override
  public int hashCode() {
    return Long.hashCode(modifiedNanos) * 31 + Long.hashCode(size);
  }

  /**
   * Whether the last change is old enough, at {@code readAtMillis} (wall clock when the stamp
   * was read), that a later change must give a different stamp. Times in the future never are.
   */
  public boolean settled(long readAtMillis) {
    return modifiedNanos < TimeUnit.MILLISECONDS.toNanos(readAtMillis) - SETTLE_NANOS;
  }

  /** The stamp of {@code path} (symlinks followed), or null when it cannot be read. */
  public static @Nullable FileStamp read(Path path) {
    try {
      return of(Files.readAttributes(path, BasicFileAttributes.class));
    } catch (IOException | SecurityException e) {
      return null;
    }
  }
}
