package io.github.slicegrep.bench.strategy;

import io.github.slicegrep.bench.metrics.Tokens;
import io.github.slicegrep.bench.truth.SourceFile;
import io.github.slicegrep.bench.truth.Span;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The running context of a multi-call strategy: tool outputs appended in order, each counted in
 * tokens, nothing admitted past the context cap (a read that would pass it is cut to the lines
 * that fit, as a reader with a limit would).
 */
final class Transcript {
  private final int cap;
  private final StringBuilder text = new StringBuilder();
  private final List<Span> shown = new ArrayList<>();
  private final Map<String, BitSet> seen = new HashMap<>();
  private int tokens;
  private int calls;

  Transcript(int cap) {
    this.cap = cap;
  }

  int remaining() {
    return cap - tokens;
  }

  boolean full() {
    return remaining() <= 0;
  }

  boolean seen(String file, int line) {
    BitSet b = seen.get(file);
    return b != null && b.get(line);
  }

  /** Adds a tool output that shows no code lines (grep output); false when it did not fit. */
  boolean addOutput(String output) {
    calls++;
    int t = Tokens.count(output);
    if (t > remaining()) {
      return false;
    }
    tokens += t;
    text.append(output);
    return true;
  }

  /** Reads lines {@code start..end} of {@code f}, cut to the lines that fit; one call. */
  void read(SourceFile f, int start, int end) {
    calls++;
    int rem = remaining();
    int e = end;
    String block = Packer.render(f, start, e);
    int t = Tokens.count(block);
    if (t > rem) {
      int acc = Tokens.count(Packer.render(f, start, start - 1 + 1).lines().findFirst().orElse(""));
      e = start - 1;
      for (int l = start; l <= end; l++) {
        acc += Tokens.count(l + "\t" + f.line(l) + "\n");
        if (acc > rem) {
          break;
        }
        e = l;
      }
      while (e >= start) {
        block = Packer.render(f, start, e);
        t = Tokens.count(block);
        if (t <= rem) {
          break;
        }
        e--;
      }
      if (e < start) {
        return;
      }
    }
    tokens += t;
    text.append(block);
    shown.add(new Span(f.path(), start, e));
    seen.computeIfAbsent(f.path(), k -> new BitSet()).set(start, e + 1);
  }

  Retrieval result() {
    return new Retrieval(text.toString(), shown, calls);
  }
}
