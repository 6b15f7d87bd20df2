package io.github.slicegrep.bench.strategy;

import io.github.slicegrep.bench.truth.SourceFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** grep, then read the whole top file (cut at the context cap): two calls. */
public final class WholeFileRead implements Strategy {
  @Override
  public String name() {
    return "whole-file";
  }

  @Override
  public Retrieval retrieve(SearchContext ctx, String query) {
    Transcript tr = new Transcript(Limits.CONTEXT_CAP);
    List<String> terms = Grep.agentTerms(ctx, query);
    List<Grep.Hit> hits = ctx.grep(terms);
    tr.addOutput(Grep.render(terms, hits));
    List<SourceFile> ranked = rankFiles(hits);
    if (!ranked.isEmpty()) {
      SourceFile top = ranked.get(0);
      tr.read(top, 1, Math.max(1, top.lineCount()));
    }
    return tr.result();
  }

  /** Files by distinct terms matched, then matching lines, non-test first, then path. */
  static List<SourceFile> rankFiles(List<Grep.Hit> hits) {
    Map<SourceFile, int[]> stats = new HashMap<>();
    for (Grep.Hit h : hits) {
      int[] s = stats.computeIfAbsent(h.file(), k -> new int[2]);
      s[0] |= h.mask();
      s[1]++;
    }
    List<SourceFile> files = new ArrayList<>(stats.keySet());
    files.sort(Comparator
        .comparingInt((SourceFile f) -> -Integer.bitCount(stats.get(f)[0]))
        .thenComparingInt(f -> -stats.get(f)[1])
        .thenComparing(SourceFile::isTest)
        .thenComparing(SourceFile::path));
    return files;
  }
}
