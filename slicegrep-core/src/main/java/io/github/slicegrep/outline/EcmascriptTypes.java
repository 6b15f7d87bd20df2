package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.CurlyTokens.IDENT;
import static io.github.slicegrep.outline.CurlyTokens.LITERAL;
import static io.github.slicegrep.outline.CurlyTokens.PUNCT;

import io.github.slicegrep.outline.CurlyTokens.Found;
import io.github.slicegrep.outline.CurlyTokens.Unsure;
import io.github.slicegrep.outline.Definition.Kind;
import java.util.List;
import java.util.Set;

/**
 * TypeScript's types, for {@link EcmascriptOutliner}: where a type ends, read by a small
 * recursive descent over the tokens, so that the scan can pass over it as if it were not there.
 * Types hold no definitions but the method signatures of object types ({@code { m(): void }}),
 * which the parser lists wherever they are; those are recorded as they are read. In a type, a
 * {@code <} always opens type arguments; in an expression it does so only where the arguments
 * read as types and a call follows ({@link #callTypeArguments}).
 */
final class EcmascriptTypes {
  /** Words that never name a type: a type read there means the scan misread the code. */
  private static final Set<String> NOT_TYPES =
      Set.of(
          "function", "class", "return", "if", "for", "while", "const", "let", "var", "delete",
          "do", "else", "switch", "case", "break", "continue", "throw", "try", "catch", "finally",
          "in", "instanceof", "yield", "await", "export", "with", "default", "debugger", "enum",
          "interface", "extends", "implements", "is", "as", "satisfies");

  private final CurlyTokens t;
  private final List<String> lines;
  private final List<Found> found;
  /** For a token that starts a region the scan passes over, the index after the region. */
  final int[] skip;
  /**
   * Tokens after which the parser may end a statement although JavaScript could not: a type's
   * last token, a non-null {@code !}.
   */
  final boolean[] valueEnd;
  /** Signatures already recorded, by their first token (a type may be read twice). */
  private final boolean[] recorded;
  /** For a {@code <} in an expression: 0 not read yet, -1 a comparison, else as skip. */
  private final int[] angle;
  /** Object types, tuples and parameter lists, read with this. */
  final TypescriptObjectTypes objects;
  /** How deep the types being read nest, bounded so that no input overflows the stack. */
  private int depth;

  private static final int MAX_DEPTH = 200;

  EcmascriptTypes(CurlyTokens t, List<String> lines, List<Found> found) {
    this.t = t;
    this.lines = lines;
    this.found = found;
    this.skip = new int[t.count];
    this.valueEnd = new boolean[t.count];
    this.recorded = new boolean[t.count];
    this.angle = new int[t.count];
    this.objects = new TypescriptObjectTypes(t, lines, this);
  }

  /** Marks tokens {@code [from, to)} as a region the scan passes over; returns {@code to}. */
  int mark(int from, int to) {
    skip[from] = to;
    valueEnd[to - 1] = true;
    return to;
  }

  /** Marks the type after the {@code :} at {@code colon}, the colon with it; returns its end. */
  int annotation(int colon) throws Unsure {
    return mark(colon, type(colon + 1));
  }

  // ---- types ----

  /** The index after the type starting at {@code k}. */
  int type(int k) throws Unsure {
    if (++depth > MAX_DEPTH) {
      throw new Unsure();
    }
    try {
      return nestedType(k);
    } finally {
      depth--;
    }
  }

  private int nestedType(int k) throws Unsure {
    int j = k;
    if (unionOperator(j)) {
      j++; // a leading `|` of a union over lines
    }
    j = union(j);
    if (t.isWord(j, "extends") && sameRow(j - 1, j)) {
      int check;
      int size = found.size();
      try {
        check = union(j + 1);
      } catch (Unsure e) {
        check = -1;
      }
      if (check >= 0 && t.is(check, '?')) {
        int yes = type(check + 1);
        if (!t.is(yes, ':')) {
          throw new Unsure();
        }
        return type(yes + 1);
      }
      dropFrom(size); // a type parameter's constraint: its list reads it
    }
    return j;
  }

  private int union(int k) throws Unsure {
    int j = operand(k);
    while (unionOperator(j)) {
      j = operand(j + 1);
    }
    return j;
  }

