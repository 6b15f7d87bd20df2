package io.github.slicegrep.bench.changes.debian;

import io.github.slicegrep.bench.truth.Span;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Applies a patch series in memory, in order, and says where each hunk lands in the pristine
 * upstream tree. A series is cumulative: the line numbers of the tenth patch are those of the
 * tree after the first nine. The suite searches the pristine tree, so every line carries the
 * pristine line it came from (or, for a line a patch added, the pristine line before it), and a
 * hunk's region is read through that map.
 *
 * <p>A hunk is placed where its old side matches the current text, first at its stated line
 * (shifted by the hunks before it in the file) then at the nearest offset, as {@code patch}
 * does without fuzz; a hunk whose old side is nowhere is counted stale and changes nothing.
 */
public final class SeriesReplay {
  /** One hunk's region in pristine coordinates, in the file it changes. */
  public record Touched(String path, Span region) {}

  /**
   * What one patch did.
   *
   * @param touched the region of every placed hunk in a file of the upstream tree
   * @param stale hunks whose old side matched nowhere (the tree is not the one the series
   *     was made for, or a hunk needs fuzz)
   * @param absent hunks in files the upstream tree does not have (created by the series)
   */
  public record Applied(List<Touched> touched, int stale, int absent) {
    public Applied {
      touched = List.copyOf(touched);
    }
  }

  /** A line of the current text and where it came from: its pristine line, or 0 if added. */
  private record Line(String text, int origin, int anchor) {
    int pristine() {
      return origin > 0 ? origin : Math.max(1, anchor);
    }
  }

  private final Function<String, Optional<List<String>>> pristine;
  private final Map<String, List<Line>> files = new HashMap<>();
  /** Files created by the series: their regions are not in the upstream tree. */
  private final Map<String, Boolean> created = new HashMap<>();

  /** @param pristine the upstream text of a path, or empty when the tree has no such file */
  public SeriesReplay(Function<String, Optional<List<String>>> pristine) {
    this.pristine = pristine;
  }

  /** Applies the next patch of the series. */
  public Applied apply(UnifiedDiff diff) {
    List<Touched> touched = new ArrayList<>();
    int stale = 0;
    int absent = 0;
    for (UnifiedDiff.FileDiff f : diff.files()) {
      List<Line> text = current(f);
      boolean upstream = text != null && !created.getOrDefault(f.path(), false);
      if (text == null) {
        absent += f.hunks().size();
        continue;
      }
      int shift = 0;
      for (UnifiedDiff.Hunk h : f.hunks()) {
        List<String> old = h.oldLines();
        int expected = old.isEmpty() ? h.oldStart() + shift : h.oldStart() - 1 + shift;
        int at = old.isEmpty() ? Math.min(Math.max(0, expected), text.size())
            : locate(text, old, expected);
        if (at < 0) {
          stale++;
          continue;
        }
        if (upstream) {
          touched.add(new Touched(f.path(), region(f.path(), text, h, at)));
        } else {
          absent++;
        }
        replace(text, h, at);
        shift += (at - expected) + h.newLines().size() - old.size();
      }
      if (f.newPath() != null && f.oldPath() != null && !f.newPath().equals(f.oldPath())) {
        files.put(f.newPath(), files.remove(f.oldPath()));
        created.put(f.newPath(), created.getOrDefault(f.oldPath(), false));
      }
    }
    return new Applied(touched, stale, absent);
  }

  /** The current text of the file a diff changes, loaded on first use; null if it has none. */
  private List<Line> current(UnifiedDiff.FileDiff f) {
    if (f.oldPath() == null) {
      created.put(f.newPath(), true);
      return files.computeIfAbsent(f.newPath(), k -> new ArrayList<>());
    }
    List<Line> text = files.get(f.oldPath());
    if (text != null) {
      return text;
    }
    Optional<List<String>> up = pristine.apply(f.oldPath());
    if (up.isEmpty()) {
      return null;
    }
    List<Line> lines = new ArrayList<>();
    for (int i = 0; i < up.get().size(); i++) {
      lines.add(new Line(up.get().get(i), i + 1, i + 1));
    }
    files.put(f.oldPath(), lines);
    return lines;
  }

  /** The index where {@code old} matches, nearest to {@code expected} first; -1 if nowhere. */
  private static int locate(List<Line> text, List<String> old, int expected) {
    int limit = Math.max(expected, text.size() - expected) + 1;
    for (int d = 0; d <= limit; d++) {
      if (matches(text, old, expected - d)) {
        return expected - d;
      }
      if (d > 0 && matches(text, old, expected + d)) {
        return expected + d;
      }
    }
    return -1;
  }

  private static boolean matches(List<Line> text, List<String> old, int at) {
    if (at < 0 || at + old.size() > text.size()) {
      return false;
    }
    for (int i = 0; i < old.size(); i++) {
      // Trailing white space is not compared: a CR or a stripped blank is not a different line.
      if (!text.get(at + i).text().stripTrailing().equals(old.get(i).stripTrailing())) {
        return false;
      }
    }
    return true;
  }

  /**
   * The pristine lines a hunk placed at {@code at} changes: every removed line, and for lines
   * added with nothing removed before them, the line they follow (line 1 at the top).
   */
  private static Span region(String path, List<Line> text, UnifiedDiff.Hunk h, int at) {
    int cursor = at;
    int low = Integer.MAX_VALUE;
    int high = Integer.MIN_VALUE;
    char previous = ' ';
    for (String l : h.lines()) {
      char mark = l.charAt(0);
      int line = -1;
      if (mark == '-') {
        line = text.get(cursor).pristine();
        cursor++;
      } else if (mark == ' ') {
        cursor++;
      } else if (previous != '-' && previous != '+') {
        line = cursor > 0 ? text.get(cursor - 1).pristine() : 1;
      }
      if (line > 0) {
        low = Math.min(low, line);
        high = Math.max(high, line);
      }
      previous = mark;
    }
    if (low == Integer.MAX_VALUE) { // a hunk of context only changes nothing; name its place
      low = at < text.size() ? text.get(at).pristine() : Math.max(1, at);
      high = low;
    }
    return new Span(path, low, high);
  }

  /** Replaces the old side at {@code at} by the new side, carrying the origins of context. */
  private static void replace(List<Line> text, UnifiedDiff.Hunk h, int at) {
    List<Line> out = new ArrayList<>();
    int cursor = at;
    int anchor = at > 0 ? text.get(at - 1).pristine() : 0;
    for (String l : h.lines()) {
      char mark = l.charAt(0);
      if (mark == ' ') {
        Line kept = text.get(cursor++);
        out.add(kept);
        anchor = kept.pristine();
      } else if (mark == '-') {
        anchor = text.get(cursor++).pristine();
      } else {
        out.add(new Line(l.substring(1), 0, anchor));
      }
    }
    List<Line> window = text.subList(at, cursor);
    window.clear();
    window.addAll(out);
  }
}
