package io.github.slicegrep.solr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.FocusedReader;
import io.github.slicegrep.Options;
import io.github.slicegrep.query.QueryReading;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The candidate query built from a query's readings, without a cluster. */
class CandidateQueryTest {
  @Test
  void aLiteralRequiresEveryTrigramAndRanksByItsWords() {
    String q = of("check_password").text();
    assertTrue(q.contains("+grams:che +grams:ck_ +grams:pas"), q);
    assertTrue(q.contains("text:(check_password )"), q);
    assertTrue(q.contains(")^=" + CandidateQuery.LITERAL_SCORE), q);
  }

  @Test
  void aLiteralWithSpacesAndPunctuationIsEscaped() {
    String q = of("score(").text();
    assertTrue(q.contains("+grams:sco +grams:re\\("), q);
  }

  @Test
  void aRegexWithoutWordsOrLiteralCannotBeLookedUp() {
    CandidateQuery q = of("\\d+");
    assertEquals("", q.text());
    assertEquals(List.of("\\d+"), q.unsearchable());
    CandidateQuery mixed = of("\\d+|parse_args");
    assertEquals(List.of("\\d+"), mixed.unsearchable());
    assertFalse(mixed.text().isEmpty());
  }

  @Test
  void aSentenceIsLookedUpAsWrittenAndByItsWords() {
    String q = of("where are the invoices rounded").text();
    assertTrue(q.contains("+grams:inv"), "as written: " + q);
    assertTrue(q.contains("invoic") && q.contains("round "), "by its stemmed words: " + q);
  }

  @Test
  void aQuestionsVerbatimPhraseIsLookedUpFirst() {
    int phrases = 0;
    for (String question : List.of("how are tokens issued to a user",
        "where is the rate limit applied", "how does caching work")) {
      QueryReading reading = reading(question);
      if (reading.phrase().isPresent()) {
        phrases++;
        String q = CandidateQuery.of(reading).text();
        assertTrue(q.contains(")^" + CandidateQuery.PHRASE_BOOST), q);
      }
    }
    assertTrue(phrases > 0, "some question has a phrase");
  }

  /** The candidate query of {@code query}, read by the core as a search would read it. */
  private static CandidateQuery of(String query) {
    return CandidateQuery.of(reading(query));
  }

  /** {@code query} read by the core as a search would read it. */
  private static QueryReading reading(String query) {
    AtomicReference<QueryReading> read = new AtomicReference<>();
    try (FocusedReader reader = new FocusedReader()) {
      reader.search("c", query, Options.defaults(), reading -> {
        read.set(reading);
        return new EmptySource();
      });
    }
    return read.get();
  }
}
