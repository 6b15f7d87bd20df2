package io.github.slicegrep.bench.changes.debian;

import io.github.slicegrep.bench.truth.Span;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The touched regions of a change: its hunks' regions, with near ones taken as one place. */
public final class Regions {
  /**
   * Regions of one file this many lines apart or closer are merged: the width of two hunks'
   * default context, so edits a diff with more context would show as one hunk count once.
   */
  public static final int MERGE_GAP = 6;

  private Regions() {}

  /** {@code spans} merged per file when they overlap or lie within {@code gap} lines. */
  public static List<Span> merge(List<Span> spans, int gap) {
    List<Span> sorted = new ArrayList<>(spans);
    sorted.sort(Comparator.comparing(Span::file).thenComparingInt(Span::start));
    List<Span> out = new ArrayList<>();
    for (Span s : sorted) {
      Span last = out.isEmpty() ? null : out.get(out.size() - 1);
      if (last != null && last.file().equals(s.file()) && s.start() <= last.end() + gap + 1) {
        out.set(out.size() - 1, new Span(s.file(), last.start(), Math.max(last.end(), s.end())));
      } else {
        out.add(s);
      }
    }
    return List.copyOf(out);
  }
}
