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
    List<Hit> ordered = inLineOrder(hits);
    int n = file.lineCount();
    // long arithmetic: before and after may be as large as Integer.MAX_VALUE
    int windowLines = (int) Math.min(Integer.MAX_VALUE, (long) before + after + 1);
    // One span per distinct hit line (hits on one line differ only in fragment), in line order.
    int lines = 0;
    int[] first = new int[ordered.size() + 1]; // index in ordered of each line's first hit
    for (int k = 0; k < ordered.size(); k++) {
      if (k == 0 || ordered.get(k).line() != ordered.get(k - 1).line()) {
        first[lines++] = k;
      }
    }
    first[lines] = ordered.size();
    int[] spanStart = new int[lines];
    int[] spanEnd = new int[lines];
    Definition[] enclosingOf = new Definition[lines];
    boolean[] snapped = new boolean[lines];
    for (int i = 0; i < lines; i++) {
      int line = ordered.get(first[i]).line();
      Definition enclosing = boundary == Boundary.NONE ? null : outline.innermost(line);
      if (boundary == Boundary.FN && enclosing != null) {
        enclosing = widenTiny(enclosing, outline, windowLines);
      }
      boolean snap =
          enclosing != null
              && (boundary == Boundary.FN
                  || (boundary == Boundary.AUTO && enclosing.lineCount() <= windowLines));
      enclosingOf[i] = enclosing;
      snapped[i] = snap;
      if (snap && boundary == Boundary.FN && enclosing.lineCount() > windowLines
          && (enclosing.kind().isContainer() || hasNested(enclosing, outline))) {
        int[] own = ownLinesAround(enclosing, outline, line, before, after);
        spanStart[i] = own[0];
        spanEnd[i] = own[1];
      } else if (snap) {
        spanStart[i] = enclosing.startLine();
        spanEnd[i] = enclosing.endLine();
      } else {
        spanStart[i] = (int) Math.max(1, (long) line - before);
        spanEnd[i] = (int) Math.min(n, (long) line + after);
      }
    }
    // Every span holds its own line, so the regions (spans merged while they overlap, or in
    // the windowed modes touch) are runs of consecutive hit lines: a span reaching back over
    // earlier regions swallows them. A stack of the regions so far, newest on top.
    boolean mergeTouching = boundary != Boundary.FN;
    int[] groupFirst = new int[lines]; // first span of each region
    int[] groupStart = new int[lines];
    int[] groupEnd = new int[lines];
    int groups = 0;
    for (int i = 0; i < lines; i++) {
      int start = spanStart[i];
      int end = spanEnd[i];
      int from = i;
      while (groups > 0
          && (start <= groupEnd[groups - 1]
              || (mergeTouching && start == groupEnd[groups - 1] + 1))) {
        groups--;
        from = groupFirst[groups];
        start = Math.min(start, groupStart[groups]);
        end = Math.max(end, groupEnd[groups]);
      }
      groupFirst[groups] = from;
      groupStart[groups] = start;
      groupEnd[groups] = end;
      groups++;
    }
    List<Region> out = new ArrayList<>(groups);
    boolean trimBlankEdges = boundary == Boundary.AUTO;
    for (int g = 0; g < groups; g++) {
      int from = groupFirst[g];
      int to = g + 1 < groups ? groupFirst[g + 1] : lines; // spans from..to-1
      int start = groupStart[g];
      int end = groupEnd[g];
      boolean anySnapped = false;
      for (int i = from; i < to; i++) {
        anySnapped |= snapped[i];
      }
      List<Hit> regionHits = ordered.subList(first[from], first[to]);
      if (trimBlankEdges && !anySnapped) {
        int firstHitLine = regionHits.get(0).line();
        int lastHitLine = regionHits.get(regionHits.size() - 1).line();
        while (start < end && start < firstHitLine && file.line(start).isBlank()) {
          start++;
        }
        while (end > start && end > lastHitLine && file.line(end).isBlank()) {
          end--;
        }
      }
      out.add(
          new Region(file, start, end, regionHits, definitionOf(enclosingOf, from, to, start, end)));
    }
    return out;
  }

  /** The hits by line, then fragment: as given when they already are (a scan's always are). */
  private static List<Hit> inLineOrder(List<Hit> hits) {
    for (int k = 1; k < hits.size(); k++) {
      if (BY_LINE_THEN_FRAGMENT.compare(hits.get(k - 1), hits.get(k)) > 0) {
        List<Hit> sorted = new ArrayList<>(hits);
        sorted.sort(BY_LINE_THEN_FRAGMENT);
        return sorted;
      }
    }
    return hits;
  }

  /**
   * A one-line definition inside a function ({@code decode: (s) => parse(s)} in an object
   * literal, an inline callback) is an expression more than a function: alone it says little,
   * and the function around it, when that fits the window, is the unit a reader wants. Members
   * of a class, and functions with a body of their own, stay the smallest enclosing definition.
   */
  static Definition widenTiny(Definition d, Outline outline, int windowLines) {
    if (d.lineCount() > TINY_DEFINITION_LINES) {
      return d;
    }
    return outline.parent(d)
        .filter(p -> !p.kind().isContainer() && p.lineCount() <= windowLines)
        .orElse(d);
  }

  /** Whether {@code d} holds other definitions (a module-pattern function with closures). */
  static boolean hasNested(Definition d, Outline outline) {
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
  static int[] ownLinesAround(
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

  /** By line, then fragment: the order hits are kept in. */
  private static final Comparator<Hit> BY_LINE_THEN_FRAGMENT =
      (a, b) -> a.line() != b.line()
          ? Integer.compare(a.line(), b.line())
          : Integer.compare(a.fragment(), b.fragment());

  /**
   * The smallest definition enclosing a hit line of spans {@code from..to-1} that covers the
   * whole region, else the first hit line's enclosing one.
   */
  private static @Nullable Definition definitionOf(
      @Nullable Definition[] enclosingOf, int from, int to, int start, int end) {
    Definition best = null;
    for (int i = from; i < to; i++) {
      Definition d = enclosingOf[i];
      if (d != null && d.startLine() <= start && d.endLine() >= end
          && (best == null || d.lineCount() < best.lineCount())) {
        best = d;
      }
    }
    return best != null ? best : enclosingOf[from];
  }
}
