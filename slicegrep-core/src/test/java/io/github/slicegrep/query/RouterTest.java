package io.github.slicegrep.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RouterTest {
  private static final String CODE =
      "raise ValueError(\"this loader cannot iterate over all templates\")";

  @Test
  void identifiersPatternsAndShortPhrasesArePrecise() {
    for (String q :
        List.of("FocusedRead", "class Scorer|def score", "parse_args", "retry budget",
            "score\\(", "Unexpected argument")) {
      assertEquals(Query.Route.PRECISE, QueryParser.parse(q).route(), q);
    }
  }

  @Test
  void aQuestionOfThreeOrMoreContentWordsIsVague() {
    Query q = QueryParser.parse("how are retries spaced after a failed request");
    assertEquals(Query.Route.VAGUE, q.route());
    assertEquals(List.of("retries", "spaced", "failed", "request"), q.questionWords());
  }

  @Test
  void aQuestionFoundVerbatimInTheCodeIsAQuotationSearchedExactly() {
    Query q = QueryParser.parse("this loader cannot iterate over all templates");
    assertEquals(Query.Route.VAGUE, q.route());
    Query routed = Router.route(q, phrase -> phrase.matches(CODE));
    assertEquals(Query.Route.PRECISE, routed.route());
    assertEquals(List.of("this loader cannot iterate over all templates"),
        routed.fragmentTexts());
    assertTrue(routed.fragments().get(0).matches(CODE));
    assertFalse(routed.fragments().get(0).matches("loader cannot iterate templates"));
  }

  @Test
  void aQuestionNotFoundVerbatimStaysAQuestion() {
    Query q = QueryParser.parse("loader iterates templates lazily");
    assertSame(q, Router.route(q, phrase -> phrase.matches(CODE)));
  }

  @Test
  void aPreciseQueryIsNeverLookedUp() {
    Query q = QueryParser.parse("FocusedRead");
    assertSame(q, Router.route(q, phrase -> { throw new AssertionError("looked up"); }));
  }
}
