package io.github.slicegrep.bench.truth;

import java.util.List;

/**
 * One controlled retrieval task.
 *
 * @param id stable identifier: corpus, family and the target
 * @param corpus the corpus it was drawn from
 * @param language the corpus language
 * @param family one of {@link Family}'s labels
 * @param query the text given to every strategy
 * @param truth requirements that must all hold; each is a list of alternatives, any one of which
 *     satisfies it when every non-blank line of it is in the returned context
 */
public record Task(
    String id, String corpus, String language, String family, String query,
    List<List<Span>> truth) {
  public Task {
    truth = truth.stream().map(List::copyOf).toList();
    if (truth.isEmpty() || truth.stream().anyMatch(List::isEmpty)) {
      throw new IllegalArgumentException("task " + id + " has an empty requirement");
    }
  }
}
