package io.github.slicegrep.rank;

import io.github.slicegrep.match.Region;
import io.github.slicegrep.outline.Definition;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.query.Query;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * What a region defines of the symbols a query names (a definition with a body whose header the
 * region holds, the name matched ignoring case, and for a name typed with what encloses it,
 * {@code QuerySet.reverse}, enclosed so), and how strongly that answers the query.
 *
 * @param symbols the query's symbols defined there, in the query's spelling
 * @param strength from 1 to {@code EXACT_CASE_STRENGTH * OUTER_STRENGTH}, the best of the
 *     definitions: spelled as the query spells it ({@code TypeFactory} the class, not {@code
 *     typeFactory()} the accessors), and a type or a top-level function rather than a member
 *     ({@code reverse()} the function, not {@code QuerySet.reverse}), unless the query names the
 *     member with what encloses it. A bare name is the thing itself more often than a member that
 *     happens to share its letters.
 */
record QueriedDefinitions(Set<String> symbols, double strength) {
  /** More for a definition spelled exactly as the query spells the name. */
  static final double EXACT_CASE_STRENGTH = 1.5;
  /** More for a type or a top-level function, or the member a qualified name asks for. */
  static final double OUTER_STRENGTH = 1.5;

  private static final QueriedDefinitions NONE = new QueriedDefinitions(Set.of(), 1);

  static QueriedDefinitions of(Query query, Region region, Outline outline) {
    if (query.symbols().isEmpty()) {
      return NONE;
    }
    Set<String> symbols = new LinkedHashSet<>();
    double strength = 1;
    for (Definition d : outline.definitions()) {
      if (d.headerLine() < region.start() || d.headerLine() > region.end()
          || d.declarationOnly()) {
        continue;
      }
      for (String symbol : query.symbols()) {
        String path = query.qualified().get(symbol);
        if (d.definesAsAsked(symbol, path)) {
          symbols.add(symbol);
          double s = d.name().equals(symbol) ? EXACT_CASE_STRENGTH : 1;
          // Typed with what encloses it, a member is exactly what was asked for.
          if (path != null || d.kind().isType() || !isMember(d, outline)) {
            s *= OUTER_STRENGTH;
          }
          strength = Math.max(strength, s);
        }
      }
    }
    return symbols.isEmpty() ? NONE : new QueriedDefinitions(symbols, strength);
  }

  /** A method, or a function inside another definition (a class, a function). */
  private static boolean isMember(Definition d, Outline outline) {
    if (d.kind() == Definition.Kind.METHOD || d.kind() == Definition.Kind.CONSTRUCTOR) {
      return true;
    }
    Definition parent = outline.parent(d).orElse(null);
    return parent != null && parent.kind() != Definition.Kind.MODULE
        && parent.kind() != Definition.Kind.NAMESPACE;
  }
}