  /** A {@code |} or {@code &} that joins types (not {@code ||} or {@code &&}). */
  private boolean unionOperator(int j) {
    if (!t.is(j, '|') && !t.is(j, '&')) {
      return false;
    }
    char c = t.punct[j];
    return !(t.is(j + 1, c) && t.adjacent(j, j + 1) || t.is(j + 1, '=') && t.adjacent(j, j + 1));
  }

  private int operand(int k) throws Unsure {
    if (k >= t.count || ++depth > MAX_DEPTH) {
      throw new Unsure();
    }
    try {
      return nestedOperand(k);
    } finally {
      depth--;
    }
  }

  private int nestedOperand(int k) throws Unsure {
    if (t.kind[k] == IDENT) {
      switch (t.word[k]) {
        case "keyof", "unique", "readonly" -> {
          if (sameRow(k, k + 1) && !t.is(k + 1, '|') && !t.is(k + 1, '&')
              && !t.is(k + 1, ',') && !t.is(k + 1, '>') && !t.is(k + 1, ';')) {
            return operand(k + 1);
          }
        }
        case "typeof" -> {
          return postfix(typeQuery(k + 1));
        }
        case "infer" -> {
          if (!t.isIdent(k + 1) || t.isWord(k + 2, "extends")) {
            throw new Unsure(); // `infer U extends X ? ...`: which `extends` is whose
          }
          return k + 2;
        }
        case "asserts" -> {
          if (t.isIdent(k + 1) && sameRow(k, k + 1)) {
            int j = k + 2;
            return t.isWord(j, "is") && sameRow(j - 1, j) ? type(j + 1) : j;
          }
        }
        case "new" -> {
          return functionType(k + 1);
        }
        case "abstract" -> {
          if (t.isWord(k + 1, "new")) {
            return functionType(k + 2);
          }
        }
        case "import" -> {
          // An import type (`import("react").FC<P>`): tree-sitter's TypeScript grammar reads
          // some of them as a function named `import` or ends the definition around them
          // early (14 .d.ts files of mantine and @uiw/react-md-editor), so the parser decides.
          if (t.is(k + 1, '(')) {
            throw new Unsure();
          }
        }
        default -> {
        }
      }
      if (NOT_TYPES.contains(t.word[k])) {
        throw new Unsure();
      }
      int j = typeArgumentsIfAny(path(k + 1));
      if (t.isWord(j, "is") && sameRow(j - 1, j) && j == k + 1) {
        return type(j + 1); // a type predicate: `x is string`
      }
      return postfix(j);
    }
    if (t.kind[k] == LITERAL) {
      return postfix(literalEnd(k));
    }
    return switch (t.punct[k]) {
      case '-' -> {
        if (k + 1 < t.count && t.kind[k + 1] == LITERAL && t.punct[k + 1] == '0') {
          yield k + 2;
        }
        throw new Unsure();
      }
      case '(' -> {
        if (t.is(t.partner[k] + 1, '=') && t.is(t.partner[k] + 2, '>')
            && t.adjacent(t.partner[k] + 1, t.partner[k] + 2)) {
          yield functionType(k);
        }
        int inner = type(k + 1);
        if (inner != t.partner[k]) {
          throw new Unsure();
        }
        yield postfix(inner + 1);
      }
      case '<' -> functionType(k);
      case '{' -> {
        objects.objectType(k);
        yield postfix(t.partner[k] + 1);
      }
      case '[' -> {
        objects.tuple(k);
        yield postfix(t.partner[k] + 1);
      }
      default -> throw new Unsure();
    };
  }

  /** After {@code typeof}: a name with its dots ({@code import("...")} goes to the parser). */
  private int typeQuery(int k) throws Unsure {
    if (!t.isIdent(k) || t.isWord(k, "import")) {
      throw new Unsure();
    }
    return typeArgumentsIfAny(path(k + 1));
  }

  /** Over {@code .name} parts after a name. */
  int path(int k) {
    int j = k;
    while (t.is(j, '.') && t.isIdent(j + 1)) {
      j += 2;
    }
    return j;
  }

  private int typeArgumentsIfAny(int k) throws Unsure {
    return t.is(k, '<') ? typeArguments(k) : k;
  }

