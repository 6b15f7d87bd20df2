package io.github.slicegrep.outline;

import io.github.slicegrep.outline.CurlyTokens.Found;
import io.github.slicegrep.outline.CurlyTokens.Unsure;
import io.github.slicegrep.outline.Definition.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Variable declarations and assignment statements, for {@link EcmascriptOutliner}: a function
 * held by a {@code const}/{@code let}/{@code var} (the whole declaration is its range) or
 * assigned in a statement of its own ({@code exports.load = function () {...}}, {@code
 * A.prototype.score = ...}), named as the parser names it.
 */
final class EcmascriptStatements extends EcmascriptPart {
  private final boolean[] accounted;

  /** Reads into the scan's own marks and definitions, which it shares. */
  EcmascriptStatements(Shared shared, boolean[] accounted) {
    super(shared);
    this.accounted = accounted;
  }

  /** {@code const a = ..., b = ...} at {@code at}, the range starting at {@code start}. */
  void declarators(int at, int start) throws Unsure {
    List<Integer> functions = new ArrayList<>();
    int j = at + 1;
    while (true) {
      int name = -1;
      if (t.isIdent(j) && (!EcmascriptExpressions.KEYWORDS.contains(t.word[j]) || EcmascriptMembers.MODIFIERS.contains(t.word[j]))) {
        name = j++;
      } else if (t.is(j, '{') || t.is(j, '[')) {
        opens[j] = EcmascriptOutliner.PATTERN;
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
  int assignmentEquals(int i) throws Unsure {
    int j = i + 1;
    while (t.is(j, '.') && t.isIdent(j + 1)) {
      j += 2;
    }
    return t.is(j, '=') && x.plainAssignment(j) && x.functionStart(j + 1) ? j : -1;
  }

  /** An assignment statement of a function: {@code exports.load = function () {...};}. */
  void assignmentStatement(int i) throws Unsure {
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
}
