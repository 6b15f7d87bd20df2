package io.github.slicegrep.source;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The folded text and its trigram filter hold every character and trigram of the lines. */
class FoldedTextTest {
  private static final String[] PIECES = {
    "Cache", "RESULT", " ", "\t", "\u212a", "\u017f", "\u0130", "\u0131", "\u00e9", "\u00c9",
    "\u65e5", "\uD83D\uDE00", "\u0080", "\u00ff", "x", ""
  };

  @Test
  void theListedLookalikesAreExactlyTheCharactersCaseMappingsEquateToAsciiLetters() {
    StringBuilder derived = new StringBuilder();
    for (int c = 0x80; c <= Character.MAX_VALUE; c++) {
      int[] mappings = {
        Character.toLowerCase(c), Character.toUpperCase(c),
        Character.toLowerCase(Character.toUpperCase(c)),
        Character.toUpperCase(Character.toLowerCase(c))
      };
      for (int m : mappings) {
        if ((m >= 'A' && m <= 'Z') || (m >= 'a' && m <= 'z')) {
          derived.append((char) c).append((char) Character.toLowerCase(m));
          break;
        }
      }
    }
    assertEquals(derived.toString(), FoldedText.ASCII_LOOKALIKES);
    String listed = derived.toString();
    for (int c = 0; c <= Character.MAX_VALUE; c++) {
      char ch = (char) c;
      int at = c < 0x80 ? -1 : listed.indexOf(ch); // a lookalike stands at an even place
      char expected = c < 0x80 ? Character.toLowerCase(ch)
          : at >= 0 ? listed.charAt(at + 1) : FoldedText.NON_ASCII;
      assertEquals(expected, FoldedText.fold(ch), "U+" + Integer.toHexString(c));
    }
  }

  @Test
  void everyCharacterFoldsOnItsOwnAndEveryTrigramIsInTheFilter() {
    Random random = new Random(20261202);
    for (int round = 0; round < 500; round++) {
      List<String> lines = new ArrayList<>();
      for (int l = random.nextInt(6); l > 0; l--) {
        StringBuilder line = new StringBuilder();
        for (int k = random.nextInt(10); k > 0; k--) {
          line.append(PIECES[random.nextInt(PIECES.length)]);
        }
        lines.add(line.toString());
      }
      FoldedText folded = FoldedText.of(lines);
      StringBuilder expected = new StringBuilder();
      for (String line : lines) {
        for (int i = 0; i < line.length(); i++) {
          expected.append(FoldedText.fold(line.charAt(i)));
        }
        expected.append('\n');
      }
      assertEquals(expected.toString(), folded.text());

      TrigramFilter filter = TrigramFilter.of(folded);
      String text = folded.text();
      long[] words = new long[filter.words().length];
      for (int i = 0; i + 2 < text.length(); i++) {
        int bit = TrigramFilter.bit(text.charAt(i), text.charAt(i + 1), text.charAt(i + 2),
            filter.bitsLog2());
        words[bit >>> 6] |= 1L << bit;
      }
      assertArrayEquals(words, filter.words());
    }
  }
}
