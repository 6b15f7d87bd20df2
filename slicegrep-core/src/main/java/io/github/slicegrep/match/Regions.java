package io.github.slicegrep.match;

import io.github.slicegrep.Boundary;
import io.github.slicegrep.outline.Definition;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Grows hits into regions according to the boundary mode, then merges what overlaps. */
public final class Regions {
  /** Definitions this short, nested in a function, widen to that function in {@code fn} mode. */
  static final int TINY_DEFINITION_LINES = 1;

  private Regions() {}

  /**
   * The regions of one file, in line order, never overlapping.
   *
   * <ul>
   *   <li>{@link Boundary#NONE}: the context window around each hit; windows that overlap or
   *       touch merge.
   *   <li>{@link Boundary#AUTO}: the same, except that a hit inside a definition no longer than
   *       the window takes that whole definition instead of a cut through it.
   *   <li>{@link Boundary#FN}: the smallest enclosing definition, whole; the window at top
   *       level. Regions merge only when they overlap (a shared or nested definition), never
   *       merely because two definitions are neighbours.
   * </ul>
   */
  public static List<Region> build(
      SourceFile file, List<Hit> hits, Outline outline, Boundary boundary, int before,
      int after) {
    if (hits.isEmpty()) {
      return List.of();
    }
    int n = file.lineCount();
    // long arithmetic: before and after may be as large as Integer.MAX_VALUE
    int windowLines = (int) Math.min(Integer.MAX_VALUE, (long) before + after + 1);
    List<Span> spans = new ArrayList<>(hits.size());
    for (Hit hit : hits) {
      int line = hit.line();
      Definition enclosing =
          boundary == Boundary.NONE ? null : outline.enclosing(line).orElse(null);
      if (boundary == Boundary.FN && enclosing != null) {
        enclosing = widenTiny(enclosing, outline, windowLines);
      }
      boolean snap =
          enclosing != null
              && (boundary == Boundary.FN
                  || (boundary == Boundary.AUTO && enclosing.lineCount() <= windowLines));
      if (snap && boundary == Boundary.FN && enclosing.lineCount() > windowLines
          && (enclosing.kind().isContainer() || hasNested(enclosing, outline))) {
        int[] own = ownLinesAround(enclosing, outline, line, before, after);
        spans.add(new Span(own[0], own[1], hit, enclosing, true));
      } else if (snap) {
        spans.add(new Span(enclosing.startLine(), enclosing.endLine(), hit, enclosing, true));
      } else {
        int start = (int) Math.max(1, (long) line - before);
        int end = (int) Math.min(n, (long) line + after);
        spans.add(new Span(start, end, hit, enclosing, false));
      }
    }
    spans.sort(Span.BY_START_THEN_LONGEST);
    boolean mergeTouching = boundary != Boundary.FN;
    List<Region> out = new ArrayList<>();
    List<Span> group = new ArrayList<>();
    int groupEnd = -1;
    for (Span s : spans) {
      boolean joins = !group.isEmpty()
          && (s.start <= groupEnd || (mergeTouching && s.start == groupEnd + 1));
      if (!group.isEmpty() && !joins) {
        out.add(toRegion(file, group, boundary == Boundary.AUTO));
        group.clear();
      }
      group.add(s);
      groupEnd = Math.max(groupEnd, s.end);
      if (group.size() == 1) {
        groupEnd = s.end;
      }
    }
    out.add(toRegion(file, group, boundary == Boundary.AUTO));
    return out;
  }

  /**
   * A one-line definition inside a function ({@code decode: (s) => parse(s)} in an object
   * literal, an inline callback) is an expression more than a function: alone it says little,
   * and the function around it, when that fits the window, is the unit a reader wants. Members
   * of a class, and functions with a body of their own, stay the smallest enclosing definition.
   */
  private static Definition widenTiny(Definition d, Outline outline, int windowLines) {
    if (d.lineCount() > TINY_DEFINITION_LINES) {
      return d;
    }
    return outline.parent(d)
        .filter(p -> !p.kind().isContainer() && p.lineCount() <= windowLines)
        .orElse(d);
  }

