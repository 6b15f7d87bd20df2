package io.github.slicegrep.outline;

import io.github.slicegrep.outline.Definition.Kind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * The tokens of a Java or Go file (identifiers and keywords, one-character punctuation,
 * literals) as parallel arrays, with each bracket's partner, and the rows that a comment opening
 * its line covers (the parser attaches such rows to a definition right below them). Filled once
 * by {@link #read} and only read after that; arrays rather than token objects because a scan
 * reads every token of every file a search outlines.
 */
final class CurlyTokens {
  /** The languages read: they differ in their string literals and identifier characters. */
  enum Dialect {
    /** Text blocks ({@code """}); {@code $} in names, {@code @} for annotations. */
    JAVA,
    /** Raw strings in backquotes; neither {@code $}, {@code @} nor {@code ?} is Go. */
    GO,
    /**
     * JavaScript: template literals, regular expressions told from division by the token before
     * them, {@code #private} names, a hashbang line; decorators ({@code @}) are left to the
     * parser. String and number literals keep their text (object keys are named by it).
     */
    ECMASCRIPT
  }

  static final int IDENT = 1;
  static final int PUNCT = 2;
  static final int LITERAL = 3;

  /** Thrown wherever a scan meets what it does not expect; the parser then decides. */
  static final class Unsure extends Exception {
    private static final long serialVersionUID = 1L;

    Unsure() {
      // No stack trace: it is thrown on every file the scan leaves to the parser.
      super(null, null, false, false);
    }
  }

  int count;
  int[] kind;
  char[] punct;
  String[] word;
  int[] row;
  /** The row a token ends on: its row, but for a JavaScript template literal over lines. */
  int[] lastRow;
  int[] column;
  /** For a bracket, the index of its partner. */
  int[] partner;
  boolean[] attachableRow;

  /**
   * Fewer characters per token than real Java has (8.4 in commons-lang3, 12.5 in the JDK's
   * java.base, comments and indentation included), so that the arrays, sized by it, seldom grow.
   */
  private static final int TYPICAL_CHARS_PER_TOKEN = 5;

  private CurlyTokens(int capacity) {
    kind = new int[capacity];
    punct = new char[capacity];
    word = new String[capacity];
    row = new int[capacity];
    lastRow = new int[capacity];
    column = new int[capacity];
  }

  /** The tokens of these lines, or null when the scan is not sure of them. */
  static CurlyTokens read(List<String> lines, Dialect dialect) {
    long chars = 0;
    for (String line : lines) {
      chars += line.length() + 1;
    }
    if (chars > TreeSitterOutliner.MAX_PARSED_CHARS) {
      return null; // the parser path hands such files to the heuristic
    }
    CurlyTokens t = new CurlyTokens((int) Math.max(256, chars / TYPICAL_CHARS_PER_TOKEN));
    t.attachableRow = new boolean[lines.size() + 1];
    return t.lex(lines, dialect) && t.pair() ? t : null;
  }

  private void add(int k, char p, String w, int r, int c) {
    if (count == kind.length) {
      int n = count * 2;
      kind = Arrays.copyOf(kind, n);
      punct = Arrays.copyOf(punct, n);
      word = Arrays.copyOf(word, n);
      row = Arrays.copyOf(row, n);
      lastRow = Arrays.copyOf(lastRow, n);
      column = Arrays.copyOf(column, n);
    }
    kind[count] = k;
    punct[count] = p;
    word[count] = w;
    row[count] = r;
    lastRow[count] = r;
    column[count] = c;
    count++;
  }

  private boolean lex(List<String> lines, Dialect dialect) {
    if (dialect == Dialect.ECMASCRIPT) {
      return lexEcmascript(lines);
    }
    boolean java = dialect == Dialect.JAVA;
    int n = lines.size();
    int r = 0;
    int i = 0;
    while (r < n) {
      String line = lines.get(r);
      if (i >= line.length()) {
        r++;
        i = 0;
        continue;
      }
      char c = line.charAt(i);
      if (c == ' ' || c == '\t' || c == '\f') {
        i++;
      } else if (c == '/' && i + 1 < line.length() && line.charAt(i + 1) == '/') {
        if (!textOnly(line, i + 2, line.length())) {
          return false;
        }
        markComment(line, i, r, r);
        r++;
        i = 0;
      } else if (c == '/' && i + 1 < line.length() && line.charAt(i + 1) == '*') {
        long end = spanEnd(lines, r, i + 2, "*/");
        if (end < 0) {
          return false; // an unterminated comment
        }
        markComment(line, i, r, (int) (end >>> 32));
        r = (int) (end >>> 32);
        line = lines.get(r);
        i = (int) end;
      } else if (c == '`' && !java) {
        // A raw string runs to the next backquote, over lines, without escapes.
        long end = spanEnd(lines, r, i + 1, "`");
        if (end < 0) {
          return false; // an unterminated raw string
        }
        add(LITERAL, '`', null, r, i);
        r = (int) (end >>> 32);
        line = lines.get(r);
        i = (int) end;
      } else if (c == '"') {
        if (java && line.startsWith("\"\"\"", i)) {
          long end = textBlockEnd(lines, r, i + 3);
          if (end < 0) {
            return false;
          }
          add(LITERAL, '"', null, r, i);
          r = (int) (end >>> 32);
          i = (int) end;
        } else {
          int end = quotedEnd(line, i + 1, '"');
          if (end < 0) {
            return false;
          }
          add(LITERAL, '"', null, r, i);
          i = end;
        }
      } else if (c == '\'') {
        int end = quotedEnd(line, i + 1, '\'');
        if (end < 0 || end == i + 2) {
          return false; // unterminated or empty
        }
        add(LITERAL, '\'', null, r, i);
        i = end;
      } else if (isIdentStart(c) && (java || c != '$')) {
        int k = i + 1;
        while (k < line.length() && isIdentPart(line.charAt(k))
            && (java || line.charAt(k) != '$')) {
          k++;
        }
        add(IDENT, '\0', line.substring(i, k), r, i);
        i = k;
      } else if (c >= '0' && c <= '9') {
        int k = i + 1;
        while (k < line.length() && (isIdentPart(line.charAt(k)) || line.charAt(k) == '.')) {
          k++;
        }
        add(LITERAL, '0', null, r, i);
        i = k;
      } else if (c > ' ' && c < 0x7f && c != '\\' && c != '#' && c != '`'
          && (java || c != '@' && c != '$' && c != '?')) {
        add(PUNCT, c, null, r, i);
        i++;
      } else {
        // A unicode escape or any other backslash, a character outside ASCII, a control
        // character, a character the language has no use for: the parser reads these its own
        // way.
        return false;
      }
    }
    return true;
  }

  /** Open parentheses while lexing JavaScript: whether a regular expression may follow each. */
  private int[] openParens = new int[64];

  private int openParenCount;

  private boolean lexEcmascript(List<String> lines) {
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
        if (!textOnly(line, i + 2, line.length())) {
          return false;
        }
        markComment(line, i, r, r);
        r++;
        i = 0;
      } else if (c == '/' && next == '*') {
        long end = spanEnd(lines, r, i + 2, "*/");
        if (end < 0) {
          return false;
        }
        markComment(line, i, r, (int) (end >>> 32));
        r = (int) (end >>> 32);
        i = (int) end;
      } else if (c == '`') {
        long end = templateEnd(lines, r, i + 1, 0);
        if (end < 0) {
          return false;
        }
        add(LITERAL, '`', null, r, i);
        r = (int) (end >>> 32);
        lastRow[count - 1] = r;
        i = (int) end;
      } else if (c == '"' || c == '\'') {
        int end = quotedEnd(line, i + 1, c);
        if (end < 0) {
          return false;
        }
        add(LITERAL, c, line.substring(i, end), r, i);
        i = end;
      } else if (c == '/') {
        int regex = regexAllowed();
        if (regex < 0) {
          return false; // after `}` or a postfix `++`: either reading is possible
        }
        if (regex == 0) {
          add(PUNCT, c, null, r, i);
          i++;
        } else {
          int end = regexEnd(line, i + 1);
          if (end < 0) {
            return false;
          }
          add(LITERAL, '/', null, r, i);
          i = end;
        }
      } else if (c == '<' && regexAllowed() != 0) {
        return false; // `<` where an expression starts: JSX, which the parser reads
      } else if (isIdentStart(c) || c == '#' && next != '\0' && isIdentStart(next)) {
        int k = i + 1;
        while (k < line.length() && isIdentPart(line.charAt(k))) {
          k++;
        }
        add(IDENT, '\0', line.substring(i, k), r, i);
        i = k;
      } else if (c >= '0' && c <= '9') {
        int k = i + 1;
        while (k < line.length() && (isIdentPart(line.charAt(k)) || line.charAt(k) == '.')) {
          k++;
        }
        add(LITERAL, '0', line.substring(i, k), r, i);
        i = k;
      } else if (c > ' ' && c < 0x7f && c != '\\' && c != '#' && c != '@') {
        if (c == '(') {
          if (openParenCount == openParens.length) {
            openParens = Arrays.copyOf(openParens, openParenCount * 2);
          }
          openParens[openParenCount++] = count;
        } else if (c == ')' && openParenCount > 0) {
          openParenCount--;
        }
        add(PUNCT, c, null, r, i);
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
    if (count == 0) {
      return 1;
    }
    int p = count - 1;
    if (kind[p] == LITERAL) {
      return 0;
    }
    if (kind[p] == IDENT) {
      return BEFORE_EXPRESSION.contains(word[p]) ? 1 : 0;
    }
    char c = punct[p];
    if (c == ']') {
      return 0;
    }
    if (c == ')') {
      // The `(` still to pair is the one this `)` closed: openParens has just been popped.
      int open = openParens[openParenCount];
      if (open > 0 && kind[open - 1] == IDENT
          && CONDITIONS.contains(word[open - 1])) {
        return -1;
      }
      return 0;
    }
    if (c == '}') {
      return -1;
    }
    if ((c == '+' || c == '-') && p > 0 && kind[p - 1] == PUNCT && punct[p - 1] == c
        && adjacent(p - 1, p)) {
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
      if (readOtherwise(c)) {
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
        while (k < line.length() && isIdentPart(line.charAt(k))) {
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
        if (readOtherwise(c)) {
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
          int end = quotedEnd(line, k + 1, c);
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
        } else if (isIdentStart(c)) {
          int end = k + 1;
          while (end < line.length() && isIdentPart(line.charAt(end))) {
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

  /**
   * A comment that opens its line marks the rows it covers, as the parser's attachable
   * comment nodes do; one after code on its line does not.
   */
  private void markComment(String line, int at, int firstRow, int lastRow) {
    for (int k = 0; k < at; k++) {
      char c = line.charAt(k);
      if (c != ' ' && c != '\t' && c != '\f') {
        return;
      }
    }
    for (int r = firstRow; r <= lastRow; r++) {
      attachableRow[r] = true;
    }
  }

  /**
   * The end of a comment or raw string whose text starts at {@code (row, from)} and runs to
   * {@code terminator}, over lines: its row and the index after the terminator, packed as
   * {@code row << 32 | index}; -1 when it never ends or holds what the parser reads otherwise.
   */
  private static long spanEnd(List<String> lines, int row, int from, String terminator) {
    int endRow = row;
    int k = lines.get(row).indexOf(terminator, from);
    while (k < 0) {
      if (!textOnly(lines.get(endRow), endRow == row ? from : 0, lines.get(endRow).length())) {
        return -1;
      }
      endRow++;
      if (endRow >= lines.size()) {
        return -1;
      }
      k = lines.get(endRow).indexOf(terminator);
    }
    if (!textOnly(lines.get(endRow), endRow == row ? from : 0, k)) {
      return -1;
    }
    return ((long) endRow << 32) | (k + terminator.length());
  }

  /** Whether comment text holds only what the parser passes over as the scan does. */
  private static boolean textOnly(String line, int from, int to) {
    for (int k = from; k < to; k++) {
      if (readOtherwise(line.charAt(k))) {
        return false;
      }
    }
    return true;
  }

  /**
   * A character the parser may read otherwise than the scan even inside a comment or literal:
   * a control character other than a tab or form feed (a NUL would end the parser's text
   * early), or half of a surrogate pair (the JNI string the parser gets encodes each half on its
   * own, so byte columns, and names cut by them, shift).
   */
  private static boolean readOtherwise(char c) {
    return c < ' ' && c != '\t' && c != '\f' || Character.isSurrogate(c);
  }

  /** The index after the closing quote of a one-line literal, or -1 when it never closes. */
  private static int quotedEnd(String line, int from, char quote) {
    int k = from;
    while (k < line.length()) {
      char c = line.charAt(k);
      if (c == '\\') {
        k += 2;
        continue;
      }
      if (readOtherwise(c)) {
        return -1;
      }
      if (c == quote) {
        return k + 1;
      }
      k++;
    }
    return -1;
  }

  /**
   * The end of a text block whose content starts at {@code (row, from)}: its row and the index
   * after its closing quotes, packed as {@code row << 32 | index}; -1 when it never closes, or
   * when text follows the opening quotes or a quote runs into the closing ones (where the
   * parser's reading is not certain).
   */
  private static long textBlockEnd(List<String> lines, int row, int from) {
    if (!lines.get(row).substring(from).isBlank()) {
      return -1;
    }
    int r = row + 1;
    int k = 0;
    while (r < lines.size()) {
      String line = lines.get(r);
      while (k < line.length()) {
        char c = line.charAt(k);
        if (c == '\\') {
          k += 2;
          continue;
        }
        if (readOtherwise(c)) {
          return -1;
        }
        if (c == '"' && line.startsWith("\"\"\"", k)) {
          if (line.startsWith("\"\"\"\"", k)) {
            return -1;
          }
          return ((long) r << 32) | (k + 3);
        }
        k++;
      }
      r++;
      k = 0;
    }
    return -1;
  }

  private static boolean isIdentStart(char c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$';
  }

  private static boolean isIdentPart(char c) {
    return isIdentStart(c) || c >= '0' && c <= '9';
  }

  /** Pairs every bracket with its partner; false when they do not balance. */
  private boolean pair() {
    partner = new int[count];
    int[] stack = new int[count + 1];
    int depth = 0;
    for (int k = 0; k < count; k++) {
      if (kind[k] != PUNCT) {
        continue;
      }
      char c = punct[k];
      if (c == '(' || c == '[' || c == '{') {
        stack[depth++] = k;
      } else if (c == ')' || c == ']' || c == '}') {
        if (depth == 0) {
          return false;
        }
        int open = stack[--depth];
        char o = punct[open];
        if (o == '(' && c != ')' || o == '[' && c != ']' || o == '{' && c != '}') {
          return false;
        }
        partner[open] = k;
        partner[k] = open;
      }
    }
    return depth == 0;
  }

  boolean is(int k, char c) {
    return k >= 0 && k < count && kind[k] == PUNCT && punct[k] == c;
  }

  boolean isWord(int k, String w) {
    return k >= 0 && k < count && kind[k] == IDENT && word[k].equals(w);
  }

  boolean isIdent(int k) {
    return k >= 0 && k < count && kind[k] == IDENT;
  }

  /**
   * A definition a scan found, before the comment rows above it are attached.
   *
   * @param startToken its first token: the parser lists definitions in the order they start
   * @param localName its name as the syntax qualifies it (a Go method's {@code Scorer.Score})
   */
  record Found(
      int startToken, Kind kind, String name, String localName, int startRow, int headerRow,
      int endRow, boolean declarationOnly) {}

  /**
   * The definitions found, in the parser's order (nesting keeps that order for definitions that
   * start and end on the same lines), each moved up over the comment rows right above it.
   */
  List<Definition> definitions(List<Found> found) {
    List<Found> ordered = new ArrayList<>(found);
    ordered.sort(Comparator.comparingInt(Found::startToken));
    List<Definition> out = new ArrayList<>(ordered.size());
    for (Found f : ordered) {
      int start = f.startRow();
      while (start > 0 && attachableRow[start - 1]) {
        start--;
      }
      out.add(new Definition(f.kind(), f.name(), f.localName(), start + 1, f.endRow() + 1,
          f.headerRow() + 1, f.declarationOnly()));
    }
    return out;
  }

  /** Whether tokens {@code a} and {@code b} touch (no space or comment between them). */
  boolean adjacent(int a, int b) {
    int length = kind[a] == IDENT ? word[a].length() : 1;
    return row[a] == row[b] && column[a] + length == column[b];
  }
}
