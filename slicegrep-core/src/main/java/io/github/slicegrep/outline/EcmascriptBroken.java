package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.CurlyTokens.IDENT;
import static io.github.slicegrep.outline.CurlyTokens.LITERAL;
import static io.github.slicegrep.outline.CurlyTokens.PUNCT;

import io.github.slicegrep.outline.CurlyTokens.Unsure;
import java.util.Set;

/**
 * Plainly broken JavaScript and TypeScript, for {@link EcmascriptOutliner}: where the parser's
 * error recovery adds definitions of its own (the heuristic's, in its {@code ERROR} regions) or
 * ends one early, so the file is left to it. Each check is a token pattern valid code never has.
 */
final class EcmascriptBroken {
  private final CurlyTokens t;
  private final EcmascriptExpressions x;
  /** TypeScript's types, or null for JavaScript. */
  private final EcmascriptTypes types;

  /** How far {@link #colonFollows} and {@link #conditionalBefore} look. */
  private static final int MAX_LOOK = 10_000;

  EcmascriptBroken(CurlyTokens t, EcmascriptExpressions x, EcmascriptTypes types) {
    this.t = t;
    this.x = x;
    this.types = types;
  }

  /**
   * Whether the name at {@code i} (no key, no property) is plainly broken code, where the
   * parser's error recovery adds definitions of its own: {@code test('a' t => {}, {@code for
   * (const a f b)}, {@code reurn new A()}, {@code async} and a line break before an arrow's
   * parameters, a {@code #name} or a {@code default} out of place, {@code export* function}.
   */
  boolean brokenAtName(int i, int context) throws Unsure {
    boolean sameRow = i > 0 && t.row[i - 1] == t.row[i];
    return twoValuesInARow(i, context) || statementAfterAnOperator(i)
        || t.word[i].charAt(0) == '#' && !privateNameInPlace(i)
        || x.isArrow(i + 1) && valueBefore(i) && sameRow
        || t.word[i].equals("new") && t.isIdent(i - 1) && valueBefore(i) && sameRow
        || t.word[i].equals("async") && t.is(i + 1, '(') && t.row[i + 1] > t.row[i]
            && x.arrowAt(t.partner[i + 1]) >= 0
        || t.word[i].equals("default") && context != EcmascriptOutliner.NAME_LIST
            && !defaultInPlace(i)
        || t.word[i].equals("export") && t.is(i + 1, '*') && !t.isWord(i + 2, "from")
            && !t.isWord(i + 2, "as");
  }

  /**
   * Whether an operator stands in the JavaScript arrow function's parameters opening at {@code
   * open} outside a default value ({@code (e&rr) =>}): no parameter list has one, and the
   * parser's error recovery then reads the code around its own way.
   */
  boolean operatorInParameters(int open) {
    boolean inDefault = false;
    for (int k = open + 1; k < t.partner[open]; k++) {
      if (t.is(k, '(') || t.is(k, '[') || t.is(k, '{')) {
        k = t.partner[k];
      } else if (t.is(k, ',')) {
        inDefault = false;
      } else if (t.is(k, '=') && x.plainAssignment(k)) {
        inDefault = true;
      } else if (!inDefault && t.kind[k] == PUNCT && !t.is(k, '.')) {
        return true;
      }
    }
    return false;
  }

  /** Keywords that start a statement and never stand after an operator. */
  private static final Set<String> STATEMENT_WORDS =
      Set.of(
          "if", "for", "while", "switch", "try", "return", "throw", "var", "const", "break",
          "continue", "do", "else", "catch", "finally");

