package io.github.slicegrep.source;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * A file's lines joined by {@code \n} with every character that case-insensitive matching could
 * equate to an ASCII letter replaced by that letter in lower case, so that one
 * {@link String#indexOf} over the whole file finds every line that may hold a literal. Offsets
 * are the original text's (each character folds to exactly one character). Literals looked for
 * are ASCII, so every other non-ASCII character folds to one stand-in: the text is then always
 * one byte a character, and searching it stays on the fast single-byte path even in a file with
 * box drawing or emoji. Immutable.
 */
public final class FoldedText {
  /**
   * For each UTF-16 unit, what it folds to: ASCII upper case to lower case, and the few other
   * characters that a case-insensitive engine matches against an ASCII letter (the Kelvin sign
   * against {@code k}, the long s against {@code s}, the dotted and dotless i against {@code i})
   * to that letter. ASCII folds to itself, and every other character to {@link #NON_ASCII}.
   */
  private static final char[] FOLD = buildFold();

  /** What a non-ASCII character that no ASCII letter matches folds to; never in a literal. */
  public static final char NON_ASCII = 0x80;

  private final String text;
  private final int[] lineStarts;
  private final int longestLine;
  private final boolean literalsExact;

  private FoldedText(String text, int[] lineStarts, int longestLine, boolean literalsExact) {
    this.text = text;
    this.lineStarts = lineStarts;
    this.longestLine = longestLine;
    this.literalsExact = literalsExact;
  }

  static FoldedText of(List<String> lines) {
    int[] starts = new int[lines.size()];
    long length = 0;
    for (String line : lines) {
      length += line.length() + 1L;
    }
    // Every character folds to one at most 0x80: one byte each, made a string by a plain copy.
    byte[] out = new byte[(int) Math.min(Integer.MAX_VALUE - 8L, length)];
    int at = 0;
    int longest = 0;
    boolean foldsToAscii = false;
    char[] chars = new char[0];
    for (int i = 0; i < lines.size(); i++) {
      starts[i] = at;
      String line = lines.get(i);
      int n = line.length();
      longest = Math.max(longest, n);
      if (chars.length < n) {
        chars = new char[Math.max(n, chars.length * 2)];
      }
      // Copied out in one step, then read from the array: cheaper than a character at a time.
      line.getChars(0, n, chars, 0);
      for (int j = 0; j < n; j++) {
        char c = chars[j];
        char f = FOLD[c];
        foldsToAscii |= c >= 0x80 && f < 0x80;
        out[at++] = (byte) f;
      }
      out[at++] = '\n';
    }
    return new FoldedText(
        new String(out, 0, at, StandardCharsets.ISO_8859_1), starts, longest, !foldsToAscii);
  }

  /** Folds one character as the text is folded; a literal needle is folded with this. */
  public static char fold(char c) {
    return FOLD[c];
  }

  /** The folded text; line {@code n} (1-based) starts at {@link #lineStart(int)}. */
  public String text() {
    return text;
  }

  public int lineStart(int line) {
    return lineStarts[line - 1];
  }

  /**
   * Characters of lines {@code from..to} (1-based, inclusive) joined with {@code \n}: what a
   * slice of them costs, without walking its lines.
   */
  public int chars(int from, int to) {
    int end = to < lineStarts.length ? lineStarts[to] : text.length();
    return Math.max(0, end - 1 - lineStarts[from - 1]);
  }

  /**
   * Whether an ASCII literal found in the folded text is in the original text up to ASCII case:
   * true unless the file holds one of the few non-ASCII characters that fold to an ASCII letter
   * (the Kelvin sign, the long s, the dotted and dotless i), where a case-insensitive engine must
   * decide.
   */
  public boolean literalsExact() {
    return literalsExact;
  }

  /** Length of the longest line. */
  public int longestLine() {
    return longestLine;
  }

  /** The 1-based line holding offset {@code offset}. */
  public int lineAt(int offset) {
    int lo = 0;
    int hi = lineStarts.length - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (lineStarts[mid] <= offset) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo + 1;
  }

  /**
   * The characters outside ASCII that case-insensitive matching equates to an ASCII letter, and
   * that letter: the only four in the Basic Multilingual Plane ({@code FoldedTextTest} derives
   * them from {@link Character}'s case mappings again). Listed rather than derived at class
   * initialisation, which asked for four case mappings of each of the 65,536 characters: about
   * 12 ms of CPU in a process that searches once.
   */
  static final String ASCII_LOOKALIKES = "\u0130i\u0131i\u017Fs\u212Ak";

  private static char[] buildFold() {
    char[] fold = new char[Character.MAX_VALUE + 1];
    for (char c = 0; c < 0x80; c++) {
      fold[c] = c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
    }
    Arrays.fill(fold, 0x80, fold.length, NON_ASCII);
    for (int i = 0; i < ASCII_LOOKALIKES.length(); i += 2) {
      fold[ASCII_LOOKALIKES.charAt(i)] = ASCII_LOOKALIKES.charAt(i + 1);
    }
    return fold;
  }
}
