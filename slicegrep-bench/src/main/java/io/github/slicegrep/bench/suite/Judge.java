package io.github.slicegrep.bench.suite;

import io.github.slicegrep.bench.strategy.Retrieval;
import io.github.slicegrep.bench.truth.SourceFile;
import io.github.slicegrep.bench.truth.SourceSet;
import io.github.slicegrep.bench.truth.Span;
import io.github.slicegrep.bench.truth.Task;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Decides hits: every non-blank line of one alternative of every requirement was shown. */
public final class Judge {
  private Judge() {}

  public static boolean hit(Task task, Retrieval r, SourceSet sources) {
    Map<String, BitSet> shown = shownLines(r.shown());
    for (List<Span> requirement : task.truth()) {
      boolean met = false;
      for (Span alt : requirement) {
        if (covered(alt, shown, sources)) {
          met = true;
          break;
        }
      }
      if (!met) {
        return false;
      }
    }
    return true;
  }

  static Map<String, BitSet> shownLines(List<Span> spans) {
    Map<String, BitSet> m = new HashMap<>();
    for (Span s : spans) {
      m.computeIfAbsent(s.file(), k -> new BitSet()).set(s.start(), s.end() + 1);
    }
    return m;
  }

  /** Whether every non-blank line of {@code s} is shown. */
  public static boolean covered(Span s, Map<String, BitSet> shown, SourceSet sources) {
    BitSet b = shown.get(s.file());
    if (b == null) {
      return false;
    }
    SourceFile f = sources.file(s.file());
    for (int l = s.start(); l <= Math.min(s.end(), f.lineCount()); l++) {
      if (!b.get(l) && !f.line(l).isBlank()) {
        return false;
      }
    }
    return true;
  }
}
