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
      String qualified = d.name();
      if (parent != null) {
        qualified = parent.qualifiedName() + "." + d.name();
        if (kind == Kind.FUNCTION && parent.kind().isContainer()) {
          kind = parent.name().equals(d.name()) ? Kind.CONSTRUCTOR : Kind.METHOD;
        }
      }
      Definition q =
          new Definition(kind, d.name(), qualified, d.startLine(), d.endLine(), d.headerLine());
      out.add(q);
      open.push(q);
    }
    return out;
  }
}
