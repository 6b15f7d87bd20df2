package io.github.slicegrep.workspace;

import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.TreeFilter;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The tree filters a watching workspace built last, newest first: one is used for a search's
 * files while most of them are still the files it was built from.
 */
final class TreeFilters {
  /** A tree filter is built again once more than one file in this many is not its own. */
  private static final int STALE_TREE_FILTER = 16;
  /**
   * Tree filters kept, for a host searching a few trees in turn (up to 16 MiB each; 11 MiB for
   * django's 5,145 searched files).
   */
  private static final int MAX_TREE_FILTERS = 2;

  private final Deque<TreeFilter> kept = new ArrayDeque<>();

  /** A kept filter fitted to {@code files}, or null when none is built from most of them. */
  TreeFilter.@Nullable Fit fitting(List<SourceFile> files) {
    synchronized (kept) {
      for (TreeFilter filter : kept) {
        if (filter.size() == files.size()) {
          TreeFilter.Fit fit = filter.fit(files);
          if (fit.answered() >= files.size() - files.size() / STALE_TREE_FILTER) {
            return fit;
          }
        }
      }
      return null;
    }
  }

  void keep(TreeFilter built) {
    synchronized (kept) {
      kept.addFirst(built);
      while (kept.size() > MAX_TREE_FILTERS) {
        kept.removeLast();
      }
    }
  }
}
