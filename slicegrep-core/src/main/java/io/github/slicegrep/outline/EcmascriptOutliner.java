package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.CurlyTokens.IDENT;
import static io.github.slicegrep.outline.CurlyTokens.LITERAL;
import static io.github.slicegrep.outline.CurlyTokens.PUNCT;

import io.github.slicegrep.outline.CurlyTokens.Found;
import io.github.slicegrep.outline.CurlyTokens.Unsure;
import io.github.slicegrep.outline.Definition.Kind;
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
 * scan is about 20-35x faster.
 *
 * <p>TypeScript (.ts, .mts, .cts, .d.ts) is read by the same scan with {@link EcmascriptTypes}:
 * types, type arguments, {@code as}/{@code satisfies} and TypeScript's modifiers are passed over,
 * and TypeScript's own definitions are added as its grammar gives them: interfaces, enums,
 * namespaces and modules, abstract classes, function overloads and ambient functions
 * ({@code function_signature}), method signatures in classes and in any object type (abstract
 * ones included).
 *
 * <p>JSX (in .js and .jsx files) and TSX are read by the same scan: the lexer reads an element
 * where an expression starts as one literal whose expression containers are code ({@link
 * EcmascriptJsx}), so that the definitions inside containers (object methods, functions held by
 * a name) are found as in any other expression; arrow functions and function expressions passed
 * as attributes are no definitions, as elsewhere. In TSX a {@code <} where an expression starts
 * opens JSX, or a generic arrow function's type parameters ({@code <T,>}, {@code <T extends X>}).
 *
 * <p>Each brace is a block, an object literal, a destructuring pattern or a class body by the
 * token before it; regular expressions are told from division by the token before the slash
 * ({@link EcmascriptLexer}), and a statement's end after a line break follows the parser's own
 * automatic-semicolon rule ({@link EcmascriptExpressions}). Files the scan is not sure of are
 * left to the parser (empty result): JSX it does not read plainly (a bare {@code >} in text, a
 * {@code <T>(} in TSX, type arguments on an element, ...), decorators,
 * TypeScript's {@code <T>x} casts and a {@code <} that may open type arguments but has no call
 * after them, an assignment of a function anywhere but a statement of its own or a parameter
 * default, a label, a {@code :} in a switch body that does not plainly end a case, a line break
 * where automatic semicolons are not plain, plainly broken code (where the parser's error
 * recovery adds definitions), unbalanced brackets, non-ASCII code, a backslash outside a
 * literal.
 */
final class EcmascriptOutliner {
  private EcmascriptOutliner() {}

  /** The outline, or empty when the file is left to the parser. */
  static Optional<Outline> outline(SourceFile file) {
    CurlyTokens.Dialect dialect =
        switch (file.language()) {
          case JAVASCRIPT -> CurlyTokens.Dialect.ECMASCRIPT;
          case TYPESCRIPT -> CurlyTokens.Dialect.TYPESCRIPT;
          case TSX -> CurlyTokens.Dialect.TSX;
          default -> null;
        };
    if (dialect == null) {
      return Optional.empty();
    }
    boolean typescript = dialect != CurlyTokens.Dialect.ECMASCRIPT;
    try {
      CurlyTokens tokens = CurlyTokens.read(file.lines(), dialect);
      if (tokens == null) {
        return Optional.empty();
      }
      return Optional.of(Outline.of(Nesting.qualify(
          new Scan(tokens, file.lines(), typescript).definitions())));
    } catch (Unsure | RuntimeException e) {
      // An input the scan did not foresee: the parser decides.
      return Optional.empty();
    }
  }

  /** What a brace, parenthesis or bracket opens. */
  static final int BLOCK = 1;
  static final int OBJECT = 2;
  static final int PATTERN = 3;
  static final int CLASS_BODY = 4;
  static final int NAME_LIST = 5;
  static final int PAREN = 6;
  static final int BRACKET = 7;

  /** Keywords after which an expression starts (a function there is an expression). */
  private static final Set<String> BEFORE_EXPRESSION =
      Set.of(
          "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw",
          "yield", "await", "extends", "default");

  /** Words that may follow {@code export} but for a function, class or variable. */
  private static final Set<String> EXPORTED_WORDS =
      Set.of("interface", "type", "enum", "declare", "namespace", "module", "abstract", "as",
          "import");

  /** Words that may stand between or after names without an operator. */
  static final Set<String> CONNECTING_WORDS = Set.of("from", "as", "target", "meta");

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

    private final EcmascriptExpressions x;
    private final EcmascriptMembers members;
    private final EcmascriptBroken broken;
    private final EcmascriptStatements statements;
    private final TypescriptDeclarations declarations;
    /** TypeScript's types, or null for JavaScript. */
    private final EcmascriptTypes types;

    Scan(CurlyTokens tokens, List<String> lines, boolean typescript) {
      this.t = tokens;
      this.lines = lines;
      this.opens = new int[tokens.count];
      this.parameters = new boolean[tokens.count];
      this.accounted = new boolean[tokens.count];
      this.key = new boolean[tokens.count];
      this.declared = new boolean[tokens.count];
      this.types = typescript ? new EcmascriptTypes(tokens, lines, found) : null;
      this.x = new EcmascriptExpressions(tokens, types);
      this.broken = new EcmascriptBroken(tokens, x, types);
      EcmascriptPart.Shared shared =
          new EcmascriptPart.Shared(tokens, lines, x, types, found, opens);
      this.statements = new EcmascriptStatements(shared, accounted);
      this.declarations = new TypescriptDeclarations(shared, key, statements,
          (keyword, start) -> declaration(keyword, start, false));
      this.members = new EcmascriptMembers(shared, parameters, accounted, key);
    }

    List<Definition> definitions() throws Unsure {
      int[] stack = new int[t.count + 1];
      int depth = 0;
      for (int i = 0; i < t.count; i++) {
        if (types != null && types.skip[i] != 0) {
          i = types.skip[i] - 1; // a type, or TypeScript's words around one
          continue;
        }
        int context = depth == 0 ? BLOCK : opens[stack[depth - 1]];
        int contextOpen = depth == 0 ? -1 : stack[depth - 1];
        if (types != null) {
          int past = declarations.typescript(i, context);
          if (past > i) {
            i = past - 1;
            continue;
          }
        }
        if (t.kind[i] == PUNCT) {
          char c = t.punct[i];
          if (broken.brokenAt(i, context, contextOpen)) {
            // An operator with no operand after it, a `;` in parentheses that are no `for`'s, a
            // `?` without its `:`: broken code, where the parser's error recovery adds
            // definitions of its own.
            throw new Unsure();
          }
          if (c == '{') {
            if (opens[i] == 0) {
              opens[i] = braceKind(i, context);
            }
            if (opens[i] == OBJECT || opens[i] == PATTERN) {
              if (members.objectEntries(i, opens[i] == PATTERN) && opens[i] == OBJECT
                  && context != OBJECT && context != PATTERN
                  && !(context == PAREN && parameters[contextOpen])
                  && !(t.is(t.partner[i] + 1, '=') && x.plainAssignment(t.partner[i] + 1))) {
                // `f({ a = 1 })`: a default in an object that is no pattern, broken code
                throw new Unsure();
              }
            }
            stack[depth++] = i;
          } else if (x.isArrow(i) && !(types != null && types.valueEnd[i - 1])
              && (!t.is(i - 1, ')') && !t.isIdent(i - 1) || t.isIdent(i - 1)
                  && EcmascriptExpressions.KEYWORDS.contains(t.word[i - 1]))) {
            // `f(a, => 1)`, `(a): Promise<void => 1`: an arrow without parameters, broken code
            throw new Unsure();
          } else if (c == '(') {
            opens[i] = PAREN;
            if (types == null && x.isArrow(t.partner[i] + 1) && broken.operatorInParameters(i)) {
              throw new Unsure(); // `(e&rr) =>`: broken code
            }
            if (x.arrowAt(t.partner[i]) >= 0) {
              if (broken.valueBefore(i)) {
                throw new Unsure(); // `test('a' () => {`, `sync () =>`: broken code
              }
              parameters[i] = true;
            } else if (t.partner[i] == i + 1 && i > 0 && t.kind[i - 1] == PUNCT
                && ")]}.".indexOf(t.punct[i - 1]) < 0 && !t.isWord(i - 2, "function")
                && !(types != null && types.valueEnd[i - 1])) {
              throw new Unsure(); // `a < b > ()`: empty parentheses that call nothing
            }
            if (types != null && parameters[i]) {
              types.objects.parameters(i, x);
            } else if (types != null && t.isWord(i - 1, "catch") && t.is(i + 2, ':')) {
              types.annotation(i + 2); // `catch (e: unknown)`
            }
            stack[depth++] = i;
          } else if (c == '[') {
            opens[i] = BRACKET;
            stack[depth++] = i;
          } else if (c == ')' || c == ']' || c == '}') {
            depth--;
          } else if (c == '=' && x.plainAssignment(i) && !accounted[i] && x.functionStart(i + 1)
              && !(context == PAREN && parameters[contextOpen]) && context != PATTERN) {
            // A function assigned inside an expression or a pattern: which of these the
            // grammar reads as an assignment is not the scan's to guess.
            throw new Unsure();
          }
        } else if (t.kind[i] == IDENT && !key[i] && !t.is(i - 1, '.')) {
          if (broken.brokenAtName(i, context)) {
            throw new Unsure();
          }
          if (context == BLOCK) {
            statement(i);
          }
          if (types != null && types.nonNull(i - 1)
              && !EcmascriptExpressions.KEYWORDS.contains(t.word[i])) {
            throw new Unsure(); // `a!b`: broken code
          }
          switch (context == NAME_LIST ? "" : t.word[i]) { // `export { f as function }`
            case "function" -> functionKeyword(i, context);
            case "class" -> classKeyword(i, context);
            default -> {
            }
          }
        } else if (t.kind[i] == LITERAL && t.punct[i] != '`' && t.punct[i] != '/'
            && (broken.valueBefore(i) && t.row[i - 1] == t.row[i] || t.isWord(i - 1, "from")
                && i + 1 < t.count && t.kind[i + 1] == PUNCT && !t.is(i + 1, ';')
                && !t.is(i + 1, '}'))) {
          throw new Unsure(); // `f(a "b")`, `import a from 'a'*`: broken code
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
            default -> !EcmascriptExpressions.KEYWORDS.contains(w) && statements.assignmentEquals(i) >= 0;
          };
      if (!candidate || !x.startsStatement(i)) {
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
          statements.declarators(j, i);
        } else if (!isDefault && !t.is(j, '{') && !t.is(j, '*') && !t.is(j, '=')
            && !(t.isIdent(j) && EXPORTED_WORDS.contains(t.word[j]) && (t.isIdent(j + 1)
                || t.isWord(j, "type") && (t.is(j + 1, '{') || t.is(j + 1, '*'))
                || t.isWord(j, "module") && declarations.isString(j + 1)))) {
          throw new Unsure(); // `export declare +class`: broken code
        }
        return;
      }
      switch (w) {
        case "function", "class", "async" -> declaration(i, i, false);
        case "const", "let", "var" -> statements.declarators(i, i);
        default -> statements.assignmentStatement(i);
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
        int open = x.parametersAt(name + 1);
        int body = x.body(open);
        declared[keyword] = true;
        if (body < 0) {
          // TypeScript's overload or ambient function: a signature, with its `;`
          int after = t.partner[open] + 1;
          after = types.skip[after] != 0 ? types.skip[after] : after;
          int endRow;
          if (t.is(after, ';')) {
            endRow = t.row[after];
          } else if (after >= t.count || t.is(after, '}') || t.row[after] > t.lastRow[after - 1]
              && x.automaticSemicolon(after - 1, after) == EcmascriptExpressions.ENDS) {
            endRow = t.lastRow[after - 1];
          } else {
            throw new Unsure();
          }
          types.signature(at, t.row[start], Kind.FUNCTION, t.word[name], name, endRow);
          return;
        }
        opens[body] = BLOCK;
        end = t.partner[body];
        kind = Kind.FUNCTION;
      }
      declared[keyword] = true;
      found.add(new Found(at, kind, t.word[name], t.word[name], t.row[start], t.row[name],
          t.row[end], false));
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
      j = x.parametersAt(j);
      if (!t.is(j, '(')) {
        throw new Unsure();
      }
      parameters[j] = true;
      if (types != null) {
        int body = x.body(j);
        if (body >= 0) {
          opens[body] = BLOCK;
        } else if (!declared[i]
            && !(t.isWord(i - 1, "default") && t.isWord(i - 2, "export"))) {
          throw new Unsure(); // a signature is a declaration, or exported unnamed in a .d.ts
        }
      }
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
        if (c == ':' && context == BLOCK
            && (x.endsCaseLabel(p) || x.endsLabel(p) || x.inSwitchBody(p))) {
          throw new Unsure(); // `case 1: function () {}`: not what a case holds
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
      if (t.isIdent(j) && !t.isWord(j, "extends") && !t.isWord(j, "implements")) {
        j++;
      }
      if (types != null) {
        j = declarations.heritage(j);
      } else if (t.isWord(j, "extends")) {
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
        members.classMembers(j);
      }
      return j;
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
          case "type" -> {
            if (types != null && (t.isWord(p - 1, "import") || t.isWord(p - 1, "export"))) {
              yield NAME_LIST; // `import type { A } from`
            }
            throw new Unsure();
          }
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
      if (c == ')' && t.row[p] == t.row[i] && broken.callBefore(t.partner[p])) {
        throw new Unsure(); // `swich (t) {`: a call and a block, broken code
      }
      if (c == ')' || c == ';' || c == '}') {
        return BLOCK;
      }
      if (c == '>' && x.isArrow(p - 1)) {
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
        if (context == PATTERN) {
          return PATTERN; // `const { a: { b } } = c`
        }
        if (context == BLOCK && x.endsCaseLabel(p)) {
          return BLOCK;
        }
        if (context != BLOCK || x.endsLabel(p) || x.inSwitchBody(p)) {
          throw new Unsure();
        }
        return OBJECT; // `cond ? a : {...}` in a statement
      }
      if (c == '*') {
        throw new Unsure();
      }
      return OBJECT;
    }
  }
}
