package io.github.slicegrep.search;

import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.LineScanner;
import io.github.slicegrep.query.Fragment;
import io.github.slicegrep.source.SourceFile;
import java.util.List;

/**
 * Where one search's candidates come from: the seam between the files (a local tree read
 * through a reader's caches, or blocks held by a search cluster) and what the pipeline does with
 * them. The pipeline asks for the files to consider, has them scanned, asks whether a phrase
 * occurs at all, and reads each file's analyses; it never learns how they were found or kept.
 *
 * <p>A source answers for one search of one path, and may be asked from several threads.
 */
public interface CandidateSource {
  /**
   * The files this search considers, in a stable order (a directory's in listing order).
   *
   * @return the files, each with its lines readable
   */
  List<SourceFile> files();

  /**
   * Every file's hits for {@code scanner}, in the order of {@link #files()}. A source may rule
   * files out by an index of its own first, as long as it never loses a hit.
   *
   * @param scanner the query's line scanner
   * @return one list of hits per file, in line order
   */
  List<List<Hit>> scan(LineScanner scanner);

  /**
   * Whether {@code fragment} matches a line of any file, by the scanner's rules: the router's
   * test of whether a question stands verbatim in the code.
   *
   * @param fragment a fragment, such as the question's words as one literal
   * @return true when some line matches it
   */
  boolean contains(Fragment fragment);

  /**
   * The analyses of this source's files.
   *
   * @return analyses, kept or computed
   */
  FileAnalyses analyses();
}
