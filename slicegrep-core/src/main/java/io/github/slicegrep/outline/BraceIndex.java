package io.github.slicegrep.outline;

import io.github.slicegrep.source.Language;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.EnumSet;
import java.util.Set;

/**
 * The braces, parentheses and semicolons of a brace-language file that are code (not inside a
 * string or a comment), with each opening brace paired to its closing one. Built in one pass.
 */
final class BraceIndex {
  private static final Set<Language> SINGLE_QUOTE_STRINGS =
      EnumSet.of(Language.JAVASCRIPT, Language.TYPESCRIPT, Language.TSX, Language.PHP,
          Language.BASH, Language.DART);
  private static final Set<Language> BACKTICK_STRINGS =
      EnumSet.of(Language.JAVASCRIPT, Language.TYPESCRIPT, Language.TSX, Language.GO);

  private static final byte OPEN = 1;
  private static final byte CLOSE = 2;
  private static final byte SEMICOLON = 3;

  private int size;
  private int[] lines = new int[64];
  private int[] columns = new int[64];
  private byte[] types = new byte[64];
  private int[] parenDepths = new int[64];
  private int[] partner;
  private final boolean[] startsInComment;

  private BraceIndex(int lineCount) {
    startsInComment = new boolean[lineCount + 2];
  }

  static BraceIndex of(SourceFile file) {
    BraceIndex index = new BraceIndex(file.lineCount());
    index.lex(file);
    index.pair();
    return index;
  }

  boolean startsInComment(int line) {
    return startsInComment[line];
  }

  /**
   * The line of the closing brace of the body that follows a header, or -1 when a semicolon
   * comes first (a declaration without a body) or no brace opens within {@code maxLines}.
   * Braces inside the parameter list (default-value lambdas) are passed over.
   */
  int bodyEnd(int headerLine, int fromColumn, int maxLines) {
    int i = firstEventAtOrAfter(headerLine, fromColumn);
    if (i >= size) {
      return -1;
    }
    int baseDepth = parenDepthBefore(i);
    for (; i < size && lines[i] <= headerLine + maxLines; i++) {
      if (parenDepths[i] > baseDepth) {
        continue;
      }
      if (types[i] == SEMICOLON || types[i] == CLOSE) {
        return -1;
      }
      if (types[i] == OPEN) {
        int close = partner[i];
        return close < 0 ? lastLine() : lines[close];
      }
    }
    return -1;
  }

  private int lastLine() {
    return startsInComment.length - 2;
  }

  private int parenDepthBefore(int event) {
    return parenDepths[event];
  }

  private int firstEventAtOrAfter(int line, int column) {
    int lo = 0;
    int hi = size;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (lines[mid] < line || (lines[mid] == line && columns[mid] < column)) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private void add(int line, int column, byte type, int parenDepth) {
    if (size == lines.length) {
      int n = size * 2;
      lines = Arrays.copyOf(lines, n);
      columns = Arrays.copyOf(columns, n);
      types = Arrays.copyOf(types, n);
      parenDepths = Arrays.copyOf(parenDepths, n);
    }
    lines[size] = line;
    columns[size] = column;
    types[size] = type;
    parenDepths[size] = parenDepth;
    size++;
  }

  private void pair() {
    partner = new int[size];
    Arrays.fill(partner, -1);
    Deque<Integer> open = new ArrayDeque<>();
    for (int i = 0; i < size; i++) {
      if (types[i] == OPEN) {
        open.push(i);
      } else if (types[i] == CLOSE && !open.isEmpty()) {
        int o = open.pop();
        partner[o] = i;
        partner[i] = o;
      }
    }
  }

  private void lex(SourceFile file) {
    Language lang = file.language();
    boolean singleQuoteStrings = SINGLE_QUOTE_STRINGS.contains(lang);
    boolean backticks = BACKTICK_STRINGS.contains(lang);
    boolean hashComments = lang == Language.BASH || lang == Language.PHP;
    boolean slashComments = lang != Language.BASH;
    boolean inBlockComment = false;
    boolean inBacktick = false;
    int parenDepth = 0;
    int n = file.lineCount();
    for (int ln = 1; ln <= n; ln++) {
      String s = file.line(ln);
      startsInComment[ln] = inBlockComment;
      int len = s.length();
      int i = 0;
      while (i < len) {
        char c = s.charAt(i);
        if (inBlockComment) {
          int end = s.indexOf("*/", i);
          if (end < 0) {
            i = len;
          } else {
            inBlockComment = false;
            i = end + 2;
          }
          continue;
        }
        if (inBacktick) {
          if (c == '\\') {
            i += 2;
            continue;
          }
          if (c == '`') {
            inBacktick = false;
          }
          i++;
          continue;
        }
        if (slashComments && c == '/' && i + 1 < len) {
          char d = s.charAt(i + 1);
          if (d == '/') {
            break;
          }
          if (d == '*') {
            inBlockComment = true;
            i += 2;
            continue;
          }
        }
        if (hashComments && c == '#' && (i == 0 || Character.isWhitespace(s.charAt(i - 1)))) {
          break;
        }
        switch (c) {
          case '"' -> i = skipQuoted(s, i, '"');
          case '\'' -> i = singleQuoteStrings ? skipQuoted(s, i, '\'') : skipCharLiteral(s, i);
          case '`' -> {
            if (backticks) {
              inBacktick = true;
            }
            i++;
          }
          case '{' -> {
            add(ln, i, OPEN, parenDepth);
            i++;
          }
          case '}' -> {
            add(ln, i, CLOSE, parenDepth);
            i++;
          }
          case ';' -> {
            add(ln, i, SEMICOLON, parenDepth);
            i++;
          }
          case '(' -> {
            parenDepth++;
            i++;
          }
          case ')' -> {
            parenDepth = Math.max(0, parenDepth - 1);
            i++;
          }
          default -> i++;
        }
      }
    }
  }

  /** Index after a string that closes on this line; an unclosed one runs to the line's end. */
  private static int skipQuoted(String s, int start, char quote) {
    int i = start + 1;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == '\\') {
        i += 2;
      } else if (c == quote) {
        return i + 1;
      } else {
        i++;
      }
    }
    return s.length();
  }

  /**
   * A character literal ({@code 'x'}, {@code '\n'}, {@code '\u00e9'}); anything else (a Rust
   * lifetime such as {@code 'a}) is just a quote.
   */
  private static int skipCharLiteral(String s, int start) {
    if (start + 2 < s.length() && s.charAt(start + 1) != '\\' && s.charAt(start + 2) == '\'') {
      return start + 3;
    }
    if (start + 1 < s.length() && s.charAt(start + 1) == '\\') {
      int close = s.indexOf('\'', start + 2);
      if (close > 0 && close - start <= 12) {
        return close + 1;
      }
    }
    return start + 1;
  }
}
