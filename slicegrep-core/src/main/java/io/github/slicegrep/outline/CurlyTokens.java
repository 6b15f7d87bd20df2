package io.github.slicegrep.outline;

import io.github.slicegrep.outline.Definition.Kind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

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
     * them, {@code #private} names, a hashbang line, JSX; decorators ({@code @}) are left to
     * the parser. String and number literals keep their text (object keys are named by it).
     */
    ECMASCRIPT,
    /**
     * TypeScript: JavaScript's literals, with a {@code <} where an expression starts read as
     * punctuation (type parameters of a generic arrow function or a type assertion, never JSX).
     */
    TYPESCRIPT,
    /**
     * TSX: TypeScript with JSX where a {@code <} starts an expression, but for a generic arrow
     * function's type parameters ({@code <T,>}, {@code <T extends X>}); it has no casts.
     */
    TSX
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
    // No size cap, unlike the parser's: the scan is linear and 20-70x faster, so a file of the
    // default 2 MiB search limit costs tens of milliseconds, and gets its exact outline as a
    // Python file of that size does.
    CurlyTokens t = new CurlyTokens((int) Math.max(256, chars / TYPICAL_CHARS_PER_TOKEN));
    t.attachableRow = new boolean[lines.size() + 1];
    return t.lex(lines, dialect) && t.pair() ? t : null;
  }

  void add(int k, char p, String w, int r, int c) {
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
    if (dialect != Dialect.JAVA && dialect != Dialect.GO) {
      return new EcmascriptLexer(this, dialect != Dialect.ECMASCRIPT, dialect != Dialect.TYPESCRIPT)
          .lex(lines);
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

  /**
   * A comment that opens its line marks the rows it covers, as the parser's attachable
   * comment nodes do; one after code on its line does not.
   */
  void markComment(String line, int at, int firstRow, int lastRow) {
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
  static long spanEnd(List<String> lines, int row, int from, String terminator) {
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
  static boolean textOnly(String line, int from, int to) {
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
  static boolean readOtherwise(char c) {
    return c < ' ' && c != '\t' && c != '\f' || Character.isSurrogate(c);
  }

  /** The index after the closing quote of a one-line literal, or -1 when it never closes. */
  static int quotedEnd(String line, int from, char quote) {
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

  static boolean isIdentStart(char c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$';
  }

  static boolean isIdentPart(char c) {
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