  /** Whether the statement keyword at {@code i} follows an operator or an opening bracket. */
  boolean statementAfterAnOperator(int i) {
    int p = i - 1;
    if (!STATEMENT_WORDS.contains(t.word[i]) || p < 0 || t.kind[p] != PUNCT
        || types != null && types.valueEnd[p]) {
      return false;
    }
    char c = t.punct[p];
    boolean postfix = (c == '+' || c == '-') && t.is(p - 1, c) && t.adjacent(p - 1, p);
    // `for (const x of xs)`, `for await (const x of xs)`
    boolean forHead = c == '(' && (t.isWord(p - 1, "for")
        || t.isWord(p - 1, "await") && t.isWord(p - 2, "for"));
    return !postfix && !forHead && ",([=+-*/%&|^<>?!~".indexOf(c) >= 0;
  }

  /**
   * Whether the punctuation at {@code i} is plainly broken code: an operator right before a
   * closing bracket, a {@code ,} or a {@code ;} (a postfix {@code ++} aside), a {@code ;} inside
   * parentheses or brackets that are not a {@code for}'s or in an object, or a conditional
   * {@code ?} whose {@code :} does not follow at its level.
   */
  boolean brokenAt(int i, int context, int contextOpen) throws Unsure {
    char c = t.punct[i];
    if ("*/%&|^<>=!~?+-".indexOf(c) >= 0 && (i + 1 == t.count || t.kind[i + 1] == PUNCT
        && ")]},;".indexOf(t.punct[i + 1]) >= 0) && !(types != null && types.nonNull(i))) {
      boolean postfix = (c == '+' || c == '-') && t.is(i - 1, c) && t.adjacent(i - 1, i);
      if (!postfix) {
        return true;
      }
    }
    if ((c == ',' || c == '*' && context != EcmascriptOutliner.CLASS_BODY
        && context != EcmascriptOutliner.OBJECT) && (i == 0 || t.is(i - 1, '{')
        || t.is(i - 1, ';') || c == ',' && t.is(i - 1, '('))) {
      return true; // `});\n, f()`, `{\n* function g`: a statement opened by an operator
    }
    if ("=%^?>|&:".indexOf(c) >= 0 && (i == 0 || t.is(i - 1, '(') || t.is(i - 1, '[')
        || t.is(i - 1, ',') || t.is(i - 1, '{') || t.is(i - 1, ';')
        || t.is(i - 1, ':') && (types == null || c != '|' && c != '&'
            || context == EcmascriptOutliner.OBJECT)
        || c == ':' && t.is(i - 1, '?') && conditional(i - 1)
            && (types == null || context == EcmascriptOutliner.OBJECT))
        || c == '*' && (t.is(i - 1, '(') || t.is(i - 1, '[') || t.is(i - 1, ':')
            || t.is(i - 1, ',') && context != EcmascriptOutliner.OBJECT)) {
      // `f(=a)`, `() => {>`, `{ a: &b }`, `f(a, *b)`, `a ? :b`: an operator with no operand
      // before it (a type's leading `|` or `&` and `a?: T` are TypeScript's, but for an object
      // literal's value)
      return true;
    }
    if (c == '}' && t.is(i - 1, ')') && (t.isWord(t.partner[i - 1] - 1, "if")
        || t.isWord(t.partner[i - 1] - 1, "for") || t.isWord(t.partner[i - 1] - 1, "with"))) {
      return true; // `for (a in b) }`: a statement with no body
    }
    if (x.isArrow(i - 2) && "?*%|&^=>:".indexOf(c) >= 0) {
      return true; // `() =>\n ? a : b`: an operator as an arrow function's body
    }
    if (t.is(i - 1, '}') && context != EcmascriptOutliner.CLASS_BODY
        && ("*%&|^>".indexOf(c) >= 0 || c == '?' && conditional(i))) {
      // `function f() {}|`: valid after an object or a function expression's body only,
      // where it is rare enough to leave to the parser
      return true;
    }
    if (c == '.' && i + 1 < t.count && t.kind[i + 1] == PUNCT && t.punct[i + 1] != '.'
        && !t.is(i - 1, '.') && !t.is(i - 1, '?')) {
      return true; // `z.,null()`: a dot with no name after it
    }
    if (c == ':' && colonOutOfPlace(i, context)) {
      return true; // `a.b: c`, `f(a.re:adonly())`: no label, no case, no conditional
    }
    if (c == '.' && !t.is(i + 1, '.') && i > 0 && t.kind[i - 1] == PUNCT
        && ")]}?!.".indexOf(t.punct[i - 1]) < 0) {
      return true; // `expect(.parse(x))`: a dot with no value before it
    }
    if (c == ',' && (t.is(i + 1, ';')
        || t.is(i + 1, '}') && context == EcmascriptOutliner.BLOCK)) {
      return true; // `a, }` in a block: a statement does not end with a comma
    }
    if (c == ';' && (context == EcmascriptOutliner.PAREN
        && !t.isWord(contextOpen - 1, "for") || context == EcmascriptOutliner.BRACKET
        || context == EcmascriptOutliner.OBJECT)) {
      return true;
    }
    return c == '?' && conditional(i) && !colonFollows(i);
  }

