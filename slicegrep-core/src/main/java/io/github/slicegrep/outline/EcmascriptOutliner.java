package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.CurlyTokens.IDENT;
import static io.github.slicegrep.outline.CurlyTokens.LITERAL;
import static io.github.slicegrep.outline.CurlyTokens.PUNCT;

import io.github.slicegrep.outline.CurlyTokens.Found;
import io.github.slicegrep.outline.CurlyTokens.Unsure;
import io.github.slicegrep.outline.Definition.Kind;
import io.github.slicegrep.source.Language;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * JavaScript's definitions from its tokens alone, as the tree-sitter outline gives them: function
 * and class declarations, class and object-literal methods, and functions held by a {@code
 * const}/{@code let}/{@code var}, an object entry, a class field or an assignment statement
 * ({@code exports.load = function () {...}}, {@code A.prototype.score = ...}), with the comment
 * lines right above them. The parser in the grammar jar is compiled without optimisation; this
 * scan is one to two orders of magnitude faster.
 *
 * <p>Each brace is a block, an object literal, a destructuring pattern or a class body by the
 * token before it; regular expressions are told from division by the token before the slash, and
 * a statement's end after a line break follows the parser's own automatic-semicolon rule. Files
 * the scan is not sure of are left to the parser (empty result): TypeScript and TSX, anything
 * that may be JSX, decorators, a slash or a function inside a template's {@code ${...}}, an
 * assignment of a function anywhere but a statement of its own, a function after a {@code case}
 * or label, a line break where automatic semicolons are not plain, unbalanced brackets, non-ASCII
 * code, a backslash outside a literal.
 */
final class EcmascriptOutliner {
  private EcmascriptOutliner() {}

  /** The outline, or empty when the file is left to the parser. */
  static Optional<Outline> outline(SourceFile file) {
    if (file.language() != Language.JAVASCRIPT) {
      return Optional.empty();
    }
    try {
      CurlyTokens tokens = CurlyTokens.read(file.lines(), CurlyTokens.Dialect.ECMASCRIPT);
      if (tokens == null) {
        return Optional.empty();
      }
      return Optional.of(Outline.of(Nesting.qualify(new Scan(tokens, file.lines()).definitions())));
    } catch (Unsure | RuntimeException e) {
      // An input the scan did not foresee: the parser decides.
      return Optional.empty();
    }
  }

  /** What a brace, parenthesis or bracket opens. */
  private static final int BLOCK = 1;
  private static final int OBJECT = 2;
  private static final int PATTERN = 3;
  private static final int CLASS_BODY = 4;
  private static final int NAME_LIST = 5;
  private static final int PAREN = 6;
  private static final int BRACKET = 7;

  /** The parser's automatic-semicolon answers for a line break. */
  private static final int ENDS = 1;
  private static final int CONTINUES = 2;

  /** JavaScript's reserved words and the contextual ones the scan treats alike. */
  private static final Set<String> KEYWORDS =
      Set.of(
          "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete",
          "do", "else", "export", "extends", "finally", "for", "function", "if", "import", "in",
          "instanceof", "new", "return", "switch", "throw", "try", "typeof", "var", "void",
          "while", "with", "yield", "let", "static", "async", "await", "get", "set", "of",
          "enum");

  /** Values that end an expression although they are keywords. */
  private static final Set<String> VALUE_WORDS =
      Set.of("this", "null", "true", "false", "super", "undefined");

  /** Keywords an expression goes on after, over a line break. */
  private static final Set<String> OPERATOR_WORDS =
      Set.of("typeof", "new", "void", "delete", "in", "instanceof", "await");

  /** Keywords after which an expression starts (a function there is an expression). */
  private static final Set<String> BEFORE_EXPRESSION =
      Set.of(
          "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw",
          "yield", "await", "extends", "default");

  /** Keywords whose parenthesised part may be followed by a statement without braces. */
  private static final Set<String> CONDITIONS = Set.of("if", "while", "for", "with");

  /** Words before a method's name in a class body or an object literal. */
  private static final Set<String> MODIFIERS = Set.of("static", "async", "get", "set");

