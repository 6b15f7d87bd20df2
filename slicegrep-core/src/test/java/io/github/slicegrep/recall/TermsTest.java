package io.github.slicegrep.recall;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.slicegrep.source.SourceFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TermsTest {
  private static List<String> terms(String text) {
    List<String> out = new ArrayList<>();
    Terms.analyse(text, out::add);
    return out;
  }

  @Test
  void anIdentifierGivesItsWholeNameAndTheStemsOfItsParts() {
    assertEquals(
        List.of("=gethttpresponse", "get", "http", "respons"), terms("getHTTPResponse"));
    assertEquals(List.of("=options", "option"), terms("options"));
  }

  @Test
  void spellingsOfOneNameShareTheirWholeTerm() {
    assertEquals("=budgetpacking", terms("budget_packing").get(0));
    assertEquals("=budgetpacking", terms("budgetPacking").get(0));
    assertEquals("=budgetpacking", terms("BudgetPacking").get(0));
    assertTrue(
        Question.of(List.of("budget", "packing")).weights().containsKey("=budgetpacking"),
        "adjacent question words spell the identifier they may name");
  }

  @Test
  void punctuationNumbersAndSingleLettersCarryNoTerms() {
    assertEquals(List.of("=total", "total", "=x2", "x2"), terms("  total += 42 * x2 - i;"));
    assertEquals(List.of(), terms("// ---- 1234 ----"));
  }

  @Test
  void questionWordsAreStemmedLikeCode() {
    Question q = Question.of(List.of("parsing", "configured", "handlers"));
    assertTrue(q.weights().containsKey("pars"));
    assertTrue(q.weights().containsKey("configur"));
    assertTrue(q.weights().containsKey("handler"));
    assertEquals(List.of("=parsing", "pars"), terms("parsing"));
  }

  /** A reader's cache of identifier terms changes nothing a file's analysis gives. */
  @Test
  void cachedAnalysisGivesTheSameTerms() {
    TermCache cache = new TermCache();
    String text =
        "def get_user(self, userId):\n    return self.getUser(userId) or getHTTPResponse()\n"
            + "class UserCache:  # caches users\n    users = {}\n    get_user = None\n";
    for (int round = 0; round < 2; round++) { // cold cache, then warm
      List<String> cached = new ArrayList<>();
      Terms.analyse(text, cache, cached::add);
      assertEquals(terms(text), cached);
    }
    assertTrue(cache.apply("get_user") == cache.apply("get_user"), "kept after first use");
  }

  /** Terms stored in a persistent index come back exactly; anything else is refused. */
  @Test
  void storedAnalysisRoundTrips() {
    SourceFile file =
        SourceFile.of(
            Path.of("a.py"), "a.py",
            "def get_user(self, userId):\n\n    return self.getUser(userId)  # \u00e9t\u00e9\n"
                + "x = 1\n" + "y".repeat(300) + "\n");
    FileTerms analysed = FileTerms.of(file);
    byte[] stored = analysed.encode();
    FileTerms back = FileTerms.decode(stored);
    for (String term : List.of("=getuser", "get", "user", "=userid", "=self", "return", "=x", "")) {
      assertArrayEquals(analysed.positions(term), back.positions(term), term);
    }
    for (int line = 1; line <= file.lineCount() + 1; line++) {
      assertEquals(analysed.firstTerm(line), back.firstTerm(line), "line " + line);
    }
    assertThrows(
        IllegalArgumentException.class,
        () -> FileTerms.decode(Arrays.copyOf(stored, stored.length - 1)));
    assertThrows(IllegalArgumentException.class, () -> FileTerms.decode(new byte[] {5, 1}));
    byte[] longer = Arrays.copyOf(stored, stored.length + 1);
    assertThrows(IllegalArgumentException.class, () -> FileTerms.decode(longer));
  }

  /** A name is normalised as Character.toLowerCase reads it, separators dropped. */
  @Test
  void normalisingLowersEveryCharacterAndDropsSeparators() {
    Random random = new Random(20261202);
    String pieces = "aZ_$09\u00c9\u00e9\u0130\u212a\u01c5\u03a3\u00df\uD801\uDC00@[`{";
    for (int round = 0; round < 5000; round++) {
      StringBuilder name = new StringBuilder();
      StringBuilder expected = new StringBuilder();
      for (int k = random.nextInt(10); k > 0; k--) {
        char c = pieces.charAt(random.nextInt(pieces.length()));
        name.append(c);
        if (c != '_' && c != '$') {
          expected.append(Character.toLowerCase(c));
        }
      }
      assertEquals(expected.toString(), Terms.normalise(name.toString()), name.toString());
    }
  }
}
