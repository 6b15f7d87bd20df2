package io.github.slicegrep.pack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.Tokens;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** What a slice is charged is what it shows, long lines cut as shown. */
class PieceTest {
  @Test
  void costIsTheTokensOfTheShownLines() {
    Random random = new Random(20261130);
    for (int round = 0; round < 200; round++) {
      List<String> lines = new ArrayList<>();
      int n = 1 + random.nextInt(12);
      for (int i = 0; i < n; i++) {
        int length = random.nextInt(4) == 0 ? 380 + random.nextInt(2000) : random.nextInt(60);
        StringBuilder line = new StringBuilder();
        while (line.length() < length) {
          // Now and then a character outside the BMP, so that a cut may fall inside one.
          line.append(random.nextInt(8) == 0 ? "\uD83D\uDE00" : "x");
        }
        lines.add(line.toString());
      }
      SourceFile file = SourceFile.of(Path.of("a.py"), "a.py", String.join("\n", lines));
      int start = 1 + random.nextInt(file.lineCount());
      int end = start + random.nextInt(file.lineCount() - start + 1);
      StringBuilder shown = new StringBuilder();
      for (int i = start; i <= end; i++) {
        if (i > start) {
          shown.append('\n');
        }
        shown.append(Piece.shownLine(file.line(i)));
      }
      assertEquals(Tokens.estimate(shown), Piece.cost(file, start, end), "round " + round);
      assertEquals(
          Piece.shownLine(file.line(start)).length() + 1, Piece.shownChars(file, start));
    }
  }
}
