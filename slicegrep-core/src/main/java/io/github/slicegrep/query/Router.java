package io.github.slicegrep.query;

import java.util.Optional;
import java.util.function.Predicate;

/**
 * Chooses the reading a search starts from. By shape first: identifiers, patterns, several
 * alternatives and one- or two-word phrases are precise; a single phrase of three or more
 * content words without regex syntax is a question (see {@link Query#route()}). Then by
 * evidence: a question whose exact text stands in the code (an error message, a log line, a
 * comment someone remembers) is still ranked by its words, with the regions that hold the
 * phrase lifted (SPEC 4: a verbatim phrase never replaces the ranking by words).
 */
public final class Router {
  private Router() {}

  /**
   * The query to run first: the first reading, lifting its phrase where {@code occursInCode}
   * says the phrase is present.
   */
  public static Query route(QueryReading reading, Predicate<Fragment> occursInCode) {
    Query first = reading.first();
    Optional<Fragment> phrase = reading.phrase();
    if (phrase.isPresent() && occursInCode.test(phrase.get())) {
      return first.lifting(phrase.get(), Query.Reading.QUOTATION);
    }
    return first;
  }
}
