package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.CurlyTokens.LITERAL;

import java.util.Set;

/**
 * JSX, for {@link EcmascriptLexer}: an element where an expression starts ({@code <A.b x="s"
 * y={e} {...p} z>text &amp; {e} <c-d/></A.b>}, a fragment {@code <>...</>}, a self-closing
 * {@code <X />}) is read as one literal token, as a template literal is, with each expression
 * container {@code {...}} in it, in an attribute or among the children, read as a parenthesised
 * group whose code the lexer reads as code (further JSX, functions, objects with methods). The
 * scan then passes over an element as over a value called with its containers, so that the
 * definitions inside containers are found as anywhere else in an expression. The element's text,
 * names and strings hold no definitions and go unread.
 *
 * <p>What tree-sitter's grammar would read otherwise, or reads with error recovery, is left to
 * the parser: a bare {@code >} or {@code }} in text, a {@code &} in text or an attribute's string
 * that starts no entity, a closing tag that does not match, type arguments on an element
 * ({@code <A<T>>}), an element as an attribute's value, a keyword in a name ({@code <label
 * for="a">}: an error to tree-sitter), a backslash or a control character anywhere.
 */
final class EcmascriptJsx {
  private final CurlyTokens t;
  private final EcmascriptLexer lexer;

  /**
   * Elements open, each through the lexer's containers in the ones around it: deeper nesting is
   * left to the parser (no stack overflow).
   */
  private int depth;

  private static final int MAX_DEPTH = 100;

  EcmascriptJsx(CurlyTokens tokens, EcmascriptLexer lexer) {
    this.t = tokens;
    this.lexer = lexer;
  }

  /** What a {@code <} where an expression starts opens in TSX, by {@link #opens}. */
  static final int JSX = 0;

  static final int TYPE_PARAMETERS = 1;

  static final int UNSURE = -1;

  /**
   * What the {@code <} at the lexer's position opens in TSX, where no {@code <T>x} cast exists:
   * a generic arrow function's type parameters where a {@code ,}, {@code extends} or {@code =}
   * follows the first name or a modifier starts it ({@code <T,>}, {@code <T extends X>},
   * {@code <T = X>}, {@code <const T>}, over lines too), else JSX; unsure for {@code <T>(} (a
   * generic arrow function to tree-sitter's TSX grammar), for a comment before the first name
   * and for a name alone on a line below the {@code <}.
   */
  int opens() {
    int row = lexer.r;
    int k = skipSpaces(lexer.lines.get(row), lexer.i + 1);
    while (k == lexer.lines.get(row).length() && row + 1 < lexer.lines.size()) {
      row++;
      k = skipSpaces(lexer.lines.get(row), 0);
    }
    String line = lexer.lines.get(row);
    if (line.startsWith("/", k)) {
      return UNSURE;
    }
    int name = identifierEnd(line, k);
    if (name == k) {
      return JSX;
    }
    int after = skipSpaces(line, name);
    if (after == line.length()) {
      return row == lexer.r ? JSX : UNSURE; // `<button` with its attributes below
    }
    char c = line.charAt(after);
    String word = line.substring(k, name);
    if (c == '>' && line.startsWith(">(", after)) {
      return UNSURE;
    }
    if (c == ',' || c == '='
        || after > name && identifierEnd(line, after) > after && MODIFIERS.contains(word)) {
      return TYPE_PARAMETERS;
    }
    boolean constraint = line.startsWith("extends", after) && after > name
        && identifierEnd(line, after) == after + "extends".length();
    if (constraint) {
      return TYPE_PARAMETERS;
    }
    return row == lexer.r ? JSX : UNSURE; // `<` alone on its line
  }

  /**
   * Modifiers of a type parameter ({@code <const T,>}) that are keywords, which tree-sitter reads
   * as no JSX name ({@code out} is a name: {@code <out T>} is left to the JSX reading).
   */
  private static final Set<String> MODIFIERS = Set.of("const", "in");

  /**
   * Reads the element whose {@code <} is at the lexer's position, adding its literal token and
   * its containers' tokens; the lexer's position is then right after it. False where the scan is
   * not sure of it.
   */
  boolean element() {
    t.add(LITERAL, '<', null, lexer.r, lexer.i);
    if (!nested()) {
      return false;
    }
    t.lastRow[t.count - 1] = lexer.r; // the element ends here, maybe lines further down
    return true;
  }