  /**
   * Whether the {@code :} at {@code i} stands where no label, case or conditional can have it:
   * in parentheses or brackets (where TypeScript's annotations are passed over before), in a
   * block after a property, a call, a closing brace, an operator word or a name that starts no
   * statement (so is no label), in an object anywhere but after an entry's key, or before
   * another {@code :}, with no {@code ?} before it.
   */
  private boolean colonOutOfPlace(int i, int context) throws Unsure {
    boolean bracketed = context == EcmascriptOutliner.PAREN
        || context == EcmascriptOutliner.BRACKET;
    boolean afterValue = t.is(i - 1, ')') || t.is(i - 1, ']') || t.is(i - 1, '}')
        || t.isIdent(i - 1) && (t.is(i - 2, '.')
            || EcmascriptExpressions.OPERATOR_WORDS.contains(t.word[i - 1])
            || !x.startsStatement(i - 1)); // no label: `a instanceof B\n : c`
    // In an object a `:` follows its entry's key (a name, a literal, `[computed]`) or is a
    // conditional's; a `)` before it may end a method's parameters before a return type.
    int key = t.is(i - 1, ']') ? t.partner[i - 1] : i - 1;
    boolean objectKey = context != EcmascriptOutliner.OBJECT || t.is(i - 1, ')')
        || (t.is(key - 1, '{') || t.is(key - 1, ',')) && (t.is(i - 1, ']')
            || t.isIdent(i - 1) || t.kind[i - 1] == LITERAL);
    return (bracketed || context == EcmascriptOutliner.BLOCK && afterValue || !objectKey
        || t.is(i + 1, ':')) && !conditionalBefore(i);
  }

  /**
   * Whether a conditional's {@code ?} or a {@code case} stands before the {@code :} at {@code
   * colon} in its statement or brackets; unsure when their start is too far back.
   */
  private boolean conditionalBefore(int colon) throws Unsure {
    int j = colon - 1;
    for (int steps = 0; j >= 0; steps++) {
      if (steps > MAX_LOOK) {
        throw new Unsure();
      }
      if (t.is(j, ')') || t.is(j, ']') || t.is(j, '}')) {
        j = t.partner[j] - 1;
        continue;
      }
      if (t.is(j, ';') || t.is(j, '{') || t.is(j, '(') || t.is(j, '[') || t.isIdent(j)
          && (STATEMENT_WORDS.contains(t.word[j]) || t.word[j].equals("let"))
          && !t.is(j - 1, '.')) {
        return false; // the statement's start: a `?` before it is another statement's
      }
      if (t.is(j, '?') && conditional(j) || t.isWord(j, "case") || t.isWord(j, "default")) {
        return true;
      }
      j--;
    }
    return false;
  }

