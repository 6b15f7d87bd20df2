package io.github.slicegrep.bench.strategy;

import io.github.slicegrep.bench.truth.SourceFile;
import io.github.slicegrep.bench.truth.Span;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One tool call: grep, rank files by the summed rarity of the terms they contain (idf times
 * log-scaled count), then show context windows around the hits of the best files, under the
 * retrieval budget.
 */
public final class GrepFileRanking implements Strategy {
  /** Lines of context either side of a hit. */
  static final int CONTEXT = 10;

  @Override
  public String name() {
    return "grep+file-rank";
  }

  @Override
  public Retrieval retrieve(SearchContext ctx, String query) {
    List<String> terms = Grep.agentTerms(ctx, query);
    List<Grep.Hit> hits = ctx.grep(terms);
    int[] filesWith = new int[terms.size()];
    Map<SourceFile, int[]> counts = new HashMap<>();
    Map<SourceFile, List<Grep.Hit>> byFile = new HashMap<>();
    for (Grep.Hit h : hits) {
      int[] c = counts.computeIfAbsent(h.file(), k -> new int[terms.size()]);
      byFile.computeIfAbsent(h.file(), k -> new ArrayList<>()).add(h);
      for (int t = 0; t < terms.size(); t++) {
        if ((h.mask() & (1 << t)) != 0) {
          if (c[t] == 0) {
            filesWith[t]++;
          }
          c[t]++;
        }
      }
    }
    int n = ctx.sources().files().size();
    Map<SourceFile, Double> score = new HashMap<>();
    for (Map.Entry<SourceFile, int[]> e : counts.entrySet()) {
      double s = 0;
      for (int t = 0; t < terms.size(); t++) {
        if (e.getValue()[t] > 0) {
          s += Math.log((double) n / filesWith[t] + 1) * (1 + Math.log(e.getValue()[t]));
        }
      }
      score.put(e.getKey(), s);
    }
    List<SourceFile> files = new ArrayList<>(score.keySet());
    files.sort(Comparator.comparingDouble((SourceFile f) -> -score.get(f))
        .thenComparing(SourceFile::path));
    List<Span> ranked = new ArrayList<>();
    for (SourceFile f : files) {
      ranked.addAll(hitWindows(f, byFile.get(f)));
    }
    return Packer.pack(ranked, ctx.sources(), Limits.RETRIEVAL_BUDGET);
  }

  private static List<Span> hitWindows(SourceFile f, List<Grep.Hit> hits) {
    List<Span> out = new ArrayList<>();
    int i = 0;
    while (i < hits.size()) {
      int start = Math.max(1, hits.get(i).line() - CONTEXT);
      int end = Math.min(f.lineCount(), hits.get(i).line() + CONTEXT);
      while (i < hits.size() && hits.get(i).line() - CONTEXT <= end) {
        end = Math.min(f.lineCount(), hits.get(i).line() + CONTEXT);
        i++;
      }
      out.add(new Span(f.path(), start, end));
    }
    return out;
  }
}
