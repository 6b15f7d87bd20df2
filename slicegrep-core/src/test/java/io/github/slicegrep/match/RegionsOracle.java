package io.github.slicegrep.match;

import io.github.slicegrep.Boundary;
import io.github.slicegrep.outline.Definition;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The first, plainer way {@link Regions} was built (a span per hit, sorted, swept), kept as the
 * oracle its faster replacement is checked against.
 */
final class RegionsOracle {
  private RegionsOracle() {}

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
  static List<Region> build(
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
        enclosing = Regions.widenTiny(enclosing, outline, windowLines);
      }
      boolean snap =
          enclosing != null
              && (boundary == Boundary.FN
                  || (boundary == Boundary.AUTO && enclosing.lineCount() <= windowLines));
      if (snap && boundary == Boundary.FN && enclosing.lineCount() > windowLines
          && (enclosing.kind().isContainer() || Regions.hasNested(enclosing, outline))) {
        int[] own = Regions.ownLinesAround(enclosing, outline, line, before, after);
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