  /** An element from its {@code <}, its children and closing tag included. */
  private boolean nested() {
    if (++depth > MAX_DEPTH) {
      return false;
    }
    lexer.i++;
    if (!spaces()) {
      return false;
    }
    String name;
    if (at() == '>') {
      name = ""; // a fragment
    } else {
      name = name(true);
      if (name == null || !attributes()) {
        return false;
      }
      if (at() == '/') {
        lexer.i++;
        depth--;
        return next('>');
      }
    }
    lexer.i++; // the `>` after the opening tag
    if (!children() || !name.equals(name(true))) {
      return false;
    }
    depth--;
    return next('>');
  }

  /**
   * The attributes of an opening tag, up to its {@code >} or {@code />} (the position then at
   * it): names, valued by a string or a container, and spread containers.
   */
  private boolean attributes() {
    while (spaces()) {
      char c = at();
      if (c == '>' || c == '/' && lexer.lines.get(lexer.r).startsWith("/>", lexer.i)) {
        return true;
      }
      if (c == '{') {
        if (!lexer.lines.get(lexer.r).startsWith("{...", lexer.i) || !container()) {
          return false;
        }
        continue;
      }
      if (name(false) == null || !spaces()) {
        return false;
      }
      if (at() != '=') {
        continue; // a name alone: `disabled`
      }
      lexer.i++;
      if (!spaces()) {
        return false;
      }
      c = at();
      if (c == '{') {
        if (!container()) {
          return false;
        }
      } else if (c == '"' || c == '\'') {
        if (!string(c)) {
          return false;
        }
      } else {
        return false; // an element as the value, or broken code
      }
    }
    return false;
  }

  /**
   * The children up to the closing tag's name (the position then right after {@code </} and
   * any spaces): text, entities, elements and containers.
   */
  private boolean children() {
    while (lexer.r < lexer.lines.size()) {
      String line = lexer.lines.get(lexer.r);
      if (lexer.i >= line.length()) {
        lexer.r++;
        lexer.i = 0;
        continue;
      }
      char c = line.charAt(lexer.i);
      if (c == '<') {
        if (line.startsWith("</", lexer.i)) {
          lexer.i += 2;
          return spaces();
        }
        if (!nested()) {
          return false;
        }
      } else if (c == '{') {
        if (!container()) {
          return false;
        }
      } else if (c == '&') {
        int end = entityEnd(line, lexer.i + 1);
        if (end < 0) {
          return false;
        }
        lexer.i = end;
      } else if (c == '>' || c == '}' || c == '\\' || CurlyTokens.readOtherwise(c)) {
        return false; // what tree-sitter's JSX text does not hold, or reads its own way
      } else {
        lexer.i++;
      }
    }
    return false;
  }

  /** An expression container at the position reached, its code read by the lexer. */
  private boolean container() {
    t.lastRow[t.count - 1] = lexer.r; // the text before it ends on its line
    return lexer.container();
  }

  /**
   * A name at the position reached (which it then passes), with {@code -} in its parts as
   * HTML's names have: {@code a-b}, {@code a:b} (one namespace), and for a tag's name {@code
   * A.b.c} (no {@code -} there); the empty name of a fragment's closing tag; null where none
   * can be read.
   */
  private String name(boolean tag) {
    if (!spaces()) {
      return null;
    }
    String line = lexer.lines.get(lexer.r);
    int start = lexer.i;
    int end = dashedEnd(line, start);
    if (end == start) {
      return tag && at() == '>' ? "" : null;
    }
    if (end < line.length() && line.charAt(end) == ':') {
      int local = dashedEnd(line, end + 1);
      end = local > end + 1 ? local : -1;
    } else if (tag) {
      while (end > 0 && end < line.length() && line.charAt(end) == '.') {
        int part = identifierEnd(line, end + 1);
        end = part > end + 1 && line.substring(start, part).indexOf('-') < 0 ? part : -1;
      }
    }
    if (end < 0) {
      return null;
    }
    String name = line.substring(start, end);
    for (String part : name.split("[.:]", -1)) {
      if (RESERVED.contains(part)) {
        return null; // `<a class="b">`: an error to tree-sitter
      }
    }
    lexer.i = end;
    return name;
  }

  /**
   * Words tree-sitter reads as keywords, not names, anywhere in a JSX name ({@code class},
   * {@code for}, {@code this}, ...); a name with {@code -} in it is one token, which may hold
   * them.
   */
  private static final Set<String> RESERVED =
      Set.of(
          "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete",
          "do", "else", "export", "extends", "false", "finally", "for", "function", "if",
          "import", "in", "instanceof", "new", "null", "return", "super", "switch", "this",
          "throw", "true", "try", "typeof", "var", "void", "while", "with");

