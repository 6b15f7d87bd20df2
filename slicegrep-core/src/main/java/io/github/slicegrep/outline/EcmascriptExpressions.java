package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.CurlyTokens.IDENT;
import static io.github.slicegrep.outline.CurlyTokens.LITERAL;
import static io.github.slicegrep.outline.CurlyTokens.PUNCT;

import io.github.slicegrep.outline.CurlyTokens.Unsure;
import java.util.Set;

/**
 * Where a JavaScript expression, function or statement ends, for {@link EcmascriptOutliner}: over
 * brackets, up to a separator or closing bracket at its level, or at a line break where the
 * parser inserts a semicolon. In TypeScript it passes over types as well ({@link EcmascriptTypes}):
 * a call's type arguments, {@code as} and {@code satisfies} with their type, an arrow function's
 * type parameters and return type.
 */
final class EcmascriptExpressions {
  /** The parser's automatic-semicolon answers for a line break. */
  static final int ENDS = 1;
  static final int CONTINUES = 2;

  /** JavaScript's reserved words and the contextual ones the scan treats alike. */
  static final Set<String> KEYWORDS =
      Set.of(
          "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete",
          "do", "else", "export", "extends", "finally", "for", "function", "if", "import", "in",
          "instanceof", "new", "return", "switch", "throw", "try", "typeof", "var", "void",
          "while", "with", "yield", "let", "static", "async", "await", "get", "set", "of",
          "enum");

  /** Values that end an expression although they are keywords. */
  static final Set<String> VALUE_WORDS =
      Set.of("this", "null", "true", "false", "super", "undefined");

  /** Keywords that may end a statement ({@code return}, {@code break}, ...). */
  static final Set<String> COMPLETE_WORDS =
      Set.of("return", "break", "continue", "debugger", "yield");

  /** Keywords an expression goes on after, over a line break. */
  static final Set<String> OPERATOR_WORDS =
      Set.of("typeof", "new", "void", "delete", "in", "instanceof", "await");

  /** Keywords whose parenthesised part may be followed by a statement without braces. */
  static final Set<String> CONDITIONS = Set.of("if", "while", "for", "with");

  private final CurlyTokens t;
  /** TypeScript's types, or null for JavaScript. */
  private final EcmascriptTypes types;

  EcmascriptExpressions(CurlyTokens tokens, EcmascriptTypes types) {
    this.t = tokens;
    this.types = types;
  }


  /** Whether {@code =} at {@code i} is a plain assignment (not {@code ==}, {@code =>}, ...). */
  boolean plainAssignment(int i) {
    if (i + 1 < t.count && t.kind[i + 1] == PUNCT && (t.punct[i + 1] == '=' || t.punct[i + 1]
        == '>') && t.adjacent(i, i + 1)) {
      return false;
    }
    return !(i > 0 && t.kind[i - 1] == PUNCT && "=!<>+-*/%&|^?".indexOf(t.punct[i - 1]) >= 0
        && t.adjacent(i - 1, i));
  }

  boolean isArrow(int i) {
    return t.is(i, '=') && t.is(i + 1, '>') && t.adjacent(i, i + 1);
  }

  /** Whether a function (or an arrow function) starts at {@code v}. */
  boolean functionStart(int v) throws Unsure {
    int j = v;
    if (t.isWord(j, "async") && j + 1 < t.count && t.row[j + 1] == t.row[j]
        && (t.isWord(j + 1, "function") || t.is(j + 1, '(') || t.isIdent(j + 1)
            || types != null && t.is(j + 1, '<'))) {
      j++;
    }
    if (t.isWord(j, "function")) {
      return true;
    }
    if (types != null && t.is(j, '<')) {
      j = genericArrow(j);
    }
    if (t.is(j, '(')) {
      return arrowAt(t.partner[j]) >= 0;
    }
    return t.isIdent(j) && isArrow(j + 1);
  }

