package io.github.slicegrep.bench.truth;

import java.util.List;

/**
 * Bracket matching for the brace languages over a cleaned copy of the file, in which strings,
 * character literals and comments are blanked out (including multi-line block comments, JS
 * template literals, Go raw strings and Rust raw strings), so that braces inside them do not
 * count.
 */
final class BraceScanner {
  private static final int MAX_HEADER_LINES = 12;

  private final String[] code;
  private final boolean[] startsInComment;

  BraceScanner(List<String> lines, Lang lang) {
    code = new String[lines.size()];
    startsInComment = new boolean[lines.size()];
    clean(lines, lang);
  }

  boolean[] insideBlockComment() {
    return startsInComment.clone();
  }

  /** The cleaned text of line {@code n} (1-based). */
  String code(int n) {
    return code[n - 1];
  }

  private void clean(List<String> lines, Lang lang) {
    boolean js = lang == Lang.JAVASCRIPT || lang == Lang.TYPESCRIPT;
    // 0 = code, 1 = block comment, 2 = backtick string, 3 = rust raw string
    int state = 0;
    String rawClose = "";
    for (int i = 0; i < lines.size(); i++) {
      startsInComment[i] = state != 0;
      char[] c = lines.get(i).toCharArray();
      int k = 0;
      while (k < c.length) {
        if (state == 1) {
          if (c[k] == '*' && k + 1 < c.length && c[k + 1] == '/') {
            c[k] = ' ';
            c[k + 1] = ' ';
            k += 2;
            state = 0;
          } else {
            c[k++] = ' ';
          }
          continue;
        }
        if (state == 2) {
          boolean close = c[k] == '`' && (k == 0 || c[k - 1] != '\\');
          c[k++] = ' ';
          if (close) {
            state = 0;
          }
          continue;
        }
        if (state == 3) {
          if (new String(c, k, c.length - k).startsWith(rawClose)) {
            for (int x = 0; x < rawClose.length(); x++) {
              c[k++] = ' ';
            }
            state = 0;
          } else {
            c[k++] = ' ';
          }
          continue;
        }
        char ch = c[k];
        if (ch == '/' && k + 1 < c.length && c[k + 1] == '/') {
          blank(c, k, c.length);
          break;
        }
        if (ch == '/' && k + 1 < c.length && c[k + 1] == '*') {
          c[k] = ' ';
          c[k + 1] = ' ';
          k += 2;
          state = 1;
          continue;
        }
        if (ch == '`' && (js || lang == Lang.GO)) {
          c[k++] = ' ';
          state = 2;
          continue;
        }
        if (lang == Lang.RUST && ch == 'r' && k + 1 < c.length
            && (c[k + 1] == '"' || c[k + 1] == '#') && (k == 0 || !isWord(c[k - 1]))) {
          int h = k + 1;
          while (h < c.length && c[h] == '#') {
            h++;
          }
          if (h < c.length && c[h] == '"') {
            rawClose = "\"" + "#".repeat(h - k - 1);
            blank(c, k, h + 1);
            k = h + 1;
            state = 3;
            continue;
          }
        }
        if (ch == '"') {
          k = blankQuoted(c, k, '"');
          continue;
        }
        if (ch == '\'') {
          if (js) {
            k = blankQuoted(c, k, '\'');
            continue;
          }
          int end = charLiteralEnd(c, k);
          if (end > 0) {
            blank(c, k, end);
            k = end;
            continue;
          }
        }
        k++;
      }
      code[i] = new String(c);
    }
  }

  private static boolean isWord(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }

  /** End (exclusive) of a character literal at {@code k}, or -1 (a Rust lifetime, say). */
  private static int charLiteralEnd(char[] c, int k) {
    if (k + 2 < c.length && c[k + 1] != '\\' && c[k + 2] == '\'') {
      return k + 3;
    }
    if (k + 1 < c.length && c[k + 1] == '\\') {
      for (int j = k + 2; j < Math.min(c.length, k + 12); j++) {
        if (c[j] == '\'') {
          return j + 1;
        }
      }
    }
    return -1;
  }

  private static int blankQuoted(char[] c, int k, char q) {
    int j = k + 1;
    while (j < c.length) {
      if (c[j] == '\\') {
        j += 2;
        continue;
      }
      if (c[j] == q) {
        j++;
        break;
      }
      j++;
    }
    int end = Math.min(j, c.length);
    blank(c, k, end);
    return end;
  }

  private static void blank(char[] c, int from, int to) {
    for (int x = from; x < to; x++) {
      c[x] = ' ';
    }
  }

  /**
   * The line of the brace closing the body that opens at or after line {@code from}; -1 when a
   * {@code ;} at depth 0 comes first (a declaration without a body) or no body starts within a
   * few lines.
   */
  int bodyEnd(int from, boolean allowBraceOnLaterLine) {
    int depth = 0;
    boolean open = false;
    for (int n = from; n <= code.length; n++) {
      if (!open && n - from >= MAX_HEADER_LINES) {
        return -1;
      }
      String s = code[n - 1];
      for (int k = 0; k < s.length(); k++) {
        char ch = s.charAt(k);
        if (ch == '(' || ch == '[' || ch == '{') {
          if (ch == '{' && depth == 0) {
            open = true;
          }
          depth++;
        } else if (ch == ')' || ch == ']' || ch == '}') {
          depth--;
          if (open && depth == 0) {
            return n;
          }
          if (depth < 0) {
            return -1;
          }
        } else if (ch == ';' && depth == 0 && !open) {
          return -1;
        }
      }
      if (!open && depth == 0 && !allowBraceOnLaterLine && n > from
          && !s.isBlank() && !s.strip().startsWith("{")) {
        return -1;
      }
    }
    return -1;
  }

  /**
   * The last line of an expression definition ({@code const f = (x) => {...}}, a JS test block):
   * the first line end at which every bracket opened since {@code from} is closed and the line
   * does not end in a continuation.
   */
  int expressionEnd(int from) {
    int depth = 0;
    for (int n = from; n <= code.length && n - from < 2000; n++) {
      String s = code[n - 1];
      for (int k = 0; k < s.length(); k++) {
        char ch = s.charAt(k);
        if (ch == '(' || ch == '[' || ch == '{') {
          depth++;
        } else if (ch == ')' || ch == ']' || ch == '}') {
          depth--;
        }
      }
      String t = s.strip();
      boolean continues = t.endsWith("=>") || t.endsWith("=") || t.endsWith(",")
          || t.endsWith("?") || t.endsWith(":") || t.endsWith("&&") || t.endsWith("||")
          || t.endsWith("+") || t.isEmpty() && n == from;
      if (depth <= 0 && !continues) {
        return n;
      }
    }
    return -1;
  }
}