  /** Whether the {@code ?} at {@code i} is a conditional's (not {@code ?.} or {@code ??}). */
  private boolean conditional(int i) {
    if (t.is(i + 1, '?') && t.adjacent(i, i + 1) || t.is(i - 1, '?') && t.adjacent(i - 1, i)) {
      return false;
    }
    return !(t.is(i + 1, '.') && t.adjacent(i, i + 1));
  }

  /**
   * Whether a {@code :} follows the {@code ?} at {@code i} at its level, one for each further
   * conditional's {@code ?} too ({@code a ? b?c() : d} has one too few).
   */
  private boolean colonFollows(int i) throws Unsure {
    int k = i + 1;
    int nested = 0;
    for (int steps = 0; k < t.count; steps++) {
      if (steps > MAX_LOOK) {
        throw new Unsure();
      }
      int over = x.over(k);
      if (over > k) {
        k = over;
        continue;
      }
      if (t.row[k] > t.lastRow[k - 1]
          && x.automaticSemicolon(k - 1, k) == EcmascriptExpressions.ENDS) {
        return false; // `a ? b\n c : d`: a line break ends the statement before any `:`
      }
      if (t.kind[k] == PUNCT) {
        char c = t.punct[k];
        if (c == ':' && nested-- == 0) {
          return true;
        }
        if (c == ')' || c == ']' || c == '}' || c == ',' || c == ';') {
          return false;
        }
        if (c == '?' && conditional(k)) {
          nested++;
        }
      }
      k++;
    }
    return false;
  }

  /**
   * Whether the name at {@code i} follows a name or a literal with nothing between them, on its
   * line or anywhere in brackets or an object, where no statement ends, which JavaScript never
   * writes but around a keyword ({@code import a from}, {@code x of y}, {@code 'a' in b}).
   */
  boolean twoValuesInARow(int i, int context) {
    int p = i - 1;
    boolean joined = p >= 0 && (t.row[p] == t.row[i] || context == EcmascriptOutliner.PAREN
        || context == EcmascriptOutliner.BRACKET || context == EcmascriptOutliner.OBJECT);
    if (!joined || EcmascriptOutliner.CONNECTING_WORDS.contains(t.word[i])
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
    if (t.is(p, ']') || t.is(p, '}') && context != EcmascriptOutliner.BLOCK
        && context != EcmascriptOutliner.CLASS_BODY && !t.word[i].equals("satisfies")) {
      return true; // `f({ a }b)`: no statement ends in brackets or an object
    }
    return t.kind[p] == IDENT && (t.is(p - 1, '.') || !EcmascriptOutliner.CONNECTING_WORDS.contains(t.word[p])
        && !EcmascriptExpressions.KEYWORDS.contains(t.word[p])
        && !EcmascriptExpressions.VALUE_WORDS.contains(t.word[p]));
  }

  /**
   * Whether a value ends right before token {@code i}, where no arrow function's parameters
   * can start: a name that is no keyword, a string or number, a closing parenthesis or bracket,
   * a TypeScript non-null {@code !}.
   */
  boolean valueBefore(int i) {
    int p = i - 1;
    if (p < 0) {
      return false;
    }
    if (t.kind[p] == IDENT) {
      return !EcmascriptExpressions.KEYWORDS.contains(t.word[p])
          && !EcmascriptOutliner.CONNECTING_WORDS.contains(t.word[p]);
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
  boolean callBefore(int open) {
    int name = open - 1;
    return t.isIdent(name) && !EcmascriptExpressions.KEYWORDS.contains(t.word[name])
        && !t.isWord(name - 1, "function") && !t.is(name - 1, '*');
  }

  /** Where {@code default} may stand: after {@code export}, before a case's {@code :}. */
  boolean defaultInPlace(int i) {
    return t.isWord(i - 1, "export") || t.is(i + 1, ':');
  }

  /** Whether a {@code #name} stands where one can: after a dot or before {@code in}. */
  boolean privateNameInPlace(int i) {
    return t.is(i - 1, '.') || t.isWord(i + 1, "in");
  }
}