  /**
   * The {@code =} of the arrow after the parameters closing at {@code close}, past a TypeScript
   * return type ({@code (a): T => a}, marked), or -1 when no arrow follows.
   */
  int arrowAt(int close) throws Unsure {
    if (isArrow(close + 1)) {
      return close + 1;
    }
    if (types == null || !t.is(close + 1, ':')) {
      return -1;
    }
    int marked = types.skip[close + 1];
    if (marked != 0) {
      return isArrow(marked) ? marked : -1; // a function's return type, read before
    }
    int end;
    try {
      end = types.type(close + 2);
    } catch (Unsure e) {
      return -1; // `cond ? (a) : b`: no return type
    }
    if (!isArrow(end)) {
      return -1;
    }
    if (t.is(t.partner[close] - 1, '?')) {
      throw new Unsure(); // `c ? (a) : b => d`: the parser may read either
    }
    return types.mark(close + 1, end);
  }

  /** The last token of the function starting at {@code v}, or -1 when none starts there. */
  int functionEnd(int v) throws Unsure {
    if (!functionStart(v)) {
      return -1;
    }
    int j = t.isWord(v, "async") && !isArrow(v + 1) ? v + 1 : v;
    if (types != null && t.is(j, '<')) {
      j = genericArrow(j);
    }
    if (t.isWord(j, "function")) {
      int k = j + 1;
      if (t.is(k, '*')) {
        k++;
      }
      if (t.isIdent(k)) {
        k++;
      }
      int body = body(parametersAt(k));
      if (body < 0) {
        throw new Unsure();
      }
      return t.partner[body];
    }
    int body = t.is(j, '(') ? arrowAt(t.partner[j]) + 2 : j + 3;
    if (t.is(body, '{')) {
      return t.partner[body];
    }
    return expressionEnd(body);
  }

  /**
   * For a {@code <} where a TypeScript expression starts: the {@code (} of the generic arrow
   * function whose type parameters it opens (marked); unsure for anything else ({@code <T>x}).
   */
  int genericArrow(int lt) throws Unsure {
    int open = parametersAt(lt);
    if (!t.is(open, '(') || arrowAt(t.partner[open]) < 0) {
      throw new Unsure();
    }
    return open;
  }

  /** The {@code (} of the parameters at {@code k}, past TypeScript type parameters (marked). */
  int parametersAt(int k) throws Unsure {
    if (types == null || !t.is(k, '<')) {
      return k;
    }
    return types.skip[k] != 0 ? types.skip[k] : types.mark(k, types.typeParameters(k));
  }

  /**
   * The opening brace of the body after the parameters opening at {@code open}, past a
   * TypeScript return type (marked); -1 where TypeScript has no body (a signature).
   */
  int body(int open) throws Unsure {
    if (!t.is(open, '(')) {
      throw new Unsure();
    }
    int j = t.partner[open] + 1;
    if (types == null) {
      if (!t.is(j, '{')) {
        throw new Unsure();
      }
      return j;
    }
    if (t.is(j, ':')) {
      j = types.skip[j] != 0 ? types.skip[j] : types.annotation(j);
    }
    if (!t.is(j, '{')) {
      return -1;
    }
    if (t.row[j] != t.lastRow[j - 1]) {
      throw new Unsure(); // a body on the next line, or a signature and a block
    }
    return j;
  }

