package io.github.slicegrep.outline;

import io.github.slicegrep.outline.Definition.Kind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;

/**
 * Gives definitions their qualified names and turns functions inside classes into methods, from
 * line containment alone, so every outliner gets the same nesting rules.
 *
 * <p>A definition's incoming qualified name is its own local part: usually its name, but an
 * out-of-class C++ method ({@code Scorer::score}) or a Go method with a receiver arrives as
 * {@code Scorer.score}, and the enclosing definitions' names are put in front of that.
 */
final class Nesting {
  private Nesting() {}

  static List<Definition> qualify(List<Definition> flat) {
    List<Definition> sorted = new ArrayList<>(flat);
    sorted.sort(
        Comparator.comparingInt(Definition::startLine)
            .thenComparing(Comparator.comparingInt(Definition::endLine).reversed()));
    List<Definition> out = new ArrayList<>(sorted.size());
    Deque<Definition> open = new ArrayDeque<>();
    for (Definition d : sorted) {
      while (!open.isEmpty() && open.peek().endLine() < d.headerLine()) {
        open.pop();
      }
      Definition parent = open.peek();
      Kind kind = d.kind();
      String qualified = d.qualifiedName();
      if (parent != null) {
        qualified = parent.qualifiedName() + "." + d.qualifiedName();
        if (kind == Kind.FUNCTION && parent.kind().isType()) {
          kind = parent.name().equals(d.name()) ? Kind.CONSTRUCTOR : Kind.METHOD;
        }
      }
      Definition q = d.nestedAs(kind, qualified);
      out.add(q);
      open.push(q);
    }
    return out;
  }
}
