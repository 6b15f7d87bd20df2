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
 * {@code <} where an expression starts read as JSX ({@link EcmascriptJsx}; punctuation in
 * TypeScript, which has none, and in TSX before a generic arrow function's type parameters) and
 * decorators left to the parser.
 */
final class EcmascriptLexer {
  private final CurlyTokens t;
  /** TypeScript or TSX: type parameters may stand where an expression starts. */
  private final boolean typescript;
  /** JSX is read where a {@code <} starts an expression; null for TypeScript, which has none. */
  private final EcmascriptJsx jsx;

  EcmascriptLexer(CurlyTokens tokens, boolean typescript, boolean jsx) {
    this.t = tokens;
    this.typescript = typescript;
    this.jsx = jsx ? new EcmascriptJsx(tokens, this) : null;
  }

  /** The lines read, and the position reached: shared with {@link EcmascriptJsx}. */
  List<String> lines;

  int r;
  int i;

  /** Open parentheses while lexing JavaScript: whether a regular expression may follow each. */
  private int[] openParens = new int[64];

  private int openParenCount;

  /**
   * For each template substitution or JSX expression container open, the braces opened inside
   * it and not yet closed.
   */
  private int[] substitutionBraces = new int[16];

  /** For each of those, whether it is a JSX expression container (else a substitution). */
  private boolean[] container = new boolean[16];

  private int substitutions;

  /** Whether the last template text read stopped at a {@code ${} rather than its end. */
  private boolean substitutionOpened;

  boolean lex(List<String> lines) {
    this.lines = lines;
    if (!lines.isEmpty() && lines.get(0).startsWith("#!")) {
      r = 1; // a hashbang line is no comment, so it attaches to nothing
    }
    return code() && substitutions == 0;
  }

  /**
   * Lexes code from the position reached to the end of the lines, or, inside a JSX expression
   * container, to the {@code }} that closes it (read as {@code )}, the position then after it).
   * False where the scan is not sure of the code.
   */
  boolean code() {
    int n = lines.size();
    int allowed; // at a `<`: regexAllowed(), then what it opens in TSX (EcmascriptJsx.opens)
    int opens;
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
        t.add(LITERAL, '`', null, r, i);
        long end = templateText(lines, r, i + 1);
        if (end < 0) {
          return false;
        }
        r = (int) (end >>> 32);
        i = (int) end;
        t.lastRow[t.count - 1] = r;
        if (substitutionOpened) {
          openSubstitution(r, i - 2);
        }
      } else if (c == '}' && substitutions > 0 && substitutionBraces[substitutions - 1] == 0) {
        // The end of a `${...}`: its closing parenthesis, then the template's text goes on.
        substitutions--;
        openParenCount--;
        t.add(PUNCT, ')', null, r, i);
        if (container[substitutions]) {
          i++;
          return true; // the JSX around the container goes on
        }
        long end = templateText(lines, r, i + 1);
        if (end < 0) {
          return false;
        }
        r = (int) (end >>> 32);
        i = (int) end;
        if (substitutionOpened) {
          openSubstitution(r, i - 2);
        } else {
          t.lastRow[t.count - 1] = r; // the template ends here, maybe lines further down
        }
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
      } else if (c == '<' && jsx != null && (allowed = regexAllowed()) != 0
          && (opens = typescript ? jsx.opens() : EcmascriptJsx.JSX)
              != EcmascriptJsx.TYPE_PARAMETERS) {
        // `<` where an expression starts: JSX, unless what comes before or after leaves that
        // open
        if (allowed < 0 || opens == EcmascriptJsx.UNSURE || !jsx.element()) {
          return false;
        }
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
          pushParen();
        } else if (c == ')' && openParenCount > 0) {
          openParenCount--;
        } else if (c == '{' && substitutions > 0) {
          substitutionBraces[substitutions - 1]++;
        } else if (c == '}' && substitutions > 0) {
          substitutionBraces[substitutions - 1]--;
        }
        t.add(PUNCT, c, null, r, i);
        i++;
      } else {
        return false;
      }
    }
    // The end of the lines: where a JSX expression container is open, it never closed.
    return substitutions == 0 || !container[substitutions - 1];
  }

  private void pushParen() {
    if (openParenCount == openParens.length) {
      openParens = Arrays.copyOf(openParens, openParenCount * 2);
    }
    openParens[openParenCount++] = t.count;
  }

  /**
   * A template's {@code ${} at {@code (row, column)}: read as an opening parenthesis, so that
   * the code inside is lexed as code (regular expressions, nested templates, comments) and the
   * scan passes over it as one bracketed group; the {@code }} that closes it is read as
   * {@code )}.
   */
  private void openSubstitution(int row, int column) {
    open(row, column, false);
  }

  /**
   * A JSX expression container's {@code {} at the position reached: read as an opening
   * parenthesis, as a template's {@code ${} is, its code lexed by {@link #code} up to the
   * {@code }} that closes it, read as {@code )}.
   */
  boolean container() {
    open(r, i, true);
    i++;
    return code() && t.is(t.count - 1, ')');
  }

  private void open(int row, int column, boolean jsxContainer) {
    pushParen();
    t.add(PUNCT, '(', null, row, column);
    if (substitutions == substitutionBraces.length) {
      substitutionBraces = Arrays.copyOf(substitutionBraces, substitutions * 2);
      container = Arrays.copyOf(container, substitutions * 2);
    }
    container[substitutions] = jsxContainer;
    substitutionBraces[substitutions++] = 0;
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

  /**
   * The end of a template's text that starts at {@code (row, from)}: its row and the index after
   * the closing backquote, or after a {@code ${} ({@link #substitutionOpened} then says so),
   * packed as {@code row << 32 | index}; -1 when it never ends.
   */
  private long templateText(List<String> lines, int row, int from) {
    int r = row;
    int k = from;
    while (r < lines.size()) {
      String line = lines.get(r);
      while (k < line.length()) {
        char c = line.charAt(k);
        if (CurlyTokens.readOtherwise(c)) {
          return -1;
        }
        if (c == '\\') {
          k += 2;
          continue;
        }
        if (c == '`' || c == '$' && k + 1 < line.length() && line.charAt(k + 1) == '{') {
          substitutionOpened = c == '$';
          return ((long) r << 32) | (k + (c == '$' ? 2 : 1));
        }
        k++;
      }
      r++;
      k = 0;
    }
    return -1;
  }
}