  /**
   * The last token of the expression starting at {@code s}: before a {@code ,}, {@code ;} or
   * closing bracket at its level, or at a line break where the parser ends the statement.
   */
  int expressionEnd(int s) throws Unsure {
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
      int over = over(k);
      if (over > k) {
        k = over;
        continue;
      }
      if (t.kind[k] == PUNCT) {
        char c = t.punct[k];
        if (c == ')' || c == ']' || c == '}' || c == ',' || c == ';') {
          break;
        }
      } else if (k > s && t.kind[k] == IDENT && t.is(k - 1, '}') && t.row[k - 1] == t.row[k]
          && !KEYWORDS.contains(t.word[k])) {
        throw new Unsure(); // `() => {}test()`: broken code
      }
      k++;
    }
    if (k == s) {
      throw new Unsure();
    }
    return k - 1;
  }

  /**
   * The index after what starts at {@code k} and holds no separator of the expression around it:
   * a bracketed group (an arrow's parameters with their return type), TypeScript's type
   * arguments of a call or the type after {@code as}; {@code k} itself for any other token.
   */
  int over(int k) throws Unsure {
    if (types != null && types.skip[k] != 0) {
      return types.skip[k];
    }
    if (t.kind[k] == PUNCT) {
      char c = t.punct[k];
      if (c == '(') {
        int arrow = types == null ? -1 : arrowAt(t.partner[k]);
        return arrow >= 0 ? arrow : t.partner[k] + 1;
      }
      if (c == '[' || c == '{') {
        return t.partner[k] + 1;
      }
      if (c == '<' && types != null) {
        return types.expressionStart(k) ? genericArrow(k)
            : Math.max(k, types.callTypeArguments(k));
      }
    } else if (types != null && t.kind[k] == IDENT) {
      return Math.max(k, types.typeOperator(k));
    }
    return k;
  }

  /**
   * The parser's automatic semicolon at a line break between tokens {@code p} and {@code n}:
   * none after a token that cannot end an expression, else one unless the next line starts
   * with what continues one (tree-sitter-javascript's scanner); 0 when unsure.
   */
  int automaticSemicolon(int p, int n) {
    if (types != null && (types.valueEnd[p] || types.nonNull(p))) {
      return afterValue(n);
    }
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
      // A statement may end right after these, so the parser's scanner decides by the next
      // line as it does after a value.
      if (KEYWORDS.contains(w) && !VALUE_WORDS.contains(w) && !COMPLETE_WORDS.contains(w)) {
        return 0;
      }
    }
    return afterValue(n);
  }

  /** The scanner's answer at a line break after a value, by the token {@code n} after it. */
  private int afterValue(int n) {
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
  boolean postfix(int first) {
    int v = first - 1;
    if (v < 0 || t.row[v] != t.row[first]) {
      return false;
    }
    if (t.kind[v] == IDENT) {
      return !KEYWORDS.contains(t.word[v]) || VALUE_WORDS.contains(t.word[v]);
    }
    return t.kind[v] == LITERAL || t.is(v, ')') || t.is(v, ']');
  }

  /**
   * Whether token {@code i} starts a statement, by the token before it; unsure after a
   * {@code :} (a case, a label or a conditional) or a line break the parser may not end at.
   */
  boolean startsStatement(int i) throws Unsure {
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
        if (endsLabel(p) || inSwitchBody(p)) {
          // A labelled declaration, or a `:` in a switch that may end a `case a ? b : c:`.
          throw new Unsure();
        }
        return false; // a conditional's `:`: an expression follows
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
  boolean endsCaseLabel(int colon) {
    int k = colon - 1;
    while (k >= 0 && (t.kind[k] == LITERAL || t.is(k, '.') || t.isIdent(k)
        && !t.word[k].equals("case") && !t.word[k].equals("default"))) {
      k--;
    }
    return k >= 0 && k < colon - 1 && t.isWord(k, "case") || k == colon - 1
        && t.isWord(k, "default");
  }

  /** Whether the {@code :} at {@code colon} ends a statement label ({@code outer:}). */
  boolean endsLabel(int colon) throws Unsure {
    int name = colon - 1;
    return t.isIdent(name) && !KEYWORDS.contains(t.word[name]) && startsStatement(name);
  }

  /** How far back {@link #inSwitchBody} looks for the brace around a token. */
  private static final int MAX_LOOK_BACK = 10_000;

  /**
   * Whether token {@code k} sits directly in a {@code switch} body, where a {@code :} may end a
   * case label the scan cannot read ({@code case a ? b : c:}); unsure when the brace around it is
   * too far back.
   */
  boolean inSwitchBody(int k) throws Unsure {
    int j = k - 1;
    for (int steps = 0; j >= 0; steps++) {
      if (steps > MAX_LOOK_BACK) {
        throw new Unsure();
      }
      if (t.is(j, ')') || t.is(j, ']') || t.is(j, '}')) {
        j = t.partner[j] - 1;
      } else if (t.is(j, '{')) {
        int close = j - 1;
        return t.is(close, ')') && t.isWord(t.partner[close] - 1, "switch");
      } else {
        j--;
      }
    }
    return false;
  }

}
