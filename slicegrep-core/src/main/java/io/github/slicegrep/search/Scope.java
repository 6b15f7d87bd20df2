package io.github.slicegrep.search;

import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * What one search covers, as its result names it.
 *
 * @param path the file or directory searched, as read
 * @param directory whether it is a directory (adds the ranked file list)
 * @param indexDirectory where persistent data may be kept (dense vectors), or null for none
 * @param given the path as the caller gave it, which the report names (the same as
 *     {@code path} unless a relative path was resolved against another working directory)
 */
public record Scope(Path path, boolean directory, @Nullable Path indexDirectory, Path given) {
  /** A scope named by the path it reads. */
  public Scope(Path path, boolean directory, @Nullable Path indexDirectory) {
    this(path, directory, indexDirectory, path);
  }

  /** How the searched path is named in the report: {@code src/} or {@code a.py}. */
  public String label() {
    String s = given.toString().replace('\\', '/');
    return directory && !s.endsWith("/") ? s + "/" : s;
  }
}