  /** The index after a name with {@code -} in it from {@code from} (itself where none is). */
  private static int dashedEnd(String line, int from) {
    int end = identifierEnd(line, from);
    while (end > from && end < line.length() && line.charAt(end) == '-') {
      end++;
      while (end < line.length() && CurlyTokens.isIdentPart(line.charAt(end))) {
        end++;
      }
    }
    return end;
  }

  /**
   * An attribute's string at the position reached, which it then passes: JSX strings have no
   * escapes, may run over lines and hold entities as text does.
   */
  private boolean string(char quote) {
    lexer.i++;
    while (lexer.r < lexer.lines.size()) {
      String line = lexer.lines.get(lexer.r);
      for (; lexer.i < line.length(); lexer.i++) {
        char c = line.charAt(lexer.i);
        if (c == quote) {
          lexer.i++;
          return true;
        }
        if (c == '&') {
          int end = entityEnd(line, lexer.i + 1);
          if (end < 0) {
            return false; // tree-sitter reads a `&` there as an entity or as an error
          }
          lexer.i = end - 1;
        } else if (c == '\\' || CurlyTokens.readOtherwise(c)) {
          return false;
        }
      }
      lexer.r++;
      lexer.i = 0;
    }
    return false;
  }

  /**
   * Passes spaces, line breaks and comments (in a tag, where they are comments: among the
   * children they are text); false at the end of the lines or where the scan is not sure.
   */
  private boolean spaces() {
    while (lexer.r < lexer.lines.size()) {
      String line = lexer.lines.get(lexer.r);
      lexer.i = skipSpaces(line, lexer.i);
      if (line.startsWith("//", lexer.i)) {
        if (!CurlyTokens.textOnly(line, lexer.i + 2, line.length())) {
          return false;
        }
        t.markComment(line, lexer.i, lexer.r, lexer.r);
        lexer.i = line.length();
      } else if (line.startsWith("/*", lexer.i)) {
        long end = CurlyTokens.spanEnd(lexer.lines, lexer.r, lexer.i + 2, "*/");
        if (end < 0) {
          return false;
        }
        t.markComment(line, lexer.i, lexer.r, (int) (end >>> 32));
        lexer.r = (int) (end >>> 32);
        lexer.i = (int) end;
        continue;
      } else if (lexer.i < line.length()) {
        return true;
      }
      lexer.r++;
      lexer.i = 0;
    }
    return false;
  }

  /** Whether {@code c}, after any spaces, is at the position reached, which then passes it. */
  private boolean next(char c) {
    if (!spaces() || at() != c) {
      return false;
    }
    lexer.i++;
    return true;
  }

  /** The character at the position reached, which is on a line. */
  private char at() {
    return lexer.lines.get(lexer.r).charAt(lexer.i);
  }

  /**
   * The index after the entity whose name starts at {@code from}, after its {@code &}: {@code
   * &name;}, {@code &#123;} or {@code &#x1F;}; -1 where none is.
   */
  private static int entityEnd(String line, int from) {
    int k = from;
    boolean hex = false;
    if (k < line.length() && line.charAt(k) == '#') {
      k++;
      hex = k < line.length() && (line.charAt(k) == 'x' || line.charAt(k) == 'X');
      if (hex) {
        k++;
      }
    }
    int start = k;
    while (k < line.length() && k - start < 32 && entityChar(line.charAt(k), from, start, hex)) {
      k++;
    }
    return k > start && k < line.length() && line.charAt(k) == ';' ? k + 1 : -1;
  }

  private static boolean entityChar(char c, int from, int start, boolean hex) {
    boolean digit = c >= '0' && c <= '9';
    if (start == from) {
      return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || digit;
    }
    return digit || hex && (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F');
  }

  private static int skipSpaces(String line, int from) {
    int k = from;
    while (k < line.length() && (line.charAt(k) == ' ' || line.charAt(k) == '\t')) {
      k++;
    }
    return k;
  }

  /** The index after the identifier that starts at {@code from} (itself where none does). */
  private static int identifierEnd(String line, int from) {
    if (from >= line.length() || !CurlyTokens.isIdentStart(line.charAt(from))) {
      return from;
    }
    int k = from + 1;
    while (k < line.length() && CurlyTokens.isIdentPart(line.charAt(k))) {
      k++;
    }
    return k;
  }
}
