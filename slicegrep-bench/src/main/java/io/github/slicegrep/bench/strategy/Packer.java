package io.github.slicegrep.bench.strategy;

import io.github.slicegrep.bench.metrics.Tokens;
import io.github.slicegrep.bench.truth.SourceFile;
import io.github.slicegrep.bench.truth.SourceSet;
import io.github.slicegrep.bench.truth.Span;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Packs ranked spans into one tool output under a token budget, the way a retrieval tool would:
 * best first, each span trimmed of lines already shown, a span that does not fit is skipped and
 * the next one tried.
 */
public final class Packer {
  private Packer() {}

  /** Renders one span as a header plus numbered lines, the format every baseline uses. */
  public static String render(SourceFile f, int start, int end) {
    StringBuilder sb = new StringBuilder("--- ").append(f.path()).append(':').append(start)
        .append('-').append(end).append(" ---\n");
    for (int l = start; l <= end; l++) {
      sb.append(l).append('\t').append(f.line(l)).append('\n');
    }
    return sb.toString();
  }

  public static Retrieval pack(List<Span> ranked, SourceSet sources, int budget) {
    StringBuilder text = new StringBuilder();
    List<Span> shown = new ArrayList<>();
    Map<String, BitSet> seen = new HashMap<>();
    int used = 0;
    for (Span s : ranked) {
      BitSet lines = seen.computeIfAbsent(s.file(), k -> new BitSet());
      int start = s.start();
      int end = s.end();
      while (start <= end && lines.get(start)) {
        start++;
      }
      while (end >= start && lines.get(end)) {
        end--;
      }
      if (start > end || lines.get(start, end + 1).cardinality() > 0) {
        continue;
      }
      String block = render(sources.file(s.file()), start, end);
      int t = Tokens.count(block);
      if (used + t > budget) {
        continue;
      }
      used += t;
      text.append(block);
      shown.add(new Span(s.file(), start, end));
      lines.set(start, end + 1);
    }
    return new Retrieval(text.toString(), shown, 1);
  }
}
