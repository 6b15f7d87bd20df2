package io.github.slicegrep.bench.changes.debian;

import io.github.slicegrep.bench.questions.Question;
import io.github.slicegrep.bench.truth.Span;
import java.util.List;

/**
 * One task of the suite: a patch's DEP-3 line as the query, the code it touches in the
 * pristine upstream tree as the truth.
 *
 * @param corpus the upstream tree searched
 * @param patch the patch's file name in its series
 * @param query the Description or Subject line ({@link Dep3})
 * @param regions the touched regions, merged ({@link Regions}), in code files only
 */
public record ChangeRequest(String corpus, String patch, String query, List<Span> regions) {
  public ChangeRequest {
    regions = List.copyOf(regions);
    if (regions.isEmpty()) {
      throw new IllegalArgumentException(patch + ": a change request needs a touched region");
    }
  }

  /** Tuning or confirmation, by the hash of the query ({@link Question#splitOf}). */
  public Question.Split split() {
    return Question.splitOf(query);
  }

  /** The files holding a touched region, in order. */
  public List<String> files() {
    return regions.stream().map(Span::file).distinct().toList();
  }
}
