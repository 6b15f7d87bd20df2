package io.github.slicegrep.query;

import java.util.function.Predicate;

/**
 * Chooses how a query is answered. By shape first: identifiers, patterns, several alternatives
 * and one- or two-word phrases are precise; a single phrase of three or more content words
 * without regex syntax is a question (see {@link Query#route()}). Then by evidence: a question
 * whose exact text occurs in the code is a quotation (an error message, a log line, a comment
 * someone remembers) and is searched exactly, as the one literal phrase it is.
 */
public final class Router {
  private Router() {}

  /**
   * The query to run: {@code query} itself, or its verbatim reading when it is a question whose
   * phrase {@code occursInCode} says is present.
   */
  public static Query route(Query query, Predicate<Fragment> occursInCode) {
    if (query.route() != Query.Route.VAGUE) {
      return query;
    }
    // A question has no regex syntax, so its verbatim reading is the one literal phrase.
    Query verbatim = QueryParser.parseVerbatim(query.text());
    return occursInCode.test(verbatim.fragments().get(0)) ? verbatim : query;
  }
}
