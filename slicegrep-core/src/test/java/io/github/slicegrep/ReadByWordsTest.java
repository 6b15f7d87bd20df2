package io.github.slicegrep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SPEC 4 (revised): several words whose exact reading matches nothing are read by their words,
 * so punctuation, quotes, issue numbers and two-word questions never make a search empty while
 * the words are in the code; an identifier that is absent stays absent.
 */
class ReadByWordsTest {
  @TempDir Path tmp;

  private Path tree() {
    return Fixture.in(tmp.resolve("tree"))
        .file("app/cache.py", "class ResponseCache:\n    def expire(self, now):\n"
            + "        self.entries = {k: v for k, v in self.entries.items() if v.deadline > now}\n")
        .file("app/loader.py", "def load(path):\n    if not path:\n"
            + "        raise ValueError('empty path')\n    return open(path).read()\n")
        .root();
  }

  @Test
  void sentencesPeopleTypeAreReadByTheirWords() {
    FocusedReader reader = new FocusedReader();
    for (String q : List.of("where is caching done", "Fix crash when load() gets an empty path.",
        "expire cache entries (#412)", "\"empty path\" in load", "cache expiry")) {
      Result r = reader.search(tree(), q, Options.defaults());
      assertTrue(r.matched(), q + "\n" + r.render());
      assertFalse(r.chunks().isEmpty(), q);
      // Three content words and no regex syntax (once names spelled as code and a sentence's
      // own punctuation are set aside) read as a question from the start.
      String expected = q.startsWith("\"") || q.startsWith("Fix") ? "question" : "words";
      assertEquals(expected, r.readAs(), q);
      assertEquals(expected, r.toMap().get("read_as"));
      assertTrue(r.render().contains(expected.equals("words")
          ? "(read by its words: the text as written matched nothing"
          : "(read as a question"), r.render());
    }
  }

  @Test
  void exactReadingsStayExact() {
    FocusedReader reader = new FocusedReader();
    Result exact = reader.search(tree(), "def expire", Options.defaults());
    assertEquals("exact", exact.readAs());
    assertFalse(exact.render().contains("(read"), exact.render());
    Result question = reader.search(tree(), "how are stale cache entries expired", Options.defaults());
    assertEquals("question", question.readAs());
    Result message = reader.search(tree(), "raise ValueError", Options.defaults());
    assertEquals("exact", message.readAs(), "a phrase found as written stays exact");
    assertTrue(message.matched());
  }

  @Test
  void anAbsentIdentifierOrWordsStayAbsent() {
    FocusedReader reader = new FocusedReader();
    Result name = reader.search(tree(), "ScorerFactory", Options.defaults());
    assertFalse(name.matched());
    assertEquals("exact", name.readAs());
    assertTrue(name.negativeEvidence().stream().anyMatch(s -> s.contains("ScorerFactory")),
        name.negativeEvidence().toString());
    Result words = reader.search(tree(), "quantum entanglement teleporter", Options.defaults());
    assertFalse(words.matched(), words.render());
  }
}