  /** One pass over the tokens. */
  private static final class Scan {
    private final CurlyTokens t;
    private final List<String> lines;
    private final List<Found> found = new ArrayList<>();
    /** What each bracket opens, once known. */
    private final int[] opens;
    /** Parentheses that hold a function's parameters (defaults there are no assignments). */
    private final boolean[] parameters;
    /** {@code =} signs the scan has accounted for (declarators, fields, statements, defaults). */
    private final boolean[] accounted;
    /** Names in key position ({@code function: 1}, {@code class() {}}): not keywords there. */
    private final boolean[] key;
    /** {@code function} and {@code class} keywords read as declarations. */
    private final boolean[] declared;

    Scan(CurlyTokens tokens, List<String> lines) {
      this.t = tokens;
      this.lines = lines;
      this.opens = new int[tokens.count];
      this.parameters = new boolean[tokens.count];
      this.accounted = new boolean[tokens.count];
      this.key = new boolean[tokens.count];
      this.declared = new boolean[tokens.count];
    }

    List<Definition> definitions() throws Unsure {
      int[] stack = new int[t.count + 1];
      int depth = 0;
      for (int i = 0; i < t.count; i++) {
        int context = depth == 0 ? BLOCK : opens[stack[depth - 1]];
        int contextOpen = depth == 0 ? -1 : stack[depth - 1];
        if (t.kind[i] == PUNCT) {
          char c = t.punct[i];
          if (c == '{') {
            if (opens[i] == 0) {
              opens[i] = braceKind(i, context);
            }
            if (opens[i] == OBJECT || opens[i] == PATTERN) {
              objectEntries(i, opens[i] == PATTERN);
            }
            stack[depth++] = i;
          } else if (c == '(') {
            opens[i] = PAREN;
            if (isArrow(t.partner[i] + 1)) {
              parameters[i] = true;
            }
            stack[depth++] = i;
          } else if (c == '[') {
            opens[i] = BRACKET;
            stack[depth++] = i;
          } else if (c == ')' || c == ']' || c == '}') {
            depth--;
          } else if (c == '=' && plainAssignment(i) && !accounted[i] && functionStart(i + 1)
              && !(context == PAREN && parameters[contextOpen]) && context != PATTERN) {
            // A function assigned inside an expression or a pattern: which of these the
            // grammar reads as an assignment is not the scan's to guess.
            throw new Unsure();
          }
        } else if (t.kind[i] == IDENT && !key[i] && !t.is(i - 1, '.')) {
          if (context == BLOCK) {
            statement(i);
          }
          switch (t.word[i]) {
            case "function" -> functionKeyword(i, context);
            case "class" -> classKeyword(i, context);
            default -> {
            }
          }
        }
      }
      return t.definitions(found);
    }

    // ---- statements ----

    /** Token {@code i}, in a block, when it may start a declaration or an assignment. */
    private void statement(int i) throws Unsure {
      String w = t.word[i];
      boolean candidate =
          switch (w) {
            case "export", "function", "class", "const", "var" -> true;
            case "let" -> t.isIdent(i + 1) || t.is(i + 1, '{') || t.is(i + 1, '[');
            case "async" -> t.isWord(i + 1, "function") && t.row[i + 1] == t.row[i];
            default -> !KEYWORDS.contains(w) && assignmentEquals(i) >= 0;
          };
      if (!candidate || !startsStatement(i)) {
        return;
      }
      if (w.equals("export")) {
        int j = i + 1;
        boolean isDefault = t.isWord(j, "default");
        if (isDefault) {
          j++;
        }
        if (t.isWord(j, "function") || t.isWord(j, "class")
            || t.isWord(j, "async") && t.isWord(j + 1, "function") && t.row[j + 1] == t.row[j]) {
          declaration(j, i, isDefault);
        } else if (!isDefault && (t.isWord(j, "const") || t.isWord(j, "let")
            || t.isWord(j, "var"))) {
          declarators(j, i);
        }
        return;
      }
      switch (w) {
        case "function", "class", "async" -> declaration(i, i, false);
        case "const", "let", "var" -> declarators(i, i);
        default -> assignmentStatement(i);
      }
    }