  /** Array and indexed-access suffixes: {@code T[]}, {@code T["key"]}. */
  private int postfix(int k) throws Unsure {
    int j = k;
    while (t.is(j, '[')) {
      int close = t.partner[j];
      if (close != j + 1 && type(j + 1) != close) {
        throw new Unsure();
      }
      j = close + 1;
    }
    return j;
  }

  /** A string, number or template literal (its {@code ${...}} groups included). */
  private int literalEnd(int k) {
    int j = k + 1;
    if (t.punct[k] == '`') {
      while (t.is(j, '(') && lines.get(t.row[j]).charAt(t.column[j]) == '$') {
        j = t.partner[j] + 1;
      }
    }
    return j;
  }

  /** {@code <T>(a: T) => R} from its type parameters or parameters. */
  private int functionType(int k) throws Unsure {
    int j = t.is(k, '<') ? typeParameters(k) : k;
    if (!t.is(j, '(')) {
      throw new Unsure();
    }
    j = objects.parameters(j, null);
    if (!(t.is(j, '=') && t.is(j + 1, '>') && t.adjacent(j, j + 1))) {
      throw new Unsure();
    }
    return type(j + 2);
  }

  boolean spread(int k) {
    return t.is(k, '.') && t.is(k + 1, '.') && t.is(k + 2, '.');
  }

  /** After a list element: past its {@code ,}, or at the list's end. */
  int separator(int k, int close) throws Unsure {
    if (k == close) {
      return k;
    }
    if (t.is(k, ',')) {
      return k + 1;
    }
    throw new Unsure();
  }

  /** Type arguments {@code <A, B>} in a type; the index after the {@code >}. */
  int typeArguments(int open) throws Unsure {
    int k = open + 1;
    while (true) {
      k = type(k);
      if (t.is(k, ',')) {
        k++;
        if (!t.is(k, '>')) {
          continue;
        }
      }
      return angleClose(k);
    }
  }

  /**
   * Type parameters {@code <const T extends A = B, U>} of a declaration; the index after the
   * {@code >}.
   */
  int typeParameters(int open) throws Unsure {
    int k = open + 1;
    while (true) {
      while ((t.isWord(k, "const") || t.isWord(k, "in") || t.isWord(k, "out"))
          && t.isIdent(k + 1)) {
        k++;
      }
      if (!t.isIdent(k)) {
        throw new Unsure();
      }
      k++;
      if (t.isWord(k, "extends")) {
        k = type(k + 1);
      }
      if (t.is(k, '=') && !t.is(k + 1, '>')) {
        k = type(k + 1);
      }
      if (t.is(k, ',')) {
        k++;
        if (!t.is(k, '>')) {
          continue;
        }
      }
      return angleClose(k);
    }
  }

  /** The index after the {@code >} at {@code k}; {@code >=} is a token of its own. */
  private int angleClose(int k) throws Unsure {
    if (!t.is(k, '>') || t.is(k + 1, '=') && t.adjacent(k, k + 1)) {
      throw new Unsure();
    }
    return k + 1;
  }

  /** Records a signature once, however often its type is read. */
  void signature(int start, int startRow, Kind kind, String name, int header, int endRow) {
    if (!recorded[start]) {
      recorded[start] = true;
      found.add(new Found(start, kind, name, name, startRow, t.row[header], endRow, true));
    }
  }

  private void dropFrom(int size) {
    while (found.size() > size) {
      Found f = found.remove(found.size() - 1);
      recorded[f.startToken()] = false;
    }
  }

  // ---- types in expressions ----

