package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.CurlyTokens.IDENT;
import static io.github.slicegrep.outline.CurlyTokens.LITERAL;
import static io.github.slicegrep.outline.CurlyTokens.PUNCT;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The JavaScript dialect of {@link CurlyTokens}: template literals followed through nested
 * {@code ${...}}, a slash read as a regular expression or as division by the token before it, a
 * {@code <} where an expression starts (JSX) and decorators left to the parser.
 */
final class EcmascriptLexer {
  private final CurlyTokens t;

  EcmascriptLexer(CurlyTokens tokens) {
    this.t = tokens;
  }

  /** Open parentheses while lexing JavaScript: whether a regular expression may follow each. */
  private int[] openParens = new int[64];

  private int openParenCount;

  boolean lex(List<String> lines) {
    int n = lines.size();
    int r = 0;
    int i = 0;
    if (n > 0 && lines.get(0).startsWith("#!")) {
      r = 1; // a hashbang line is no comment, so it attaches to nothing
    }
    while (r < n) {
      String line = lines.get(r);
      if (i >= line.length()) {
        r++;
        i = 0;
        continue;
      }
      char c = line.charAt(i);
      char next = i + 1 < line.length() ? line.charAt(i + 1) : '\0';
      if (c == ' ' || c == '\t' || c == '\f') {
        i++;
      } else if (c == '/' && next == '/') {
        if (!CurlyTokens.textOnly(line, i + 2, line.length())) {
          return false;
        }
        t.markComment(line, i, r, r);
        r++;
        i = 0;
      } else if (c == '/' && next == '*') {
        long end = CurlyTokens.spanEnd(lines, r, i + 2, "*/");
        if (end < 0) {
          return false;
        }
        t.markComment(line, i, r, (int) (end >>> 32));
        r = (int) (end >>> 32);
        i = (int) end;
      } else if (c == '`') {
        long end = templateEnd(lines, r, i + 1, 0);
        if (end < 0) {
          return false;
        }
        t.add(LITERAL, '`', null, r, i);
        r = (int) (end >>> 32);
        t.lastRow[t.count - 1] = r;
        i = (int) end;
      } else if (c == '"' || c == '\'') {
        int end = CurlyTokens.quotedEnd(line, i + 1, c);
        if (end < 0) {
          return false;
        }
        t.add(LITERAL, c, line.substring(i, end), r, i);
        i = end;
      } else if (c == '/') {
        int regex = regexAllowed();
        if (regex < 0) {
          return false; // after `}` or a postfix `++`: either reading is possible
        }
        if (regex == 0) {
          t.add(PUNCT, c, null, r, i);
          i++;
        } else {
          int end = regexEnd(line, i + 1);
          if (end < 0) {
            return false;
          }
          t.add(LITERAL, '/', null, r, i);
          i = end;
        }
      } else if (c == '<' && regexAllowed() != 0) {
        return false; // `<` where an expression starts: JSX, which the parser reads
      } else if (CurlyTokens.isIdentStart(c) || c == '#' && next != '\0' && CurlyTokens.isIdentStart(next)) {
        int k = i + 1;
        while (k < line.length() && CurlyTokens.isIdentPart(line.charAt(k))) {
          k++;
        }
        t.add(IDENT, '\0', line.substring(i, k), r, i);
        i = k;
      } else if (c >= '0' && c <= '9') {
        int k = i + 1;
        while (k < line.length() && (CurlyTokens.isIdentPart(line.charAt(k)) || line.charAt(k) == '.')) {
          k++;
        }
        t.add(LITERAL, '0', line.substring(i, k), r, i);
        i = k;
      } else if (c > ' ' && c < 0x7f && c != '\\' && c != '#' && c != '@') {
        if (c == '(') {
          if (openParenCount == openParens.length) {
            openParens = Arrays.copyOf(openParens, openParenCount * 2);
          }
          openParens[openParenCount++] = t.count;
        } else if (c == ')' && openParenCount > 0) {
          openParenCount--;
        }
        t.add(PUNCT, c, null, r, i);
        i++;
      } else {
        return false;
      }
    }
    return true;
  }

  /** Keywords after which a slash starts a regular expression and {@code <} an expression. */
  private static final Set<String> BEFORE_EXPRESSION =
      Set.of(
          "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case",
          "do", "else", "yield", "await", "extends");