    /**
     * A function or class declaration whose keyword (or {@code async}) is at {@code at}, its
     * range starting at {@code start} (an {@code export}). Without a name it is an expression
     * (allowed only after {@code export default}).
     */
    private void declaration(int at, int start, boolean afterDefault) throws Unsure {
      int keyword = t.isWord(at, "async") ? at + 1 : at;
      int name = keyword + 1;
      if (t.word[keyword].equals("function") && t.is(name, '*')) {
        name++;
      }
      boolean named = t.isIdent(name) && !t.isWord(name, "extends");
      if (!named) {
        if (!afterDefault) {
          throw new Unsure();
        }
        return;
      }
      int end;
      Kind kind;
      if (t.word[keyword].equals("class")) {
        end = t.partner[classBody(keyword)];
        kind = Kind.CLASS;
      } else {
        if (!t.is(name + 1, '(') || !t.is(t.partner[name + 1] + 1, '{')) {
          throw new Unsure();
        }
        end = t.partner[t.partner[name + 1] + 1];
        kind = Kind.FUNCTION;
      }
      declared[keyword] = true;
      found.add(new Found(at, kind, t.word[name], t.word[name], t.row[start], t.row[name],
          t.row[end], false));
    }

    /** {@code const a = ..., b = ...} at {@code at}, the range starting at {@code start}. */
    private void declarators(int at, int start) throws Unsure {
      List<Integer> functions = new ArrayList<>();
      int j = at + 1;
      while (true) {
        int name = -1;
        if (t.isIdent(j) && (!KEYWORDS.contains(t.word[j]) || MODIFIERS.contains(t.word[j]))) {
          name = j++;
        } else if (t.is(j, '{') || t.is(j, '[')) {
          opens[j] = PATTERN;
          j = t.partner[j] + 1;
        } else {
          throw new Unsure();
        }
        if (t.is(j, '=') && plainAssignment(j)) {
          accounted[j] = true;
          int value = j + 1;
          int end = expressionEnd(value);
          if (name >= 0 && functionEnd(value) == end) {
            functions.add(name);
          }
          j = end + 1;
        }
        if (t.is(j, ',')) {
          j++;
          continue;
        }
        break;
      }
      int endRow;
      if (t.is(j, ';')) {
        endRow = t.row[j];
      } else if (j >= t.count || t.is(j, '}') || t.row[j] > t.lastRow[j - 1]
          && automaticSemicolon(j - 1, j) == ENDS) {
        endRow = t.lastRow[j - 1];
      } else {
        throw new Unsure();
      }
      for (int name : functions) {
        found.add(new Found(name, Kind.FUNCTION, t.word[name], t.word[name], t.row[start],
            t.row[name], endRow, false));
      }
    }

    /**
     * The {@code =} of {@code name = }, {@code a.b.c = } or {@code this.#x = } starting at
     * {@code i} when a function follows it, else -1.
     */
    private int assignmentEquals(int i) {
      int j = i + 1;
      while (t.is(j, '.') && t.isIdent(j + 1)) {
        j += 2;
      }
      return t.is(j, '=') && plainAssignment(j) && functionStart(j + 1) ? j : -1;
    }

    /** An assignment statement of a function: {@code exports.load = function () {...};}. */
    private void assignmentStatement(int i) throws Unsure {
      int equals = assignmentEquals(i);
      accounted[equals] = true;
      int value = equals + 1;
      int end = expressionEnd(value);
      if (functionEnd(value) != end) {
        return; // `f = function () {}.bind(this)`: a call, no function
      }
      int next = end + 1;
      int endRow;
      if (t.is(next, ';')) {
        endRow = t.row[next];
      } else if (next >= t.count || t.is(next, '}') || t.row[next] > t.lastRow[end]) {
        endRow = t.lastRow[end]; // expressionEnd stopped at a line break the parser ends it at
      } else {
        throw new Unsure(); // `a = function () {}, b = 1`: a sequence
      }
      int last = equals - 1;
      if (t.row[last] != t.row[i]) {
        throw new Unsure();
      }
      String property = t.word[last];
      if (last == i) {
        found.add(new Found(i, Kind.FUNCTION, property, property, t.row[i], t.row[i], endRow,
            false));
        return;
      }
      String target = lines.get(t.row[i]).substring(t.column[i],
          t.column[last] + property.length());
      int prototype = target.indexOf(".prototype.");
      if (prototype > 0) {
        String owner = target.substring(0, prototype);
        String local = owner.substring(owner.lastIndexOf('.') + 1) + "." + property;
        found.add(new Found(i, Kind.METHOD, property, local, t.row[i], t.row[last], endRow,
            false));
      } else {
        found.add(new Found(i, Kind.FUNCTION, property, property, t.row[i], t.row[last],
            endRow, false));
      }
    }