  /**
   * For a {@code <} in an expression: the index after type arguments that a call follows
   * ({@code f<T>(x)}, {@code new Map<K, V>()}), marked; -1 for a comparison. Unsure where
   * arguments read as types but no call follows ({@code a < b > c}).
   */
  int callTypeArguments(int lt) throws Unsure {
    if (angle[lt] != 0) {
      return angle[lt];
    }
    int p = lt - 1;
    boolean afterName = p >= 0 && (t.kind[p] == IDENT || t.is(p, ')') || t.is(p, ']'));
    int end = -1;
    if (afterName) {
      int size = found.size();
      try {
        end = typeArguments(lt);
      } catch (Unsure e) {
        dropFrom(size);
      }
    }
    if (end < 0 && afterName && closingAngle(lt)) {
      // `a.b<{ c: d } & e()`: type arguments gone wrong, which the parser's error recovery
      // reads its own way; a comparison has no `>` after it in its expression
      throw new Unsure();
    }
    if (end >= 0) {
      if (!t.adjacent(p, lt) || !sameRow(end - 1, end)
          || !t.is(end, '(') && !(end < t.count && t.kind[end] == LITERAL
              && t.punct[end] == '`')) {
        throw new Unsure();
      }
      mark(lt, end);
    }
    angle[lt] = end;
    return end;
  }

  /** How far {@link #closingAngle} looks. */
  private static final int MAX_LOOK_AHEAD = 200;

  /**
   * Whether a {@code >} (not of {@code =>} or {@code >=}) follows the {@code <} at {@code lt}
   * at its level on its line, before a {@code ;} or closing bracket; unsure when that is too
   * far.
   */
  private boolean closingAngle(int lt) throws Unsure {
    int k = lt + 1;
    for (int steps = 0; k < t.count && t.row[k] == t.lastRow[k - 1]; steps++) {
      if (steps > MAX_LOOK_AHEAD) {
        throw new Unsure();
      }
      if (t.kind[k] == PUNCT) {
        char c = t.punct[k];
        if (c == '>' && !(t.is(k - 1, '=') && t.adjacent(k - 1, k))
            && !(t.is(k + 1, '=') && t.adjacent(k, k + 1))) {
          return true;
        }
        if (c == ';' || c == ')' || c == ']' || c == '}') {
          return false;
        }
        if (c == '(' || c == '[' || c == '{') {
          k = t.partner[k];
        }
      }
      k++;
    }
    return false;
  }

  /**
   * For {@code as} or {@code satisfies} at {@code i} after a value on its line: the index
   * after the type that follows, marked with the word; -1 when the word is no such operator.
   */
  int typeOperator(int i) throws Unsure {
    if (!(t.isWord(i, "as") || t.isWord(i, "satisfies")) || i == 0 || !sameRow(i - 1, i)) {
      return -1;
    }
    int p = i - 1;
    boolean afterValue = t.kind[p] == LITERAL || t.is(p, ')') || t.is(p, ']') || t.is(p, '}')
        || valueEnd[p] || nonNull(p) || t.kind[p] == IDENT
        && (!EcmascriptExpressions.KEYWORDS.contains(t.word[p])
            || EcmascriptExpressions.VALUE_WORDS.contains(t.word[p]));
    if (!afterValue || t.is(p, '*')) {
      return -1;
    }
    if (skip[i] != 0) {
      return skip[i];
    }
    if (t.isWord(i + 1, "const") && t.word[i].equals("as")) {
      return mark(i, i + 2);
    }
    return mark(i, type(i + 1));
  }

  /**
   * Whether the {@code <} at {@code lt} stands where an expression starts (after an operator, an
   * opening bracket or a keyword such as {@code return} or {@code async}): type parameters of a
   * generic arrow function or a type assertion, never a comparison.
   */
  boolean expressionStart(int lt) {
    int p = lt - 1;
    if (p < 0) {
      return true;
    }
    if (t.kind[p] == IDENT) {
      return EcmascriptExpressions.KEYWORDS.contains(t.word[p])
          && !EcmascriptExpressions.VALUE_WORDS.contains(t.word[p]);
    }
    return t.kind[p] == PUNCT && !t.is(p, ')') && !t.is(p, ']') && !valueEnd[p]
        && !nonNull(p);
  }

  /** A non-null assertion: {@code !} right after a value, no {@code =} after it. */
  boolean nonNull(int i) {
    int p = i - 1;
    return t.is(i, '!') && p >= 0 && t.adjacent(p, i)
        && (t.kind[p] == IDENT || t.is(p, ')') || t.is(p, ']') || valueEnd[p])
        && !(t.is(i + 1, '=') && t.adjacent(i, i + 1));
  }

  boolean sameRow(int a, int b) {
    return b < t.count && a >= 0 && t.lastRow[a] == t.row[b];
  }
}
