package io.github.slicegrep.source;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** A word literal's lines, from the vocabulary, are exactly the lines whose text holds it. */
class VocabularyTest {
  private static final String ALPHABET = "abcAB_01 .(\u00e9\u212a";

  @Test
  void linesWithAreExactlyTheLinesHoldingTheLiteral() {
    Random random = new Random(20261130);
    for (int round = 0; round < 300; round++) {
      List<String> lines = new ArrayList<>();
      int n = 1 + random.nextInt(30);
      for (int i = 0; i < n; i++) {
        lines.add(randomText(random, random.nextInt(25)));
      }
      FoldedText folded = FoldedText.of(lines);
      Vocabulary vocabulary = Vocabulary.of(folded, 12);
      for (int k = 0; k < 20; k++) {
        String literal = randomLiteral(random);
        assertArrayEquals(
            expected(folded, n, literal, 12), vocabulary.linesWith(literal),
            "literal '" + literal + "' in " + lines);
      }
    }
  }

  @Test
  void sortDistinctGivesEachLineOnceInOrderForFewAndManyLines() {
    Random random = new Random(20261202);
    for (int round = 0; round < 2_000; round++) {
      int size = random.nextInt(round % 2 == 0 ? 6 : 400);
      int lastLine = 1 + random.nextInt(round % 3 == 0 ? 100_000 : 300);
      int[] lines = new int[size + random.nextInt(3)];
      TreeSet<Integer> expected = new TreeSet<>();
      for (int k = 0; k < size; k++) {
        lines[k] = 1 + random.nextInt(lastLine);
        expected.add(lines[k]);
      }
      int distinct = Vocabulary.sortDistinct(lines, size);
      assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(),
          Arrays.copyOf(lines, distinct));
    }
  }

  @Test
  void onlyWordCharactersCanBeAnswered() {
    assertTrue(Vocabulary.answersFor("queryset_cache"));
    assertTrue(Vocabulary.answersFor("utf8"));
    assertFalse(Vocabulary.answersFor("key cache"));
    assertFalse(Vocabulary.answersFor("a.b"));
    assertFalse(Vocabulary.answersFor("Cache")); // literals are folded: lower case
    assertFalse(Vocabulary.answersFor(""));
  }

  @Test
  void aFileBuildsItsVocabularyWhenASecondSearchAsks() {
    SourceFile file = SourceFile.of(Path.of("a.py"), "a.py", "def cache():\n    return 1\n");
    assertNull(file.vocabulary(100), "a file searched once is scanned as it is");
    Vocabulary built = file.vocabulary(100);
    assertNotNull(built);
    assertSame(built, file.vocabulary(100));
    assertArrayEquals(new int[] {1}, built.linesWith("cach"));
    assertArrayEquals(new int[] {2}, built.linesWith("return"));
  }

  /** The lines of at most {@code maxLineChars} whose folded text holds {@code literal}. */
  private static int[] expected(
      FoldedText folded, int lineCount, String literal, int maxLineChars) {
    List<Integer> out = new ArrayList<>();
    for (int line = 1; line <= lineCount; line++) {
      int from = folded.lineStart(line);
      int to = line < lineCount ? folded.lineStart(line + 1) - 1 : folded.text().length() - 1;
      if (to - from <= maxLineChars && folded.text().substring(from, to).contains(literal)) {
        out.add(line);
      }
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  private static String randomText(Random random, int length) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < length; i++) {
      sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    }
    return sb.toString();
  }

  private static String randomLiteral(Random random) {
    String letters = "abc_01";
    StringBuilder sb = new StringBuilder();
    int length = 1 + random.nextInt(3);
    for (int i = 0; i < length; i++) {
      sb.append(letters.charAt(random.nextInt(letters.length())));
    }
    return sb.toString();
  }
}