    /**
     * Whether token {@code i} starts a statement, by the token before it; unsure after a
     * {@code :} (a case, a label or a conditional) or a line break the parser may not end at.
     */
    private boolean startsStatement(int i) throws Unsure {
      if (i == 0) {
        return true;
      }
      int p = i - 1;
      if (t.kind[p] == PUNCT) {
        char c = t.punct[p];
        if (c == ';' || c == '{' || c == '}') {
          return true;
        }
        if (c == ':') {
          if (endsCaseLabel(p)) {
            return true;
          }
          throw new Unsure(); // a label or a conditional
        }
        if (c == ')') {
          int open = t.partner[p];
          if (open > 0 && t.isIdent(open - 1) && CONDITIONS.contains(t.word[open - 1])) {
            return true;
          }
        }
      } else if (t.kind[p] == IDENT && (t.word[p].equals("else") || t.word[p].equals("do"))) {
        return true;
      }
      if (t.lastRow[p] < t.row[i]) {
        int answer = automaticSemicolon(p, i);
        if (answer == ENDS) {
          return true;
        }
        if (answer != CONTINUES) {
          throw new Unsure();
        }
      }
      return false;
    }

    /**
     * Whether the {@code :} at {@code colon} ends {@code default:} or {@code case} followed by
     * names, literals and dots only (no conditional can hide in that).
     */
    private boolean endsCaseLabel(int colon) {
      int k = colon - 1;
      while (k >= 0 && (t.kind[k] == LITERAL || t.is(k, '.') || t.isIdent(k)
          && !t.word[k].equals("case") && !t.word[k].equals("default"))) {
        k--;
      }
      return k >= 0 && k < colon - 1 && t.isWord(k, "case") || k == colon - 1
          && t.isWord(k, "default");
    }

    // ---- functions and classes wherever they are ----

    /** A {@code function} keyword: a declaration already read, else an expression. */
    private void functionKeyword(int i, int context) throws Unsure {
      int j = i + 1;
      if (t.is(j, '*')) {
        j++;
      }
      if (t.isIdent(j)) {
        j++;
      }
      if (!t.is(j, '(')) {
        throw new Unsure();
      }
      parameters[j] = true;
      if (!declared[i] && !expressionPosition(t.isWord(i - 1, "async") ? i - 1 : i, context)) {
        throw new Unsure();
      }
    }

    /** A {@code class} keyword: its members are read wherever it is. */
    private void classKeyword(int i, int context) throws Unsure {
      if (!declared[i]) {
        classBody(i);
        if (!expressionPosition(i, context)) {
          throw new Unsure();
        }
      }
    }

    /** Whether a function or class starting at {@code i} is an expression there. */
    private boolean expressionPosition(int i, int context) throws Unsure {
      int p = i - 1;
      if (p < 0) {
        return false;
      }
      if (t.kind[p] == PUNCT) {
        char c = t.punct[p];
        if (c == ':' && context == BLOCK) {
          throw new Unsure(); // `case 1: function f() {}` declares
        }
        return c != ')' && c != ']' && c != '}' && c != ';' && c != '{'
            || c == '{' && context != BLOCK;
      }
      return t.kind[p] == IDENT && BEFORE_EXPRESSION.contains(t.word[p]);
    }

    /**
     * The body of the class whose keyword is at {@code keyword}: marked, its members read once.
     * Returns the body's opening brace.
     */
    private int classBody(int keyword) throws Unsure {
      int j = keyword + 1;
      if (t.isIdent(j) && !t.isWord(j, "extends")) {
        j++;
      }
      if (t.isWord(j, "extends")) {
        j++;
        while (j < t.count && !t.is(j, '{')) {
          if (t.is(j, '(') || t.is(j, '[')) {
            j = t.partner[j];
          } else if (t.is(j, ';') || t.is(j, ')') || t.is(j, ']') || t.is(j, '}')) {
            throw new Unsure();
          }
          j++;
        }
      }
      if (!t.is(j, '{')) {
        throw new Unsure();
      }
      if (opens[j] != CLASS_BODY) {
        opens[j] = CLASS_BODY;
        classMembers(j);
      }
      return j;
    }

