package io.github.slicegrep.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
  void aQuestionFoundVerbatimIsStillRankedByItsWordsWithThePhraseLifted() {
    QueryReading reading = QueryParser.read("this loader cannot iterate over all templates");
    Query routed = Router.route(reading, phrase -> phrase.matches(CODE));
    assertEquals(Query.Route.VAGUE, routed.route());
    assertEquals(Query.Reading.QUOTATION, routed.reading());
    // The words' fragments are all still there; the phrase is one more, the lifted one.
    List<String> fragments = routed.fragmentTexts();
    assertEquals(reading.first().fragmentTexts(), fragments.subList(0, fragments.size() - 1));
    assertEquals(fragments.size() - 1, routed.liftedFragment());
    assertTrue(routed.fragments().get(routed.liftedFragment()).matches(CODE));
  }

  @Test
  void aQuestionNotFoundVerbatimStaysAQuestion() {
    QueryReading reading = QueryParser.read("loader iterates templates lazily");
    Query routed = Router.route(reading, phrase -> phrase.matches(CODE));
    assertSame(reading.first(), routed);
    assertEquals(-1, routed.liftedFragment());
  }

  @Test
  void aPreciseQueryIsNeverLookedUp() {
    QueryReading reading = QueryParser.read("FocusedRead");
    assertSame(reading.first(),
        Router.route(reading, phrase -> { throw new AssertionError("looked up"); }));
  }
}
