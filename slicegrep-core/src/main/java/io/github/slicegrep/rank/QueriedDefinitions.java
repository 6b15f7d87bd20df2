package io.github.slicegrep.rank;

import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.Region;
import io.github.slicegrep.outline.Definition;
import io.github.slicegrep.outline.NamedValues;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.source.SourceFile;
import java.util.LinkedHashSet;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What a region defines of the symbols a query names (a definition with a body whose header the
 * region holds, or a constant or variable declared on one of its hit lines outside any function;
 * the name matched ignoring case, and for a name typed with what encloses it, {@code
 * QuerySet.reverse}, enclosed so), and how strongly that answers the query.
 *
 * @param symbols the query's symbols defined there, in the query's spelling
 * @param strength from 1 to {@code EXACT_CASE_STRENGTH * OUTER_STRENGTH}, the best of the
 *     definitions: spelled as the query spells it ({@code TypeFactory} the class, not {@code
 *     typeFactory()} the accessors), and a type or a top-level function rather than a member
 *     ({@code reverse()} the function, not {@code QuerySet.reverse}), unless the query names the
 *     member with what encloses it. A bare name is the thing itself more often than a member that
 *     happens to share its letters. A shortcut that hands the call on to a member of its own name
 *     gets neither: it is not the thing.
 * @param first the first definition with a body, in the outline's order, of a queried symbol:
 *     the header a cut of the region keeps; null when none (a constant's line is a hit already)
 */
record QueriedDefinitions(Set<String> symbols, double strength, @Nullable Definition first) {
  /** More for a definition spelled exactly as the query spells the name. */
  static final double EXACT_CASE_STRENGTH = 1.5;
  /** More for a type or a top-level function, or the member a qualified name asks for. */
  static final double OUTER_STRENGTH = 1.5;
  /** Code lines at most in a body that only hands its call on. */
  private static final int WRAPPER_LINES = 3;

  private static final QueriedDefinitions NONE = new QueriedDefinitions(Set.of(), 1, null);

  static QueriedDefinitions of(Query query, Region region, Outline outline) {
    if (query.symbols().isEmpty()) {
      return NONE;
    }
    Set<String> symbols = new LinkedHashSet<>();
    double strength = 1;
    Definition first = null;
    for (Definition d : outline.definitions()) {
      if (d.headerLine() < region.start() || d.headerLine() > region.end()
          || d.declarationOnly()) {
        continue;
      }
      for (String symbol : query.symbols()) {
        String path = query.qualified().get(symbol);
        if (d.definesAsAsked(symbol, path)) {
          symbols.add(symbol);
          first = first == null ? d : first;
          if (!delegates(d, region.file())) {
            strength = Math.max(strength, strength(d.name(), symbol, path, isOuter(d, outline)));
          }
        }
      }
    }
    // A constant or variable declared outside any function is the definition of its name too.
    for (Hit hit : region.hits()) {
      NamedValues.Declared value = NamedValues.at(region.file(), outline, hit.line());
      if (value == null) {
        continue;
      }
      for (String symbol : query.symbols()) {
        String path = query.qualified().get(symbol);
        if (value.isAsAsked(symbol, path)) {
          symbols.add(symbol);
          strength = Math.max(strength, strength(value.name(), symbol, path, value.outer()));
        }
      }
    }
    return symbols.isEmpty() ? NONE : new QueriedDefinitions(symbols, strength, first);
  }

  /**
   * How strongly a name declared as {@code declared} answers {@code symbol}: spelled exactly
   * so, and an outer name (or the member a qualified name asks for, which is exactly what was
   * asked).
   */
  private static double strength(
      String declared, String symbol, @Nullable String path, boolean outer) {
    double s = declared.equals(symbol) ? EXACT_CASE_STRENGTH : 1;
    return path != null || outer ? s * OUTER_STRENGTH : s;
  }

  /**
   * A type or a top-level function. Not a Rust {@code impl}: {@code TcpListener} asks for the
   * struct, whose impl blocks hold its methods.
   */
  private static boolean isOuter(Definition d, Outline outline) {
    if (d.kind() == Definition.Kind.IMPL) {
      return false;
    }
    return d.kind().isType() || !isMember(d, outline);
  }

  /**
   * A function whose short body calls a member of its own name ({@code func Run(addr) { return
   * engine().Run(addr) }}): a shortcut to the thing, not the thing, however outer it stands.
   */
  private static boolean delegates(Definition d, SourceFile file) {
    if (d.kind().isContainer()) {
      return false;
    }
    int code = 0;
    boolean calls = false;
    String call = d.name() + "(";
    for (int n = d.headerLine() + 1; n <= d.endLine() && n <= file.lineCount(); n++) {
      String line = file.line(n).strip();
      if (line.isEmpty() || line.equals("}") || line.equals("end")) {
        continue;
      }
      if (++code > WRAPPER_LINES) {
        return false;
      }
      int at = line.indexOf(call);
      while (at > 0 && !calls) {
        char before = line.charAt(at - 1);
        calls = before == '.' || before == ':' || before == '>';
        at = line.indexOf(call, at + 1);
      }
    }
    return calls;
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
