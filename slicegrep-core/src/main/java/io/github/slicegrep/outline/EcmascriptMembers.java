package io.github.slicegrep.outline;

import static io.github.slicegrep.outline.CurlyTokens.LITERAL;
import static io.github.slicegrep.outline.CurlyTokens.PUNCT;

import io.github.slicegrep.outline.CurlyTokens.Found;
import io.github.slicegrep.outline.CurlyTokens.Unsure;
import io.github.slicegrep.outline.Definition.Kind;
import java.util.List;
import java.util.Set;

/**
 * The entries of JavaScript class bodies and object literals, for {@link EcmascriptOutliner}:
 * methods, function-valued fields and object entries are definitions; the brackets they open are
 * marked for the scan that reads on.
 */
final class EcmascriptMembers {
  /** Words before a method's name in a class body or an object literal. */
  static final Set<String> MODIFIERS = Set.of("static", "async", "get", "set");

  private final CurlyTokens t;
  private final List<String> lines;
  private final EcmascriptExpressions x;
  private final List<Found> found;
  private final int[] opens;
  private final boolean[] parameters;
  private final boolean[] accounted;
  private final boolean[] key;

  /** Reads into the scan's own marks and definitions, which it shares. */
  EcmascriptMembers(CurlyTokens t, List<String> lines, EcmascriptExpressions x, List<Found> found,
      int[] opens, boolean[] parameters, boolean[] accounted, boolean[] key) {
    this.t = t;
    this.lines = lines;
    this.x = x;
    this.found = found;
    this.opens = opens;
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
      int name = afterModifiers(k);
      int after = keyEnd(name);
      String text = keyText(name, after);
      if (t.is(after, '(')) {
        int body = t.partner[after] + 1;
        if (!t.is(body, '{')) {
          throw new Unsure();
        }
        parameters[after] = true;
        opens[body] = EcmascriptOutliner.BLOCK;
        found.add(new Found(start, Kind.METHOD, text, text, t.row[start], t.row[name],
            t.row[t.partner[body]], false));
        k = t.partner[body] + 1;
        continue;
      }
      if (name != start && !t.isWord(start, "static") || t.is(name, '*')) {
        throw new Unsure(); // `get x;`, `async x = 1`: not what a field looks like
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
      } else if (t.is(after, ';') || after == close) {
        k = after;
      } else if (t.row[after] > t.lastRow[after - 1]
          && x.automaticSemicolon(after - 1, after) == EcmascriptExpressions.ENDS) {
        k = after;
      } else {
        throw new Unsure();
      }
    }
  }

  // ---- object literals and patterns ----

  /** The entries of the object literal or pattern opening at {@code open}. */
  void objectEntries(int open, boolean pattern) throws Unsure {
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
}
