package io.github.slicegrep.match;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.query.Fragment;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.source.SourceFile;
import java.util.List;

/** Runs every fragment of a query over every line of a file. */
public final class LineScanner {
  /**
   * Longer lines are minified bundles or data blobs: matching them costs time and the slice
   * around them would be useless to a reader.
   */
  public static final int MAX_MATCHED_LINE_CHARS = 5000;

  private LineScanner() {}

  /** The hits in {@code file}, ordered by line, then fragment. */
  public static List<Hit> scan(SourceFile file, Query query) {
    List<Fragment> fragments = query.fragments();
    ImmutableList.Builder<Hit> hits = ImmutableList.builder();
    List<String> lines = file.lines();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.length() > MAX_MATCHED_LINE_CHARS || line.isEmpty()) {
        continue;
      }
      for (int f = 0; f < fragments.size(); f++) {
        if (fragments.get(f).matches(line)) {
          hits.add(new Hit(i + 1, f));
        }
      }
    }
    return hits.build();
  }

  /** Whether {@code fragment} matches any line of {@code file} that {@link #scan} would read. */
  public static boolean contains(SourceFile file, Fragment fragment) {
    for (String line : file.lines()) {
      if (!line.isEmpty() && line.length() <= MAX_MATCHED_LINE_CHARS && fragment.matches(line)) {
        return true;
      }
    }
    return false;
  }
}
