package io.github.slicegrep.bench.strategy;

import io.github.slicegrep.bench.truth.SourceFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The agent's usual loop without slicegrep: grep, read the two best windows, grep again with a
 * sharper term, read the two best new windows. Every call's output counts, up to the context cap.
 *
 * <p>The second grep is what an agent does next: for an identifier, the call/definition form
 * {@code name(}; for words, the rarest word of the query in the corpus.
 */
public final class AgentLoop implements Strategy {
  /** Lines read above a chosen grep hit (a little context before a definition line). */
  static final int BEFORE = 10;
  /** Lines read from a chosen grep hit down (enough for most function bodies). */
  static final int AFTER = 40;
  /** Windows read after each grep. */
  static final int READS_PER_GREP = 2;
  private static final Pattern DEFINITION_WORD = Pattern.compile(
      "\\b(def|class|function|func|fn|interface|struct|enum|trait|type|record|const|let|var)\\b");

  @Override
  public String name() {
    return "grep+read-loop";
  }

  @Override
  public Retrieval retrieve(SearchContext ctx, String query) {
    Transcript tr = new Transcript(Limits.CONTEXT_CAP);
    List<String> first = Grep.agentTerms(ctx, query);
    round(tr, ctx, first, query);
    if (!tr.full()) {
      round(tr, ctx, List.of(secondTerm(ctx, query, first)), query);
    }
    return tr.result();
  }

  private static String secondTerm(SearchContext ctx, String query, List<String> first) {
    String q = query.strip().toLowerCase(Locale.ROOT);
    if (!q.contains(" ")) {
      return q + "(";
    }
    String rarest = first.get(0);
    int best = Integer.MAX_VALUE;
    for (String w : first) {
      if (w.length() < 4) {
        continue;
      }
      int n = ctx.grep(List.of(w)).size();
      if (n > 0 && n < best) {
        best = n;
        rarest = w;
      }
    }
    return rarest;
  }

  private void round(Transcript tr, SearchContext ctx, List<String> terms, String query) {
    List<Grep.Hit> hits = ctx.grep(terms);
    if (!tr.addOutput(Grep.render(terms, hits))) {
      return;
    }
    List<Window> windows = windows(hits, query);
    int reads = 0;
    for (Window w : windows) {
      if (reads == READS_PER_GREP || tr.full()) {
        break;
      }
      if (tr.seen(w.file.path(), w.anchor)) {
        continue;
      }
      tr.read(w.file, w.start, w.end);
      reads++;
    }
  }

  private record Window(SourceFile file, int start, int end, int anchor, double score) {}

  /**
   * Hits grouped into windows around them, best first: more distinct terms, a definition-looking
   * line, more hits, non-test files (what an agent scanning grep output would pick).
   */
  private static List<Window> windows(List<Grep.Hit> hits, String query) {
    Map<SourceFile, List<Grep.Hit>> byFile = new HashMap<>();
    for (Grep.Hit h : hits) {
      byFile.computeIfAbsent(h.file(), k -> new ArrayList<>()).add(h);
    }
    List<Window> out = new ArrayList<>();
    String id = query.strip();
    for (Map.Entry<SourceFile, List<Grep.Hit>> e : byFile.entrySet()) {
      SourceFile f = e.getKey();
      List<Grep.Hit> fh = e.getValue();
      int i = 0;
      while (i < fh.size()) {
        int start = Math.max(1, fh.get(i).line() - BEFORE);
        int end = Math.min(f.lineCount(), fh.get(i).line() + AFTER);
        int mask = 0;
        int count = 0;
        boolean def = false;
        int anchor = fh.get(i).line();
        while (i < fh.size() && fh.get(i).line() - BEFORE <= end) {
          Grep.Hit h = fh.get(i);
          end = Math.min(f.lineCount(), Math.max(end, h.line() + AFTER));
          mask |= h.mask();
          count++;
          String line = f.line(h.line());
          if (!def && !id.contains(" ") && line.contains(id)
              && DEFINITION_WORD.matcher(line).find()) {
            def = true;
            anchor = h.line();
          }
          i++;
        }
        if (end - start + 1 > BEFORE + AFTER + 1) {
          start = Math.max(1, anchor - BEFORE);
          end = Math.min(f.lineCount(), anchor + AFTER);
        }
        double score = 10 * Integer.bitCount(mask) + (def ? 8 : 0) + Math.min(count, 10)
            - (f.isTest() ? 5 : 0);
        out.add(new Window(f, start, end, anchor, score));
      }
    }
    out.sort(Comparator.comparingDouble((Window w) -> -w.score)
        .thenComparing(w -> w.file.path()).thenComparingInt(w -> w.start));
    return out;
  }
}