    /** The methods and function-valued fields of the class body opening at {@code open}. */
    private void classMembers(int open) throws Unsure {
      int close = t.partner[open];
      int k = open + 1;
      while (k < close) {
        if (t.is(k, ';')) {
          k++;
          continue;
        }
        int start = k;
        if (t.isWord(k, "static") && t.is(k + 1, '{')) {
          opens[k + 1] = BLOCK; // a static initialisation block
          k = t.partner[k + 1] + 1;
          continue;
        }
        int name = afterModifiers(k);
        int after = keyEnd(name);
        String text = keyText(name, after);
        if (t.is(after, '(')) {
          int body = t.partner[after] + 1;
          if (!t.is(body, '{')) {
            throw new Unsure();
          }
          parameters[after] = true;
          opens[body] = BLOCK;
          found.add(new Found(start, Kind.METHOD, text, text, t.row[start], t.row[name],
              t.row[t.partner[body]], false));
          k = t.partner[body] + 1;
          continue;
        }
        if (name != start && !t.isWord(start, "static") || t.is(name, '*')) {
          throw new Unsure(); // `get x;`, `async x = 1`: not what a field looks like
        }
        if (t.is(after, '=') && plainAssignment(after)) {
          accounted[after] = true;
          int value = after + 1;
          int end = expressionEnd(value);
          if (functionEnd(value) == end) {
            found.add(new Found(start, Kind.METHOD, text, text, t.row[start], t.row[name],
                t.lastRow[end], false));
          }
          k = end + 1;
          if (t.is(k, ',')) {
            throw new Unsure();
          }
        } else if (t.is(after, ';') || after == close) {
          k = after;
        } else if (t.row[after] > t.lastRow[after - 1]
            && automaticSemicolon(after - 1, after) == ENDS) {
          k = after;
        } else {
          throw new Unsure();
        }
      }
    }

    // ---- object literals and patterns ----

    /** The entries of the object literal or pattern opening at {@code open}. */
    private void objectEntries(int open, boolean pattern) throws Unsure {
      int close = t.partner[open];
      int k = open + 1;
      while (k < close) {
        int end = k;
        while (end < close && !t.is(end, ',')) {
          if (t.is(end, '(') || t.is(end, '[') || t.is(end, '{')) {
            end = t.partner[end];
          }
          end++;
        }
        entry(k, end, pattern);
        k = end + 1;
      }
    }

    /** One entry, tokens {@code [from, to)}. */
    private void entry(int from, int to, boolean pattern) throws Unsure {
      if (from == to) {
        throw new Unsure(); // `{,}`: not an object the scan knows
      }
      if (t.is(from, '.')) {
        if (!t.is(from + 1, '.') || !t.is(from + 2, '.')) {
          throw new Unsure();
        }
        return; // a spread or rest element
      }
      int name = afterModifiers(from);
      int after = keyEnd(name);
      String text = keyText(name, after);
      if (after == to && name == from) {
        return; // shorthand
      }
      if (t.is(after, '(') && !pattern) {
        int body = t.partner[after] + 1;
        if (!t.is(body, '{') || t.partner[body] != to - 1) {
          throw new Unsure();
        }
        parameters[after] = true;
        opens[body] = BLOCK;
        found.add(new Found(from, Kind.METHOD, text, text, t.row[from], t.row[name],
            t.row[to - 1], false));
        return;
      }
      if (name != from) {
        throw new Unsure();
      }
      if (t.is(after, ':')) {
        int value = after + 1;
        if (value >= to) {
          throw new Unsure();
        }
        if (!pattern && functionEnd(value) == to - 1) {
          String unquoted = text.replaceAll("^[\"'`]|[\"'`]$", "");
          if (!unquoted.isEmpty()) {
            found.add(new Found(from, Kind.METHOD, unquoted, unquoted, t.row[from],
                t.row[from], t.lastRow[to - 1], false));
          }
        }
        return;
      }
      if (t.is(after, '=') && plainAssignment(after) && t.isIdent(from)) {
        accounted[after] = true; // a default in a pattern
        return;
      }
      if (t.isWord(after, "as") && t.isIdent(after + 1) && after + 2 == to) {
        return; // an import or export list
      }
      throw new Unsure();
    }

