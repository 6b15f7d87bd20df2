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
 * scan is about 20-35x faster.
 *
 * <p>TypeScript (.ts, .mts, .cts, .d.ts) is read by the same scan with {@link EcmascriptTypes}:
 * types, type arguments, {@code as}/{@code satisfies} and TypeScript's modifiers are passed over,
 * and TypeScript's own definitions are added as its grammar gives them: interfaces, enums,
 * namespaces and modules, abstract classes, function overloads and ambient functions
 * ({@code function_signature}), method signatures in classes and in any object type (abstract
 * ones included).
 *
 * <p>Each brace is a block, an object literal, a destructuring pattern or a class body by the
 * token before it; regular expressions are told from division by the token before the slash
 * ({@link EcmascriptLexer}), and a statement's end after a line break follows the parser's own
 * automatic-semicolon rule ({@link EcmascriptExpressions}). Files the scan is not sure of are
 * left to the parser (empty result): TSX, anything in JavaScript that may be JSX, decorators,
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
    boolean typescript = file.language() == Language.TYPESCRIPT;
    if (file.language() != Language.JAVASCRIPT && !typescript) {
      return Optional.empty();
    }
    try {
      CurlyTokens tokens = CurlyTokens.read(file.lines(),
          typescript ? CurlyTokens.Dialect.TYPESCRIPT : CurlyTokens.Dialect.ECMASCRIPT);
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
  private static final Set<String> CONNECTING_WORDS = Set.of("from", "as", "target", "meta");

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
      this.members = new EcmascriptMembers(
          tokens, lines, x, types, found, opens, parameters, accounted, key);
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
          int past = typescript(i, context);
          if (past > i) {
            i = past - 1;
            continue;
          }
        }
        if (t.kind[i] == PUNCT) {
          char c = t.punct[i];
          if (x.brokenAt(i, context, contextOpen)) {
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
              members.objectEntries(i, opens[i] == PATTERN);
            }
            stack[depth++] = i;
          } else if (x.isArrow(i) && !(types != null && types.valueEnd[i - 1])
              && (!t.is(i - 1, ')') && !t.isIdent(i - 1) || t.isIdent(i - 1)
                  && EcmascriptExpressions.KEYWORDS.contains(t.word[i - 1]))) {
            // `f(a, => 1)`, `(a): Promise<void => 1`: an arrow without parameters, broken code
            throw new Unsure();
          } else if (c == '(') {
            opens[i] = PAREN;
            if (x.arrowAt(t.partner[i]) >= 0) {
              if (valueBefore(i)) {
                throw new Unsure(); // `test('a' () => {`, `sync () =>`: broken code
              }
              parameters[i] = true;
            } else if (t.partner[i] == i + 1 && i > 0 && t.kind[i - 1] == PUNCT
                && ")]}.".indexOf(t.punct[i - 1]) < 0 && !t.isWord(i - 2, "function")
                && !(types != null && types.valueEnd[i - 1])) {
              throw new Unsure(); // `a < b > ()`: empty parentheses that call nothing
            }
            if (types != null && parameters[i]) {
              types.parameters(i, x);
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
          if (twoValuesInARow(i, context) || x.statementAfterAnOperator(i)
              || t.word[i].charAt(0) == '#' && !privateNameInPlace(i)
              || x.isArrow(i + 1) && valueBefore(i) && t.row[i - 1] == t.row[i]
              || t.word[i].equals("default") && context != NAME_LIST && !defaultInPlace(i)) {
            // `test('a' t => {`, `for (const a f b)`: broken code, where the parser's error
            // recovery adds definitions of its own.
            throw new Unsure();
          }
          if (context == BLOCK) {
            statement(i);
          }
          if (types != null && types.nonNull(i - 1)
              && !EcmascriptExpressions.KEYWORDS.contains(t.word[i])) {
            throw new Unsure(); // `a!b`: broken code
          }
          switch (t.word[i]) {
            case "function" -> functionKeyword(i, context);
            case "class" -> classKeyword(i, context);
            default -> {
            }
          }
        } else if (t.kind[i] == LITERAL && t.punct[i] != '`' && t.punct[i] != '/'
            && valueBefore(i) && t.row[i - 1] == t.row[i]) {
          throw new Unsure(); // `f(a "b")`: broken code
        }
      }
      return t.definitions(found);
    }

    /**
     * Whether the name at {@code i} follows a name or a literal with nothing between them, on its
     * line or anywhere in brackets where no statement ends, which JavaScript never writes but
     * around a keyword ({@code import a from}, {@code x of y}, {@code 'a' in b}).
     */
    private boolean twoValuesInARow(int i, int context) {
      int p = i - 1;
      boolean joined = p >= 0 && (t.row[p] == t.row[i] || context == PAREN
          || context == BRACKET);
      if (!joined || CONNECTING_WORDS.contains(t.word[i])
          || EcmascriptExpressions.KEYWORDS.contains(t.word[i])) {
        return false;
      }
      if (types != null && t.kind[p] == IDENT && types.skip[p] == i) {
        return false; // after a TypeScript modifier: `constructor(private x)`
      }
      if (t.isWord(p, "of") && (t.isWord(p - 1, "const") || t.isWord(p - 1, "let")
          || t.isWord(p - 1, "var"))) {
        return true; // `for (const of xs)`: no name
      }
      if (t.kind[p] == LITERAL) {
        return t.punct[p] != '`' && t.punct[p] != '/';
      }
      if (t.is(p, ')')) {
        // `expect(a)toBe(b)`; a statement follows a condition's parentheses only
        int open = t.partner[p];
        boolean forAwait = t.isWord(open - 1, "await") && t.isWord(open - 2, "for");
        return !forAwait && !(t.isIdent(open - 1)
            && EcmascriptExpressions.CONDITIONS.contains(t.word[open - 1]));
      }
      if (t.is(p, ']')) {
        return true;
      }
      return t.kind[p] == IDENT && (t.is(p - 1, '.') || !CONNECTING_WORDS.contains(t.word[p])
          && !EcmascriptExpressions.KEYWORDS.contains(t.word[p])
          && !EcmascriptExpressions.VALUE_WORDS.contains(t.word[p]));
    }

    /**
     * Whether a value ends right before token {@code i}, where no arrow function's parameters
     * can start: a name that is no keyword, a string or number, a closing parenthesis or bracket,
     * a TypeScript non-null {@code !}.
     */
    private boolean valueBefore(int i) {
      int p = i - 1;
      if (p < 0) {
        return false;
      }
      if (t.kind[p] == IDENT) {
        return !EcmascriptExpressions.KEYWORDS.contains(t.word[p])
            && !CONNECTING_WORDS.contains(t.word[p]);
      }
      if (t.kind[p] == LITERAL) {
        return t.punct[p] != '`' && t.punct[p] != '/';
      }
      return t.is(p, ')') || t.is(p, ']') || types != null && types.nonNull(p);
    }

    /**
     * Whether the parentheses opening at {@code open} are a call's: a name before them that is
     * no keyword ({@code if}, {@code catch}, ...) and no function's name.
     */
    private boolean callBefore(int open) {
      int name = open - 1;
      return t.isIdent(name) && !EcmascriptExpressions.KEYWORDS.contains(t.word[name])
          && !t.isWord(name - 1, "function") && !t.is(name - 1, '*');
    }

    /** Where {@code default} may stand: after {@code export}, before a case's {@code :}. */
    private boolean defaultInPlace(int i) {
      return t.isWord(i - 1, "export") || t.is(i + 1, ':');
    }

    /** Whether a {@code #name} stands where one can: after a dot or before {@code in}. */
    private boolean privateNameInPlace(int i) {
      return t.is(i - 1, '.') || t.isWord(i + 1, "in");
    }

    // ---- TypeScript ----

    /**
     * TypeScript's own syntax at token {@code i}: type arguments of a call, {@code as} and
     * {@code satisfies} with their type, {@code type} in an import list, and the declarations
     * JavaScript has not. Returns where the scan goes on, or {@code i} or less to read the token
     * as JavaScript.
     */
    private int typescript(int i, int context) throws Unsure {
      if (t.kind[i] == PUNCT) {
        if (t.punct[i] == '<') {
          return types.expressionStart(i) ? x.genericArrow(i) : types.callTypeArguments(i);
        }
        return -1;
      }
      if (t.kind[i] != IDENT || key[i] || t.is(i - 1, '.')) {
        return -1;
      }
      if (context == NAME_LIST) {
        boolean typeOnly = t.isWord(i, "type") && t.isIdent(i + 1) && !t.isWord(i + 1, "as")
            && t.row[i + 1] == t.row[i];
        return typeOnly ? i + 2 : -1; // `import { type A }`: the name with its word
      }
      if (t.isWord(i, "type") && (t.isWord(i - 1, "import") || t.isWord(i - 1, "export"))
          && (t.isIdent(i + 1) || t.is(i + 1, '{') || t.is(i + 1, '*'))) {
        return types.mark(i, i + 1); // `import type A from`, `export type { A }`
      }
      int operator = types.typeOperator(i);
      if (operator >= 0) {
        return operator;
      }
      return context == BLOCK ? declarationStatement(i) : -1;
    }

    /** Words that may start a TypeScript declaration. */
    private static final Set<String> TYPESCRIPT_STARTS =
        Set.of("export", "declare", "interface", "type", "enum", "const", "namespace", "module",
            "abstract");

    /**
     * A TypeScript declaration starting at {@code i} (after an {@code export} or {@code
     * declare}, which belong to it): its definition and where the scan goes on, or -1.
     */
    private int declarationStatement(int i) throws Unsure {
      if (!TYPESCRIPT_STARTS.contains(t.word[i])) {
        return -1;
      }
      int j = i;
      if (t.isWord(j, "export") && onRow(j, j + 1)) {
        if (t.isWord(j + 1, "as") && t.isWord(j + 2, "namespace") && t.isIdent(j + 3)) {
          return startsStatement(i) ? statementEnd(j + 4) : -1; // `export as namespace X`
        }
        j++;
      }
      boolean ambient = t.isWord(j, "declare") && onRow(j, j + 1) && t.isIdent(j + 1);
      if (ambient) {
        j++;
      }
      if (!t.isIdent(j) || !onRow(j, j + 1)) {
        return -1;
      }
      int name = j + 1;
      String w = t.word[j];
      boolean named = t.isIdent(name);
      int past;
      if (w.equals("interface") && named) {
        past = interfaceDeclaration(i, j);
      } else if (w.equals("type") && named && (t.is(name + 1, '=') || t.is(name + 1, '<'))) {
        past = typeAlias(name);
      } else if (w.equals("enum") && named) {
        past = enumDeclaration(i, j);
      } else if (w.equals("const") && t.isWord(name, "enum") && t.isIdent(name + 1)) {
        past = enumDeclaration(i, name);
      } else if (w.equals("namespace") && named) {
        past = namespace(i, j, Kind.NAMESPACE);
      } else if (w.equals("module") && (named || isString(name))) {
        past = namespace(i, j, Kind.MODULE);
      } else if (w.equals("global") && ambient && t.is(name, '{')) {
        opens[name] = BLOCK; // `declare global {...}`: no definition of its own
        past = name;
      } else if (w.equals("abstract") && t.isWord(name, "class") || ambient && (
          w.equals("class") || w.equals("function") || w.equals("async"))) {
        past = w.equals("abstract") ? name : j;
        declaration(past, i, false);
      } else if (ambient && (w.equals("const") || w.equals("let") || w.equals("var"))) {
        declarators(j, i);
        past = j;
      } else {
        return -1;
      }
      return startsStatement(i) ? past : -1;
    }

    /** Whether the scan may read a declaration at {@code i}: it starts a statement. */
    private boolean startsStatement(int i) throws Unsure {
      if (!x.startsStatement(i)) {
        throw new Unsure(); // a declaration's words read where no statement starts
      }
      return true;
    }

    private boolean onRow(int a, int b) {
      return b < t.count && t.row[b] == t.lastRow[a];
    }

    private boolean isString(int k) {
      return k < t.count && t.kind[k] == LITERAL && (t.punct[k] == '"' || t.punct[k] == '\'');
    }

    /** {@code interface Name<T> extends A, B {...}}; the index after it. */
    private int interfaceDeclaration(int start, int keyword) throws Unsure {
      int name = keyword + 1;
      int j = name + 1;
      if (t.is(j, '<')) {
        j = types.typeParameters(j);
      }
      if (t.isWord(j, "extends")) {
        j = types.type(j + 1);
        while (t.is(j, ',')) {
          j = types.type(j + 1);
        }
      }
      if (!t.is(j, '{')) {
        throw new Unsure();
      }
      types.objectType(j);
      int end = t.partner[j] + 1;
      found.add(new Found(start, Kind.INTERFACE, t.word[name], t.word[name], t.row[start],
          t.row[name], t.row[end - 1], false));
      return end;
    }

    /** {@code type Name<T> = ...}, no definition itself; the index after it. */
    private int typeAlias(int name) throws Unsure {
      int j = name + 1;
      if (t.is(j, '<')) {
        j = types.typeParameters(j);
      }
      if (!t.is(j, '=')) {
        throw new Unsure();
      }
      int end = types.type(j + 1);
      types.valueEnd[end - 1] = true;
      return statementEnd(end);
    }

    /**
     * Where a declaration whose last token is before {@code k} ends: past its {@code ;}, or at
     * {@code k} where the parser ends it at a line break or a closing brace.
     */
    private int statementEnd(int k) throws Unsure {
      if (t.is(k, ';')) {
        return k + 1;
      }
      if (k >= t.count || t.is(k, '}') || t.row[k] > t.lastRow[k - 1]
          && x.automaticSemicolon(k - 1, k) == EcmascriptExpressions.ENDS) {
        return k;
      }
      throw new Unsure();
    }

    /** {@code enum E {...}}, its body passed over; the index after it. */
    private int enumDeclaration(int start, int keyword) throws Unsure {
      int name = keyword + 1;
      int open = name + 1;
      if (!t.is(open, '{')) {
        throw new Unsure();
      }
      int close = t.partner[open];
      for (int k = open + 1; k < close; k++) {
        if (t.isWord(k, "function") || t.isWord(k, "class") || x.isArrow(k)) {
          throw new Unsure(); // a function in a member's value
        }
      }
      found.add(new Found(start, Kind.ENUM, t.word[name], t.word[name], t.row[start],
          t.row[name], t.row[close], false));
      return close + 1;
    }

    /**
     * {@code namespace A.B {...}} and {@code module "m" {...}}: a definition whose body the scan
     * reads on as a block; a module without a body is none. Returns its brace (or the index
     * after it).
     */
    private int namespace(int start, int keyword, Kind kind) throws Unsure {
      int name = keyword + 1;
      int j = name + 1;
      String text;
      if (isString(name)) {
        text = t.word[name].substring(1, t.word[name].length() - 1);
      } else {
        while (t.is(j, '.') && t.isIdent(j + 1) && t.adjacent(j - 1, j)
            && t.adjacent(j, j + 1)) {
          j += 2;
        }
        text = lines.get(t.row[name]).substring(t.column[name],
            t.column[j - 1] + t.word[j - 1].length());
      }
      if (!t.is(j, '{')) {
        if (kind == Kind.NAMESPACE) {
          throw new Unsure();
        }
        return statementEnd(j); // `declare module "m";`
      }
      if (text.isEmpty()) {
        throw new Unsure();
      }
      opens[j] = BLOCK;
      found.add(new Found(start, kind, text, text, t.row[start], t.row[name],
          t.row[t.partner[j]], false));
      return j;
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
            default -> !EcmascriptExpressions.KEYWORDS.contains(w) && assignmentEquals(i) >= 0;
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
          declarators(j, i);
        } else if (!isDefault && !t.is(j, '{') && !t.is(j, '*') && !t.is(j, '=')
            && !(t.isIdent(j) && EXPORTED_WORDS.contains(t.word[j]) && (t.isIdent(j + 1)
                || t.is(j + 1, '{') || t.is(j + 1, '*') || isString(j + 1)))) {
          throw new Unsure(); // `export declare +class`: broken code
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

    /** {@code const a = ..., b = ...} at {@code at}, the range starting at {@code start}. */
    private void declarators(int at, int start) throws Unsure {
      List<Integer> functions = new ArrayList<>();
      int j = at + 1;
      while (true) {
        int name = -1;
        if (t.isIdent(j) && (!EcmascriptExpressions.KEYWORDS.contains(t.word[j]) || EcmascriptMembers.MODIFIERS.contains(t.word[j]))) {
          name = j++;
        } else if (t.is(j, '{') || t.is(j, '[')) {
          opens[j] = PATTERN;
          j = t.partner[j] + 1;
        } else {
          throw new Unsure();
        }
        if (types != null) {
          if (t.is(j, '!') && t.is(j + 1, ':')) {
            j = types.mark(j, j + 1); // a definite assignment: `let x!: T`
          }
          if (t.is(j, ':')) {
            j = types.annotation(j);
          }
        }
        if (t.is(j, '=') && x.plainAssignment(j)) {
          accounted[j] = true;
          int value = j + 1;
          int end = x.expressionEnd(value);
          if (name >= 0 && x.functionEnd(value) == end) {
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
          && x.automaticSemicolon(j - 1, j) == EcmascriptExpressions.ENDS) {
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
    private int assignmentEquals(int i) throws Unsure {
      int j = i + 1;
      while (t.is(j, '.') && t.isIdent(j + 1)) {
        j += 2;
      }
      return t.is(j, '=') && x.plainAssignment(j) && x.functionStart(j + 1) ? j : -1;
    }

    /** An assignment statement of a function: {@code exports.load = function () {...};}. */
    private void assignmentStatement(int i) throws Unsure {
      int equals = assignmentEquals(i);
      accounted[equals] = true;
      int value = equals + 1;
      int end = x.expressionEnd(value);
      if (x.functionEnd(value) != end) {
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
        j = heritage(j);
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

    /**
     * A TypeScript class's type parameters, {@code extends} and {@code implements} from {@code
     * j}, marked; the index after them. Only a name with type arguments is read after {@code
     * extends}: a call there ({@code extends mixin(A)}) may hold definitions.
     */
    private int heritage(int j) throws Unsure {
      int from = j;
      int k = j;
      if (t.is(k, '<')) {
        k = types.typeParameters(k);
      }
      if (t.isWord(k, "extends")) {
        k++;
        if (!t.isIdent(k)) {
          throw new Unsure();
        }
        k++;
        while (t.is(k, '.') && t.isIdent(k + 1)) {
          k += 2;
        }
        if (t.is(k, '<')) {
          k = types.typeArguments(k);
        }
      }
      if (t.isWord(k, "implements")) {
        k = types.type(k + 1);
        while (t.is(k, ',')) {
          k = types.type(k + 1);
        }
      }
      return k > from ? types.mark(from, k) : k;
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
      if (c == ')' && t.row[p] == t.row[i] && callBefore(t.partner[p])) {
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
