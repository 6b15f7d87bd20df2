package io.github.slicegrep.recall;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.slicegrep.source.SourceFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Positions map to the lines that hold them, however the line is looked up. */
class FileTermsTest {
  private static final String[] WORDS = {"cache", "result", "", "", "getHTTPResponse", "x = 1"};

  @Test
  void lineOfFromAnyEarlierLineIsTheLineOf() {
    Random random = new Random(20261130);
    for (int round = 0; round < 100; round++) {
      List<String> lines = new ArrayList<>();
      int n = 1 + random.nextInt(60);
      for (int i = 0; i < n; i++) {
        StringBuilder line = new StringBuilder();
        for (int w = random.nextInt(4); w > 0; w--) {
          line.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
        }
        lines.add(line.toString());
      }
      SourceFile file = SourceFile.of(Path.of("a.py"), "a.py", String.join("\n", lines));
      FileTerms terms = FileTerms.of(file);
      int total = terms.firstTerm(file.lineCount() + 1);
      for (int position = 0; position < total; position++) {
        int line = terms.lineOf(position);
        assertEquals(
            true, terms.firstTerm(line) <= position && position < terms.firstTerm(line + 1));
        for (int atLeast = 1; atLeast <= line; atLeast++) {
          assertEquals(line, terms.lineOf(position, atLeast), "position " + position);
        }
      }
    }
  }

  @Test
  void analysisSurvivesEncoding() {
    SourceFile f = SourceFile.of(Path.of("a.py"), "a.py", "def cache_result():\n\n    return 1\n");
    FileTerms terms = FileTerms.of(f);
    FileTerms back = FileTerms.decode(terms.encode());
    assertArrayEquals(terms.positions("=cacheresult"), back.positions("=cacheresult"));
    assertEquals(terms.lineOf(terms.positions("=cacheresult")[0]), 1);
  }
}