    /** The index of a member's or entry's key after its modifiers and generator star. */
    private int afterModifiers(int k) throws Unsure {
      int j = k;
      while (t.isIdent(j) && MODIFIERS.contains(t.word[j]) && startsKey(j + 1)) {
        if (t.row[j + 1] != t.row[j]) {
          throw new Unsure();
        }
        j++;
      }
      if (t.is(j, '*')) {
        j++;
      }
      return j;
    }

    private boolean startsKey(int j) {
      return t.isIdent(j) || t.is(j, '[') || t.is(j, '*')
          || t.kind[j] == LITERAL && t.word[j] != null;
    }

    /** The index after the key at {@code k}: a name, a string or number, or {@code [...]}. */
    private int keyEnd(int k) throws Unsure {
      if (t.isIdent(k)) {
        key[k] = true;
        return k + 1;
      }
      if (k < t.count && t.kind[k] == LITERAL && t.word[k] != null) {
        return k + 1;
      }
      if (t.is(k, '[')) {
        return t.partner[k] + 1;
      }
      throw new Unsure();
    }

    /** A key's text as the parser's node text gives it (one line). */
    private String keyText(int k, int after) throws Unsure {
      if (t.kind[k] != PUNCT) {
        return t.word[k];
      }
      int close = after - 1;
      if (t.row[close] != t.row[k]) {
        throw new Unsure();
      }
      return lines.get(t.row[k]).substring(t.column[k], t.column[close] + 1);
    }

    // ---- braces ----

    /** What the brace at {@code i} opens, by the token before it. */
    private int braceKind(int i, int context) throws Unsure {
      int p = i - 1;
      if (p < 0) {
        return BLOCK;
      }
      if (t.kind[p] == IDENT) {
        return switch (t.word[p]) {
          case "else", "try", "finally", "do", "catch" -> BLOCK;
          case "const", "let", "var" -> PATTERN;
          case "import", "export" -> NAME_LIST;
          default -> {
            if (BEFORE_EXPRESSION.contains(t.word[p]) || t.word[p].equals("case")) {
              yield OBJECT;
            }
            throw new Unsure();
          }
        };
      }
      if (t.kind[p] == LITERAL) {
        throw new Unsure();
      }
      char c = t.punct[p];
      if (c == ')' || c == ';' || c == '}') {
        return BLOCK;
      }
      if (c == '>' && isArrow(p - 1)) {
        return BLOCK;
      }
      if (c == '{') {
        if (context == BLOCK) {
          return BLOCK;
        }
        throw new Unsure();
      }
      if (c == ':') {
        if (context == OBJECT || context == PAREN || context == BRACKET) {
          return OBJECT;
        }
        if (context == BLOCK && endsCaseLabel(p)) {
          return BLOCK;
        }
        throw new Unsure();
      }
      if (c == '*') {
        throw new Unsure();
      }
      return OBJECT;
    }

    // ---- expressions ----

    /** Whether {@code =} at {@code i} is a plain assignment (not {@code ==}, {@code =>}, ...). */
    private boolean plainAssignment(int i) {
      if (i + 1 < t.count && t.kind[i + 1] == PUNCT && (t.punct[i + 1] == '=' || t.punct[i + 1]
          == '>') && t.adjacent(i, i + 1)) {
        return false;
      }
      return !(i > 0 && t.kind[i - 1] == PUNCT && "=!<>+-*/%&|^?".indexOf(t.punct[i - 1]) >= 0
          && t.adjacent(i - 1, i));
    }

    private boolean isArrow(int i) {
      return t.is(i, '=') && t.is(i + 1, '>') && t.adjacent(i, i + 1);
    }

    /** Whether a function (or an arrow function) starts at {@code v}. */
    private boolean functionStart(int v) {
      int j = v;
      if (t.isWord(j, "async") && j + 1 < t.count && t.row[j + 1] == t.row[j]
          && (t.isWord(j + 1, "function") || t.is(j + 1, '(') || t.isIdent(j + 1))) {
        j++;
      }
      if (t.isWord(j, "function")) {
        return true;
      }
      if (t.is(j, '(')) {
        return isArrow(t.partner[j] + 1);
      }
      return t.isIdent(j) && isArrow(j + 1);
    }

