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
   * parentheses or brackets that are not a {@code for}'s, or a conditional {@code ?} whose
   * {@code :} does not follow at its level.
   */
  boolean brokenAt(int i, int context, int contextOpen) throws Unsure {
    char c = t.punct[i];
    if ("*/%&|^<>=!~?+-".indexOf(c) >= 0 && i + 1 < t.count && t.kind[i + 1] == PUNCT
        && ")]},;".indexOf(t.punct[i + 1]) >= 0 && !(types != null && types.nonNull(i))) {
      boolean postfix = (c == '+' || c == '-') && t.is(i - 1, c) && t.adjacent(i - 1, i);
      if (!postfix) {
        return true;
      }
    }
    if ("=%^?>|&".indexOf(c) >= 0 && (t.is(i - 1, '(') || t.is(i - 1, '[') || t.is(i - 1, ','))) {
      return true; // `f(=a)`: an operator with no operand before it
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
        && !t.isWord(contextOpen - 1, "for") || context == EcmascriptOutliner.BRACKET)) {
      return true;
    }
    return c == '?' && conditional(i) && !colonFollows(i);
  }

  /**
   * Whether the {@code :} at {@code i} stands where no label, case or conditional can have it:
   * in parentheses or brackets (where TypeScript's annotations are passed over before), or in a
   * block after a property, a call or an operator word, with no {@code ?} before it.
   */
  private boolean colonOutOfPlace(int i, int context) throws Unsure {
    boolean bracketed = context == EcmascriptOutliner.PAREN
        || context == EcmascriptOutliner.BRACKET;
    boolean afterValue = t.is(i - 1, ')') || t.is(i - 1, ']') || t.isIdent(i - 1)
        && (t.is(i - 2, '.') || EcmascriptExpressions.OPERATOR_WORDS.contains(t.word[i - 1]));
    return (bracketed || context == EcmascriptOutliner.BLOCK && afterValue)
        && !conditionalBefore(i);
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
      if (t.is(j, ';') || t.is(j, '{') || t.is(j, '(') || t.is(j, '[')) {
        return false;
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

  /** Whether a {@code :} follows the {@code ?} at {@code i} at its level. */
  private boolean colonFollows(int i) throws Unsure {
    int k = i + 1;
    for (int steps = 0; k < t.count; steps++) {
      if (steps > MAX_LOOK) {
        throw new Unsure();
      }
      int over = x.over(k);
      if (over > k) {
        k = over;
        continue;
      }
      if (t.kind[k] == PUNCT) {
        char c = t.punct[k];
        if (c == ':') {
          return true;
        }
        if (c == ')' || c == ']' || c == '}' || c == ',' || c == ';') {
          return false;
        }
      }
      k++;
    }
    return false;
  }

  /**
   * Whether the name at {@code i} follows a name or a literal with nothing between them, on its
   * line or anywhere in brackets where no statement ends, which JavaScript never writes but
   * around a keyword ({@code import a from}, {@code x of y}, {@code 'a' in b}).
   */
  boolean twoValuesInARow(int i, int context) {
    int p = i - 1;
    boolean joined = p >= 0 && (t.row[p] == t.row[i] || context == EcmascriptOutliner.PAREN
        || context == EcmascriptOutliner.BRACKET);
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
    if (t.is(p, ']')) {
      return true;
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
