package io.github.slicegrep.workspace;

import io.github.slicegrep.index.IndexLocation;
import io.github.slicegrep.index.PersistentIndex;
import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.LineScanner;
import io.github.slicegrep.query.Fragment;
import io.github.slicegrep.search.CandidateSource;
import io.github.slicegrep.search.FileAnalyses;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.TreeFilter;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A file or a tree as a workspace read it for one search: its files, the tree filter fitted to
 * them (a watching workspace's), and the persistent index to save once the search is done.
 */
public final class LocalSource implements CandidateSource {
  private final List<SourceFile> files;
  private final TreeFilter.@Nullable Fit filter;
  private final FileAnalyses analyses;
  private final @Nullable PersistentIndex index;
  /** Where a tree filter built from this scan is kept, or null when none is to be built. */
  private final @Nullable TreeFilters keepBuilt;

  LocalSource(
      List<SourceFile> files, TreeFilter.@Nullable Fit filter, FileAnalyses analyses,
      @Nullable PersistentIndex index, @Nullable TreeFilters keepBuilt) {
    this.files = files;
    this.filter = filter;
    this.analyses = analyses;
    this.index = index;
    this.keepBuilt = keepBuilt;
  }

  @Override
  public List<SourceFile> files() {
    return files;
  }

  /**
   * Scans with the fitted tree filter, if any; without one, a watching workspace builds one
   * from the filters this scan left, for the next search.
   */
  @Override
  public List<List<Hit>> scan(LineScanner scanner) {
    List<List<Hit>> hits = scanner.scanAll(files, filter);
    if (filter == null && keepBuilt != null) {
      TreeFilter built = TreeFilter.of(files);
      if (built != null) {
        keepBuilt.keep(built);
      }
    }
    return hits;
  }

  @Override
  public boolean contains(Fragment fragment) {
    return LineScanner.occursIn(files, fragment, filter);
  }

  @Override
  public FileAnalyses analyses() {
    return analyses;
  }

  /**
   * Saves what this search added to the persistent index, if anything.
   *
   * @param env the search's environment, for the index cache's size limit
   */
  public void finish(Map<String, String> env) {
    if (index != null) {
      index.saveIfChanged(IndexLocation.limitFrom(env).bytes());
    }
  }
}