    /** The last token of the function starting at {@code v}, or -1 when none starts there. */
    private int functionEnd(int v) throws Unsure {
      if (!functionStart(v)) {
        return -1;
      }
      int j = t.isWord(v, "async") && !isArrow(v + 1) ? v + 1 : v;
      if (t.isWord(j, "function")) {
        int k = j + 1;
        if (t.is(k, '*')) {
          k++;
        }
        if (t.isIdent(k)) {
          k++;
        }
        if (!t.is(k, '(') || !t.is(t.partner[k] + 1, '{')) {
          throw new Unsure();
        }
        return t.partner[t.partner[k] + 1];
      }
      int body = t.is(j, '(') ? t.partner[j] + 3 : j + 3;
      if (t.is(body, '{')) {
        return t.partner[body];
      }
      return expressionEnd(body);
    }

    /**
     * The last token of the expression starting at {@code s}: before a {@code ,}, {@code ;} or
     * closing bracket at its level, or at a line break where the parser ends the statement.
     */
    private int expressionEnd(int s) throws Unsure {
      int k = s;
      while (k < t.count) {
        if (k > s && t.row[k] > t.lastRow[k - 1]) {
          int answer = automaticSemicolon(k - 1, k);
          if (answer == ENDS) {
            return k - 1;
          }
          if (answer != CONTINUES) {
            throw new Unsure();
          }
        }
        if (t.kind[k] == PUNCT) {
          char c = t.punct[k];
          if (c == '(' || c == '[' || c == '{') {
            k = t.partner[k] + 1;
            continue;
          }
          if (c == ')' || c == ']' || c == '}' || c == ',' || c == ';') {
            break;
          }
        }
        k++;
      }
      if (k == s) {
        throw new Unsure();
      }
      return k - 1;
    }

    /**
     * The parser's automatic semicolon at a line break between tokens {@code p} and {@code n}:
     * none after a token that cannot end an expression, else one unless the next line starts
     * with what continues one (tree-sitter-javascript's scanner); 0 when unsure.
     */
    private int automaticSemicolon(int p, int n) {
      if (t.kind[p] == PUNCT) {
        char c = t.punct[p];
        if (c == '+' || c == '-') {
          if (!(p > 0 && t.is(p - 1, c) && t.adjacent(p - 1, p))) {
            return CONTINUES;
          }
          if (!postfix(p - 1)) {
            return 0;
          }
        } else if (c != ')' && c != ']' && c != '}') {
          return CONTINUES;
        }
      } else if (t.kind[p] == IDENT) {
        String w = t.word[p];
        if (OPERATOR_WORDS.contains(w)) {
          return CONTINUES;
        }
        if (KEYWORDS.contains(w) && !VALUE_WORDS.contains(w)) {
          return 0;
        }
      }
      if (t.kind[n] == PUNCT) {
        char c = t.punct[n];
        if (",.:;*%><=[(?^|&/".indexOf(c) >= 0) {
          return CONTINUES;
        }
        if (c == '+' || c == '-') {
          return t.is(n + 1, c) && t.adjacent(n, n + 1) ? 0 : CONTINUES;
        }
        if (c == '!') {
          return t.is(n + 1, '=') && t.adjacent(n, n + 1) ? CONTINUES : ENDS;
        }
        return ENDS;
      }
      if (t.kind[n] == IDENT) {
        String w = t.word[n];
        if (w.equals("in") || w.equals("instanceof")) {
          return CONTINUES;
        }
        if (w.startsWith("in") && (w.length() == 2 || !Character.isLetter(w.charAt(2))
            || w.startsWith("instanceof"))) {
          return 0;
        }
        return ENDS;
      }
      return t.punct[n] == '`' ? 0 : ENDS;
    }

    /** Whether the {@code ++} or {@code --} at {@code first} follows a value on its line. */
    private boolean postfix(int first) {
      int v = first - 1;
      if (v < 0 || t.row[v] != t.row[first]) {
        return false;
      }
      if (t.kind[v] == IDENT) {
        return !KEYWORDS.contains(t.word[v]) || VALUE_WORDS.contains(t.word[v]);
      }
      return t.kind[v] == LITERAL || t.is(v, ')') || t.is(v, ']');
    }
  }
}
