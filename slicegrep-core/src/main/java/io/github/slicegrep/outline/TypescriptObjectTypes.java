package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.CurlyTokens.IDENT;
import static io.github.slicegrep.outline.CurlyTokens.LITERAL;

import io.github.slicegrep.outline.CurlyTokens.Unsure;
import io.github.slicegrep.outline.Definition.Kind;
import java.util.List;
import java.util.Set;

/**
 * The bracketed parts of TypeScript's types, for {@link EcmascriptTypes}: object types member by
 * member (their method signatures recorded as definitions), tuples, and parameter lists, of
 * signatures and function types and of functions themselves.
 */
final class TypescriptObjectTypes {
  /** Modifiers of a parameter property ({@code constructor(private readonly x: T)}). */
  private static final Set<String> PARAMETER_MODIFIERS =
      Set.of("public", "private", "protected", "readonly", "override");

  private final CurlyTokens t;
  private final List<String> lines;
  private final EcmascriptTypes types;

  TypescriptObjectTypes(CurlyTokens t, List<String> lines, EcmascriptTypes types) {
    this.t = t;
    this.lines = lines;
    this.types = types;
  }

  /** {@code [A, B?, ...C[]]} and named members {@code [a: A, b?: B]}. */
  void tuple(int open) throws Unsure {
    int close = t.partner[open];
    int k = open + 1;
    while (k < close) {
      if (types.spread(k)) {
        k += 3;
      }
      if (t.isIdent(k) && (t.is(k + 1, ':') || t.is(k + 1, '?') && t.is(k + 2, ':'))) {
        k = t.is(k + 1, ':') ? k + 2 : k + 3;
      }
      k = types.type(k);
      if (t.is(k, '?')) {
        k++;
      }
      k = types.separator(k, close);
    }
  }

  /**
   * A parameter list in parentheses: in a type ({@code x} null) everything in it is a type's;
   * in a function ({@code x} given) the modifiers, {@code ?} and type annotations are marked for
   * the scan to pass over and default values are left to it. Returns the index after the
   * {@code )}.
   */
  int parameters(int open, EcmascriptExpressions x) throws Unsure {
    int close = t.partner[open];
    int k = open + 1;
    while (k < close) {
      while (t.isIdent(k) && PARAMETER_MODIFIERS.contains(t.word[k]) && types.sameRow(k, k + 1)
          && (t.isIdent(k + 1) || t.is(k + 1, '{') || t.is(k + 1, '['))) {
        if (x != null) {
          types.mark(k, k + 1);
        }
        k++;
      }
      if (types.spread(k)) {
        k += 3;
      }
      if (t.isIdent(k)) {
        k++;
      } else if (t.is(k, '{') || t.is(k, '[')) {
        k = t.partner[k] + 1;
      } else {
        throw new Unsure();
      }
      if (t.is(k, '?')) {
        if (x != null) {
          types.mark(k, k + 1);
        }
        k++;
      }
      if (t.is(k, ':')) {
        k = x != null ? types.annotation(k) : types.type(k + 1);
      }
      if (t.is(k, '=') && x != null) {
        k = x.expressionEnd(k + 1) + 1;
      }
      k = types.separator(k, close);
    }
    return close + 1;
  }

  /**
   * A call signature from its type parameters or parameters to the end of its return type:
   * {@code <T>(a: T): R}. Returns the index after it.
   */
  int callSignature(int k) throws Unsure {
    int j = t.is(k, '<') ? types.typeParameters(k) : k;
    if (!t.is(j, '(')) {
      throw new Unsure();
    }
    j = parameters(j, null);
    return t.is(j, ':') ? types.type(j + 1) : j;
  }

  /** The members of the object type opening at {@code open}, its method signatures recorded. */
  void objectType(int open) throws Unsure {
    int close = t.partner[open];
    int k = open + 1;
    while (k < close) {
      if (t.is(k, ',') || t.is(k, ';')) {
        k++;
        continue;
      }
      int j = member(k, close);
      if (j == close || t.is(j, ',') || t.is(j, ';')) {
        k = j;
      } else if (t.row[j] > t.lastRow[j - 1] && startsMemberOnNewLine(j)) {
        k = j;
      } else {
        throw new Unsure();
      }
    }
  }

  /**
   * Whether the token at {@code j}, first on its line, starts a member after an automatic
   * semicolon: a name or a string; a bracket or operator there would continue the type before.
   */
  private boolean startsMemberOnNewLine(int j) {
    if (t.kind[j] == IDENT) {
      return !t.word[j].startsWith("in");
    }
    return t.kind[j] == LITERAL && t.punct[j] != '`' && t.punct[j] != '/';
  }

  /** One member of an object type from {@code k}; the index after it. */
  private int member(int k, int close) throws Unsure {
    int j = k;
    if ((t.is(j, '-') || t.is(j, '+')) && t.isWord(j + 1, "readonly")) {
      j++;
    }
    if (t.isWord(j, "readonly") && types.sameRow(j, j + 1)
        && (t.isIdent(j + 1) || t.is(j + 1, '[') || t.kind[j + 1] == LITERAL)) {
      j++;
    }
    if (t.is(j, '[') && t.isIdent(j + 1)
        && (t.isWord(j + 2, "in") || t.is(j + 2, ':'))) {
      return indexOrMapped(j);
    }
    if (t.is(j, '(') || t.is(j, '<')) {
      return callSignature(j);
    }
    if (t.isWord(j, "new") && (t.is(j + 1, '(') || t.is(j + 1, '<'))) {
      return callSignature(j + 1);
    }
    if ((t.isWord(j, "get") || t.isWord(j, "set")) && types.sameRow(j, j + 1)
        && !t.is(j + 1, '(') && !t.is(j + 1, ':') && !t.is(j + 1, '?')) {
      throw new Unsure(); // an accessor signature
    }
    int key = j;
    String name;
    if (t.isIdent(j) || t.kind[j] == LITERAL && t.word[j] != null) {
      name = t.word[j];
      j++;
    } else if (t.is(j, '[')) {
      int end = t.partner[j];
      boolean plain = t.isIdent(j + 1) && types.path(j + 2) == end
          || j + 2 == end && t.kind[j + 1] == LITERAL && t.word[j + 1] != null;
      if (t.row[end] != t.row[j] || !plain) {
        throw new Unsure(); // a computed key the scan does not read: `[Symbol.iterator]` only
      }
      name = lines.get(t.row[j]).substring(t.column[j], t.column[end] + 1);
      j = end + 1;
    } else {
      throw new Unsure();
    }
    if (t.is(j, '?')) {
      j++;
    }
    if (t.is(j, '(') || t.is(j, '<')) {
      j = callSignature(j);
      types.signature(k, t.row[k], Kind.METHOD, name, key, t.lastRow[j - 1]);
      return j;
    }
    if (t.is(j, ':')) {
      return types.type(j + 1);
    }
    return j;
  }

  /** {@code [key: string]: T} and {@code [K in keyof T]?: T[K]} from the bracket. */
  int indexOrMapped(int open) throws Unsure {
    int close = t.partner[open];
    int inner;
    if (t.isWord(open + 2, "in")) {
      inner = types.type(open + 3);
      if (t.isWord(inner, "as")) {
        inner = types.type(inner + 1);
      }
    } else {
      inner = types.type(open + 3);
    }
    if (inner != close) {
      throw new Unsure();
    }
    int j = close + 1;
    if (t.is(j, '-') || t.is(j, '+')) {
      j++;
    }
    if (t.is(j, '?')) {
      j++;
    }
    if (!t.is(j, ':')) {
      return j;
    }
    return types.type(j + 1);
  }
}
