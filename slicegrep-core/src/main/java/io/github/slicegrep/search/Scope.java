package io.github.slicegrep.search;

import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * What one search covers, as its result names it.
 *
 * @param path the file or directory searched, as given
 * @param directory whether it is a directory (adds the ranked file list)
 * @param indexDirectory where persistent data may be kept (dense vectors), or null for none
 */
public record Scope(Path path, boolean directory, @Nullable Path indexDirectory) {
  /** How the searched path is named in the report: {@code src/} or {@code a.py}. */
  public String label() {
    String s = path.toString().replace('\\', '/');
    return directory && !s.endsWith("/") ? s + "/" : s;
  }
}
