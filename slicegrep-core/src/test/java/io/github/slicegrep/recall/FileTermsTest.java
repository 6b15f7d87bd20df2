package io.github.slicegrep.recall;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.slicegrep.match.LineScanner;
import io.github.slicegrep.source.SourceFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
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

  private static final String[] PIECES = {
    "getHTTPResponse", "get_user", "getUser", "GET_USER", "x", "i2", "$el", "_private", "Stra\u00dfe",
    "na\u00efve", "\u65e5\u672c\u8a9e", "\uD835\uDC00bc", "caf\u00e9_au_lait", "\u01c5emal", "42", " ",
    ".", "(", "\t", "\u00e9", "A1b2C3", "self", "return", "a\u0301b"
  };

  /**
   * A file's postings hold every term {@link Terms#analyse} reads on each line, at its place:
   * whatever the names' characters, however many distinct names a file has, past the longest
   * token and the longest line looked at, and with one cache shared by threads at once.
   */
  @Test
  void postingsHoldTheTermsOfEachLineInOrder() {
    Random random = new Random(20261202);
    List<SourceFile> files = new ArrayList<>();
    for (int f = 0; f < 40; f++) {
      List<String> lines = new ArrayList<>();
      for (int l = random.nextInt(400); l > 0; l--) {
        StringBuilder line = new StringBuilder();
        for (int w = random.nextInt(8); w > 0; w--) {
          int kind = random.nextInt(20);
          if (kind == 0) {
            line.append("name").append(random.nextInt(2000)); // many distinct names
          } else if (kind == 1) {
            line.append("a".repeat(Terms.MAX_TOKEN - 1 + random.nextInt(3)));
          } else {
            line.append(PIECES[random.nextInt(PIECES.length)]);
          }
          line.append(random.nextBoolean() ? " " : "");
        }
        if (random.nextInt(100) == 0) {
          line.append("word ".repeat(LineScanner.MAX_MATCHED_LINE_CHARS / 5 + random.nextInt(2)));
        }
        lines.add(line.toString());
      }
      files.add(SourceFile.of(Path.of("a.py"), "a.py", String.join("\n", lines)));
    }
    TermCache shared = new TermCache();
    IntStream.range(0, files.size() * 2).parallel().forEach(k -> {
      SourceFile file = files.get(k % files.size());
      FileTerms terms = k % 3 == 0 ? FileTerms.of(file) : FileTerms.of(file, shared);
      Map<String, List<Integer>> expected = new HashMap<>();
      int position = 0;
      for (int line = 1; line <= file.lineCount(); line++) {
        assertEquals(position, terms.firstTerm(line), "line " + line);
        String text = file.line(line);
        if (text.length() <= LineScanner.MAX_MATCHED_LINE_CHARS) {
          List<String> found = new ArrayList<>();
          Terms.analyse(text, found::add);
          for (String term : found) {
            expected.computeIfAbsent(term, t -> new ArrayList<>()).add(position++);
          }
        }
      }
      assertEquals(position, terms.firstTerm(file.lineCount() + 1));
      FileTerms back = FileTerms.decode(terms.encode());
      for (Map.Entry<String, List<Integer>> e : expected.entrySet()) {
        int[] at = e.getValue().stream().mapToInt(Integer::intValue).toArray();
        assertArrayEquals(at, terms.positions(e.getKey()), e.getKey());
        assertArrayEquals(at, back.positions(e.getKey()), e.getKey());
      }
      assertEquals(0, terms.positions("=absent").length);
    });
  }
}
