package io.github.slicegrep.solr;

import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.LineScanner;
import io.github.slicegrep.query.Fragment;
import io.github.slicegrep.search.CandidateSource;
import io.github.slicegrep.search.FileAnalyses;
import io.github.slicegrep.source.SourceFile;
import java.util.List;

/** A source with no files: a search through it reads its query and finds nothing. */
final class EmptySource implements CandidateSource {
  @Override
  public List<SourceFile> files() {
    return List.of();
  }

  @Override
  public List<List<Hit>> scan(LineScanner scanner) {
    return List.of();
  }

  @Override
  public boolean contains(Fragment fragment) {
    return false;
  }

  @Override
  public FileAnalyses analyses() {
    return FileAnalyses.computed();
  }
}