  /** Whether {@code d} holds other definitions (a module-pattern function with closures). */
  private static boolean hasNested(Definition d, Outline outline) {
    for (Definition o : outline.definitions()) {
      if (o != d && o.startLine() > d.headerLine() && o.endLine() <= d.endLine()) {
        return true;
      }
    }
    return false;
  }

  /**
   * For a hit in a class, or a function holding nested definitions, larger than the window but
   * outside those nested definitions: the container's own lines around the hit, never reaching into a nested
   * definition. Showing the whole class would bury the answer and swallow every method region
   * that overlaps it. A hit on the header (or its doc and annotations) takes the head: from the
   * decorated start to the first nested definition, at most {@code after} lines past the header.
   */
  private static int[] ownLinesAround(
      Definition container, Outline outline, int line, int before, int after) {
    int gapStart = container.startLine();
    int gapEnd = container.endLine();
    for (Definition d : outline.definitions()) {
      if (d == container || d.startLine() < container.startLine()
          || d.endLine() > container.endLine()) {
        continue;
      }
      if (d.endLine() < line) {
        gapStart = Math.max(gapStart, d.endLine() + 1);
      } else if (d.startLine() > line) {
        gapEnd = Math.min(gapEnd, d.startLine() - 1);
      }
    }
    boolean header = line <= container.headerLine();
    int start = header ? container.startLine() : (int) Math.max(gapStart, (long) line - before);
    long reach = header ? (long) container.headerLine() + Math.max(after, 1) : (long) line + after;
    int end = (int) Math.max(line, Math.min(gapEnd, reach));
    return new int[] {start, end};
  }

  private record Span(int start, int end, Hit hit, @Nullable Definition enclosing, boolean snapped) {
    /** Written out: a question cuts thousands of regions, and key extractors box every key. */
    static final Comparator<Span> BY_START_THEN_LONGEST =
        (a, b) -> a.start != b.start
            ? Integer.compare(a.start, b.start)
            : Integer.compare(b.end, a.end);
  }

  /** By line, then fragment: the order hits are kept in. */
  private static final Comparator<Hit> BY_LINE_THEN_FRAGMENT =
      (a, b) -> a.line() != b.line()
          ? Integer.compare(a.line(), b.line())
          : Integer.compare(a.fragment(), b.fragment());

  /** Windows in auto mode shed blank lines at their edges; {@code none} keeps them exact. */
  private static Region toRegion(SourceFile file, List<Span> group, boolean trimBlankEdges) {
    int start = Integer.MAX_VALUE;
    int end = 0;
    List<Hit> hits = new ArrayList<>(group.size());
    boolean anySnapped = false;
    boolean sorted = true;
    for (Span s : group) {
      start = Math.min(start, s.start);
      end = Math.max(end, s.end);
      sorted &=
          hits.isEmpty() || BY_LINE_THEN_FRAGMENT.compare(hits.get(hits.size() - 1), s.hit) <= 0;
      hits.add(s.hit);
      anySnapped |= s.snapped;
    }
    if (!sorted) {
      hits.sort(BY_LINE_THEN_FRAGMENT);
    }
    if (trimBlankEdges && !anySnapped) {
      while (start < end && file.line(start).isBlank() && start < hits.get(0).line()) {
        start++;
      }
      while (end > start && file.line(end).isBlank() && end > hits.get(hits.size() - 1).line()) {
        end--;
      }
    }
    return new Region(file, start, end, hits, definitionOf(group, start, end));
  }

  /** The smallest definition that covers the whole region, else the first hit's enclosing one. */
  private static @Nullable Definition definitionOf(List<Span> group, int start, int end) {
    Definition best = null;
    for (Span s : group) {
      Definition d = s.enclosing;
      if (d != null && d.startLine() <= start && d.endLine() >= end
          && (best == null || d.lineCount() < best.lineCount())) {
        best = d;
      }
    }
    if (best != null) {
      return best;
    }
    Span first = group.get(0);
    for (Span s : group) {
      if (s.hit.line() < first.hit.line()) {
        first = s;
      }
    }
    return first.enclosing;
  }
}
