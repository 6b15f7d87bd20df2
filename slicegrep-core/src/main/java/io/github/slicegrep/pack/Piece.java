package io.github.slicegrep.pack;

import io.github.slicegrep.rank.Candidate;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.source.Tokens;

/**
 * The part of a candidate that is shown: the whole region, or a cut of it when it did not fit.
 *
 * @param candidate the candidate
 * @param start first shown line
 * @param end last shown line
 * @param code the shown text
 * @param tokens its token estimate
 */
public record Piece(Candidate candidate, int start, int end, String code, int tokens) {
  /**
   * A line longer than this is shown cut, with a note of its length: one minified line must not
   * eat a budget.
   */
  public static final int MAX_SHOWN_LINE_CHARS = 400;

  static Piece of(Candidate candidate, int start, int end) {
    String code = shownText(candidate.region().file(), start, end);
    return new Piece(candidate, start, end, code, Tokens.estimate(code));
  }

  /** Tokens the shown text of lines {@code start..end} costs. */
  static int cost(SourceFile file, int start, int end) {
    if (file.folded().longestLine() <= MAX_SHOWN_LINE_CHARS) {
      return Tokens.estimate(file, start, end); // every line is shown as it is
    }
    long chars = 0;
    for (int i = start; i <= end; i++) {
      chars += shownLength(file.line(i)) + 1L;
    }
    chars = Math.max(0, chars - 1);
    return Tokens.ofChars(chars);
  }

  /** Cost of one shown line including its newline, in characters. */
  static int shownChars(SourceFile file, int line) {
    return shownLength(file.line(line)) + 1;
  }

  /** The length of {@link #shownLine}, without making it (a minified line is long). */
  private static int shownLength(String line) {
    if (line.length() <= MAX_SHOWN_LINE_CHARS) {
      return line.length();
    }
    int cut = Character.isHighSurrogate(line.charAt(MAX_SHOWN_LINE_CHARS - 1))
        ? MAX_SHOWN_LINE_CHARS - 1
        : MAX_SHOWN_LINE_CHARS;
    return cut + CUT_MARK_START.length() + Integer.toString(line.length()).length()
        + CUT_MARK_END.length();
  }

  private static final String CUT_MARK_START = " … [line cut: ";
  private static final String CUT_MARK_END = " chars]";

  private static String shownText(SourceFile file, int start, int end) {
    StringBuilder sb = new StringBuilder();
    for (int i = start; i <= end; i++) {
      if (i > start) {
        sb.append('\n');
      }
      sb.append(shownLine(file.line(i)));
    }
    return sb.toString();
  }

  static String shownLine(String line) {
    if (line.length() <= MAX_SHOWN_LINE_CHARS) {
      return line;
    }
    int cut = MAX_SHOWN_LINE_CHARS;
    if (Character.isHighSurrogate(line.charAt(cut - 1))) {
      cut--;
    }
    return line.substring(0, cut) + CUT_MARK_START + line.length() + CUT_MARK_END;
  }
}
