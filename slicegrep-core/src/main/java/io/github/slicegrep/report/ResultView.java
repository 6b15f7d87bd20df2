package io.github.slicegrep.report;

import io.github.slicegrep.Chunk;
import io.github.slicegrep.Omission;
import io.github.slicegrep.OmittedMore;
import io.github.slicegrep.RankedFile;
import java.util.List;

/**
 * What a report reads of a search's outcome. {@code io.github.slicegrep.Result} implements it,
 * so that the reports render the API's values without depending on the API class that calls
 * them: the dependency runs one way, from the result to its renderers.
 */
public interface ResultView {
  /** How the searched path is named: {@code src/} or {@code a.py}. */
  String searched();

  /** Whether a directory was searched (adds the ranked file list). */
  boolean directory();

  /** The query's fragments as searched. */
  List<String> query();

  /** How the query was read: exact, question, quotation or words. */
  String readAs();

  /** The slices shown, best first. */
  List<Chunk> chunks();

  /** Statements about what is absent or hidden. */
  List<String> negativeEvidence();

  /** Tokens of all chunks' code. */
  int totalTokens();

  /** Files read and matched against. */
  int filesSearched();

  /** Files with at least one match. */
  int filesMatched();

  /** The token budget (0 = unlimited). */
  int budget();

  /** Duplicate regions removed. */
  int deduped();

  /** Matched regions not shown and listed, best first. */
  List<Omission> omitted();

  /** Tokens of the listed omitted regions. */
  int omittedTokens();

  /** The omitted regions beyond those listed, counted, with their tokens estimated. */
  OmittedMore omittedMore();

  /** Files ranked by their regions' scores (directory mode; empty otherwise). */
  List<RankedFile> files();

  /** Shown tokens over shown plus omitted tokens, from 0.0 to 1.0. */
  double coverage();
}