  /**
   * Whether a slash here starts a regular expression (1) or is division (0), by the token before
   * it; -1 where that token does not decide it: a {@code }} (a block's end or an object's), a
   * postfix {@code ++}/{@code --}, or the {@code )} of an {@code if (...)}.
   */
  private int regexAllowed() {
    if (t.count == 0) {
      return 1;
    }
    int p = t.count - 1;
    if (t.kind[p] == LITERAL) {
      return 0;
    }
    if (t.kind[p] == IDENT) {
      return BEFORE_EXPRESSION.contains(t.word[p]) ? 1 : 0;
    }
    char c = t.punct[p];
    if (c == ']') {
      return 0;
    }
    if (c == ')') {
      // The `(` still to pair is the one this `)` closed: openParens has just been popped.
      int open = openParens[openParenCount];
      if (open > 0 && t.kind[open - 1] == IDENT
          && CONDITIONS.contains(t.word[open - 1])) {
        return -1;
      }
      return 0;
    }
    if (c == '}') {
      return -1;
    }
    if ((c == '+' || c == '-') && p > 0 && t.kind[p - 1] == PUNCT && t.punct[p - 1] == c
        && t.adjacent(p - 1, p)) {
      return -1;
    }
    return 1;
  }

  /** Keywords whose parenthesised condition may be followed by a statement. */
  private static final Set<String> CONDITIONS = Set.of("if", "while", "for", "with");

  /** The index after a regular expression's closing slash and flags, or -1. */
  private static int regexEnd(String line, int from) {
    int k = from;
    boolean inClass = false;
    while (k < line.length()) {
      char c = line.charAt(k);
      if (CurlyTokens.readOtherwise(c)) {
        return -1;
      }
      if (c == '\\') {
        k += 2;
        continue;
      }
      if (c == '[') {
        inClass = true;
      } else if (c == ']') {
        inClass = false;
      } else if (c == '/' && !inClass) {
        k++;
        while (k < line.length() && CurlyTokens.isIdentPart(line.charAt(k))) {
          k++;
        }
        return k;
      }
      k++;
    }
    return -1;
  }

  /** Template literals nested deeper than this are left to the parser. */
  private static final int MAX_TEMPLATE_DEPTH = 16;

  /**
   * The end of a template literal whose text starts at {@code (row, from)}: its row and the index
   * after the closing backquote, packed as {@code row << 32 | index}; -1 when it never closes or
   * a substitution holds what the scan does not follow (a slash, a comment, a function or a
   * class: definitions or regular expressions inside).
   */
  private static long templateEnd(List<String> lines, int row, int from, int depth) {
    if (depth > MAX_TEMPLATE_DEPTH) {
      return -1;
    }
    int r = row;
    int k = from;
    int braces = -1; // -1 in the template's text, else the depth inside a `${`
    while (r < lines.size()) {
      String line = lines.get(r);
      while (k < line.length()) {
        char c = line.charAt(k);
        if (CurlyTokens.readOtherwise(c)) {
          return -1;
        }
        if (braces < 0) {
          if (c == '\\') {
            k += 2;
            continue;
          }
          if (c == '`') {
            return ((long) r << 32) | (k + 1);
          }
          if (c == '$' && k + 1 < line.length() && line.charAt(k + 1) == '{') {
            braces = 0;
            k += 2;
            continue;
          }
          k++;
          continue;
        }
        if (c == '{') {
          braces++;
        } else if (c == '}') {
          if (braces == 0) {
            braces = -1;
          } else {
            braces--;
          }
        } else if (c == '"' || c == '\'') {
          int end = CurlyTokens.quotedEnd(line, k + 1, c);
          if (end < 0) {
            return -1;
          }
          k = end;
          continue;
        } else if (c == '`') {
          long end = templateEnd(lines, r, k + 1, depth + 1);
          if (end < 0) {
            return -1;
          }
          r = (int) (end >>> 32);
          line = lines.get(r);
          k = (int) end;
          continue;
        } else if (c == '/' || c == '\\' || c == '=' && k + 1 < line.length()
            && line.charAt(k + 1) == '>') {
          return -1;
        } else if (CurlyTokens.isIdentStart(c)) {
          int end = k + 1;
          while (end < line.length() && CurlyTokens.isIdentPart(line.charAt(end))) {
            end++;
          }
          String w = line.substring(k, end);
          if (w.equals("function") || w.equals("class")) {
            return -1;
          }
          k = end;
          continue;
        }
        k++;
      }
      r++;
      k = 0;
    }
    return -1;
  }
}
