package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.CurlyTokens.IDENT;
import static io.github.slicegrep.outline.CurlyTokens.PUNCT;

import io.github.slicegrep.outline.CurlyTokens.Unsure;
import java.util.Set;

/**
 * Moves over the phrases of Java that hold no definition: annotations, modifiers, types and
 * type arguments, declaration headers, the rest of a statement. Each method takes the index of
 * the phrase's first token and returns the index right after it, or throws {@link Unsure} when
 * the tokens there are not that phrase as the scan knows it.
 */
final class JavaSkipper {
  /** Modifier keywords ({@code non-sealed}, three tokens, is read on its own). */
  static final Set<String> MODIFIERS =
      Set.of(
          "public", "protected", "private", "abstract", "static", "final", "strictfp", "default",
          "synchronized", "native", "transient", "volatile", "sealed");

  private final CurlyTokens t;

  JavaSkipper(CurlyTokens tokens) {
    this.t = tokens;
  }

  /** The index of the {@code ;} ending a simple statement (no braces on the way). */
  int statementEnd(int i) throws Unsure {
    while (i < t.count && !t.is(i, ';')) {
      if (t.is(i, '{') || t.is(i, '}')) {
        throw new Unsure();
      }
      i++;
    }
    if (i >= t.count) {
      throw new Unsure();
    }
    return i;
  }

  /** Past annotations and modifier keywords; stops at {@code @interface}. */
  int modifiers(int i) throws Unsure {
    while (i < t.count) {
      if (t.is(i, '@') && !t.isWord(i + 1, "interface")) {
        i = annotation(i);
      } else if (t.kind[i] == IDENT && MODIFIERS.contains(t.word[i])) {
        i++;
      } else if (t.isWord(i, "non") && t.is(i + 1, '-') && t.isWord(i + 2, "sealed")
          && t.adjacent(i, i + 1) && t.adjacent(i + 1, i + 2)) {
        i += 3;
      } else {
        break;
      }
    }
    return i;
  }

  /** Past one annotation: {@code @a.b.Name} and its parenthesised arguments. */
  int annotation(int at) throws Unsure {
    int i = at + 1;
    if (!t.isIdent(i)) {
      throw new Unsure();
    }
    i++;
    while (t.is(i, '.') && t.isIdent(i + 1)) {
      i += 2;
    }
    if (t.is(i, '(')) {
      i = t.partner[i] + 1;
    }
    return i;
  }

  /**
   * The index of the {@code {} opening the body of a type declaration whose name ends right
   * before {@code i}: past its type parameters, a record's components, and its extends,
   * implements and permits clauses. Anything else there (a misspelt keyword) is unsure: the
   * parser's error recovery names such a type in its own way.
   */
  int typeBody(int i, boolean record) throws Unsure {
    if (t.is(i, '<')) {
      i = angles(i);
    }
    if (record) {
      if (!t.is(i, '(')) {
        throw new Unsure();
      }
      i = t.partner[i] + 1;
    }
    while (t.isWord(i, "extends") || t.isWord(i, "implements") || t.isWord(i, "permits")) {
      i = type(i + 1);
      while (t.is(i, ',')) {
        i = type(i + 1);
      }
    }
    if (!t.is(i, '{')) {
      throw new Unsure();
    }
    return i;
  }

  /** Past a type: annotations, dotted names with type arguments, array dimensions. */
  int type(int i) throws Unsure {
    while (true) {
      while (t.is(i, '@')) {
        i = annotation(i);
      }
      if (!t.isIdent(i)) {
        throw new Unsure();
      }
      i++;
      if (t.is(i, '<')) {
        i = angles(i);
      }
      if (t.is(i, '.')) {
        i++;
        continue;
      }
      break;
    }
    return dimensions(i);
  }

  /** Past array dimensions, {@code []} each, annotated or not. */
  int dimensions(int i) throws Unsure {
    while (true) {
      int at = i;
      while (t.is(at, '@')) {
        at = annotation(at);
      }
      if (t.is(at, '[') && t.partner[at] == at + 1) {
        i = at + 2;
      } else {
        return i;
      }
    }
  }

  /** Past balanced type arguments or parameters starting at the {@code <} at {@code i}. */
  int angles(int i) throws Unsure {
    int depth = 0;
    while (i < t.count) {
      if (t.kind[i] == PUNCT) {
        switch (t.punct[i]) {
          case '<' -> depth++;
          case '>' -> {
            depth--;
            if (depth == 0) {
              return i + 1;
            }
          }
          case '.', ',', '?', '&', '[', ']' -> {
          }
          case '@' -> {
            i = annotation(i);
            continue;
          }
          default -> throw new Unsure();
        }
      } else if (t.kind[i] != IDENT) {
        throw new Unsure();
      }
      i++;
    }
    throw new Unsure();
  }

  /** The {@code ;} ending a field declaration whose initializers start at {@code i}. */
  int fieldEnd(int i) throws Unsure {
    while (i < t.count) {
      if (t.kind[i] == PUNCT) {
        char c = t.punct[i];
        if (c == ';') {
          return i;
        }
        if (c == '(' || c == '[' || c == '{') {
          i = t.partner[i];
        } else if (c == ')' || c == ']' || c == '}') {
          throw new Unsure();
        }
      }
      i++;
    }
    throw new Unsure();
  }

  /** The {@code @} of an annotation ending at {@code end}, or -1 when none ends there. */
  int annotationStart(int end, int from) {
    int k = end;
    if (t.is(k, ')')) {
      k = t.partner[k] - 1;
    }
    if (!t.isIdent(k)) {
      return -1;
    }
    k--;
    while (t.is(k, '.') && t.isIdent(k - 1)) {
      k -= 2;
    }
    return k >= from && t.is(k, '@') ? k : -1;
  }

  /** The {@code <} matching the {@code >} at {@code close}, reading backwards. */
  int anglesStart(int close) throws Unsure {
    int depth = 0;
    for (int k = close; k >= 0; k--) {
      if (t.kind[k] == PUNCT) {
        switch (t.punct[k]) {
          case '>' -> depth++;
          case '<' -> {
            depth--;
            if (depth == 0) {
              return k;
            }
          }
          case '.', ',', '?', '&', '[', ']' -> {
          }
          default -> throw new Unsure();
        }
      } else if (t.kind[k] != IDENT) {
        throw new Unsure();
      }
    }
    throw new Unsure();
  }
}
