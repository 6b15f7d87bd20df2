package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.CurlyTokens.LITERAL;
import static io.github.slicegrep.outline.CurlyTokens.PUNCT;

import io.github.slicegrep.outline.CurlyTokens.Found;
import io.github.slicegrep.outline.CurlyTokens.Unsure;
import io.github.slicegrep.outline.Definition.Kind;
import java.util.Set;

/**
 * The entries of JavaScript class bodies and object literals, for {@link EcmascriptOutliner}:
 * methods, function-valued fields and object entries are definitions; the brackets they open are
 * marked for the scan that reads on. In TypeScript, members' modifiers, {@code ?} and {@code !},
 * type annotations and index signatures are marked for the scan to pass over, and a method
 * without a body (an overload, an abstract or ambient method) is a signature.
 */
final class EcmascriptMembers extends EcmascriptPart {
  /** Words before a method's name in a class body or an object literal. */
  static final Set<String> MODIFIERS = Set.of("static", "async", "get", "set");

  /** Words TypeScript adds before a class member's name; the scan passes over them. */
  private static final Set<String> TYPESCRIPT_MODIFIERS =
      Set.of("public", "private", "protected", "readonly", "abstract", "override", "declare",
          "accessor");

  private final boolean[] parameters;
  private final boolean[] accounted;
  private final boolean[] key;

  /** Reads into the scan's own marks and definitions, which it shares. */
  EcmascriptMembers(Shared shared, boolean[] parameters, boolean[] accounted, boolean[] key) {
    super(shared);
    this.parameters = parameters;
    this.accounted = accounted;
    this.key = key;
  }

  /** The methods and function-valued fields of the class body opening at {@code open}. */
  void classMembers(int open) throws Unsure {
    int close = t.partner[open];
    int k = open + 1;
    while (k < close) {
      if (t.is(k, ';')) {
        k++;
        continue;
      }
      int start = k;
      if (t.isWord(k, "static") && t.is(k + 1, '{')) {
        opens[k + 1] = EcmascriptOutliner.BLOCK; // a static initialisation block
        k = t.partner[k + 1] + 1;
        continue;
      }
      int name = afterModifiers(k, true);
      if (types != null && t.is(name, '[') && t.isIdent(name + 1) && t.is(name + 2, ':')) {
        k = memberEnd(types.mark(name, types.objects.indexOrMapped(name)), close); // an index signature
        continue;
      }
      int after = keyEnd(name);
      String text = keyText(name, after);
      if (types != null && (t.is(after, '?') || t.is(after, '!'))) {
        after = types.mark(after, after + 1); // `x?: T`, `x!: T`, `m?() {}`
      }
      if (t.is(after, '(') || types != null && t.is(after, '<')) {
        int params = x.parametersAt(after);
        int body = x.body(params);
        parameters[params] = true;
        if (body < 0) {
          // An overload, an abstract or an ambient method: TypeScript's method signature
          int end = t.partner[params] + 1;
          end = types.skip[end] != 0 ? types.skip[end] : end;
          types.signature(start, t.row[start], Kind.METHOD, text, name, t.lastRow[end - 1]);
          k = memberEnd(end, close);
          continue;
        }
        opens[body] = EcmascriptOutliner.BLOCK;
        found.add(new Found(start, Kind.METHOD, text, text, t.row[start], t.row[name],
            t.row[t.partner[body]], false));
        k = t.partner[body] + 1;
        continue;
      }
      for (int m = start; m < name; m++) {
        if (!t.isWord(m, "static") && !TYPESCRIPT_MODIFIERS.contains(t.word[m])) {
          throw new Unsure(); // `get x;`, `async x = 1`: not what a field looks like
        }
      }
      if (t.is(name, '*')) {
        throw new Unsure();
      }
      if (types != null && t.is(after, ':')) {
        after = types.annotation(after);
      }
      if (t.is(after, '=') && x.plainAssignment(after)) {
        accounted[after] = true;
        int value = after + 1;
        int end = x.expressionEnd(value);
        if (x.functionEnd(value) == end) {
          found.add(new Found(start, Kind.METHOD, text, text, t.row[start], t.row[name],
              t.lastRow[end], false));
        }
        k = end + 1;
        if (t.is(k, ',')) {
          throw new Unsure();
        }
      } else {
        k = memberEnd(after, close);
      }
    }
  }

  /** Where the next member starts after one that ends before {@code k} without a value. */
  private int memberEnd(int k, int close) throws Unsure {
    if (t.is(k, ';') || k == close || t.row[k] > t.lastRow[k - 1]
        && x.automaticSemicolon(k - 1, k) == EcmascriptExpressions.ENDS) {
      return k;
    }
    throw new Unsure();
  }

  // ---- object literals and patterns ----

  /**
   * The entries of the object literal or pattern opening at {@code open}; whether one is a name
   * with a default ({@code { a = 1 }}, which only a pattern has).
   */
  boolean objectEntries(int open, boolean pattern) throws Unsure {
    int close = t.partner[open];
    int k = open + 1;
    int size = found.size();
    boolean defaults = false;
    while (k < close) {
      int end = k;
      while (end < close && !t.is(end, ',')) {
        int over = x.over(end);
        end = over > end ? over : end + 1;
      }
      entry(k, end, pattern);
      defaults |= t.isIdent(k) && t.is(k + 1, '=') && x.plainAssignment(k + 1);
      k = end + 1;
    }
    if (defaults && found.size() > size) {
      // `{ a = 1, m: () => {} }`: a default makes it a pattern to the parser (broken code
      // where it is no pattern), and a pattern's entries are no definitions
      throw new Unsure();
    }
    return defaults;
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
    int name = afterModifiers(from, false);
    int after = keyEnd(name);
    String text = keyText(name, after);
    if (after == to && name == from) {
      return; // shorthand
    }
    if ((t.is(after, '(') || types != null && t.is(after, '<')) && !pattern) {
      int params = x.parametersAt(after);
      int body = x.body(params);
      if (body < 0 || t.partner[body] != to - 1) {
        throw new Unsure();
      }
      parameters[params] = true;
      opens[body] = EcmascriptOutliner.BLOCK;
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
      if (!pattern && x.functionEnd(value) == to - 1) {
        String unquoted = text.replaceAll("^[\"'`]|[\"'`]$", "");
        if (!unquoted.isEmpty()) {
          found.add(new Found(from, Kind.METHOD, unquoted, unquoted, t.row[from],
              t.row[from], t.lastRow[to - 1], false));
        }
      }
      return;
    }
    if (t.is(after, '=') && x.plainAssignment(after) && t.isIdent(from)) {
      accounted[after] = true; // a default in a pattern
      return;
    }
    if (t.isWord(after, "as") && t.isIdent(after + 1) && after + 2 == to) {
      return; // an import or export list
    }
    throw new Unsure();
  }

  /**
   * The index of a member's or entry's key after its modifiers (TypeScript's, marked, in a
   * class body) and generator star.
   */
  private int afterModifiers(int k, boolean classBody) throws Unsure {
    int j = k;
    while (t.isIdent(j) && (MODIFIERS.contains(t.word[j]) || classBody && types != null
        && TYPESCRIPT_MODIFIERS.contains(t.word[j])) && startsKey(j + 1)) {
      if (t.row[j + 1] != t.row[j]) {
        throw new Unsure();
      }
      if (!MODIFIERS.contains(t.word[j])) {
        types.mark(j, j + 1);
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
}
