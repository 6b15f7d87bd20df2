package io.github.slicegrep.search;

import com.google.common.hash.Hashing;
import io.github.slicegrep.Chunk;
import io.github.slicegrep.RankedFile;
import io.github.slicegrep.Result;
import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.Region;
import io.github.slicegrep.outline.Definition;
import io.github.slicegrep.outline.NamedValues;
import io.github.slicegrep.outline.Outline;
import io.github.slicegrep.pack.NegativeEvidence;
import io.github.slicegrep.pack.Packing;
import io.github.slicegrep.pack.Piece;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.rank.Candidate;
import io.github.slicegrep.rank.Dedupe;
import io.github.slicegrep.source.SourceFile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The last stage: the packed pieces as chunks, the negative evidence, the ranked file list,
 * and the counts, assembled into the {@link Result}.
 */
final class Assembly {
  /** Share of a file's other region scores added to its best one in the ranked file list. */
  static final double FILE_REST_SHARE = 0.25;

  private final Query query;
  private final Scope scope;
  private final FileViews views;

  Assembly(Query query, Scope scope, FileViews views) {
    this.query = query;
    this.scope = scope;
    this.views = views;
  }

  Result result(
      Scanned scanned, List<Region> regions, List<Candidate> ranked, Dedupe.Outcome deduped,
      Packing packing, int budget) {
    List<Chunk> chunks = new ArrayList<>();
    for (Piece p : packing.pieces()) {
      chunks.add(chunk(p));
    }
    List<String> negative =
        NegativeEvidence.of(query, scope.label(), scanned.hitsPerFragment(),
            definedSymbols(regions), ranked, packing.pieces());
    return new Result(
        scope.label(), scope.directory(), query.fragmentTexts(), query.reading().label(),
        chunks, negative,
        packing.shownTokens(), scanned.files().size(), scanned.matched().size(), budget,
        deduped.duplicates().size(), packing.omitted(), packing.omittedTokens(),
        scope.directory() ? rankFiles(ranked) : List.of(), packing.more());
  }

  private Chunk chunk(Piece p) {
    Region r = p.candidate().region();
    Set<Integer> fragments = new LinkedHashSet<>();
    for (Hit h : r.hits()) {
      if (h.line() >= p.start() && h.line() <= p.end()) {
        fragments.add(h.fragment());
      }
    }
    List<String> patterns = new ArrayList<>();
    for (int f : fragments.stream().sorted().toList()) {
      patterns.add(query.fragments().get(f).text());
    }
    String hash =
        Hashing.murmur3_32_fixed().hashString(p.code(), StandardCharsets.UTF_8).toString();
    return new Chunk(
        r.file().relativePath(), p.start(), p.end(),
        r.definition() == null ? null : r.definition().name(), patterns, patterns.size(),
        p.candidate().score(), p.candidate().reasons(), hash, p.tokens(), p.code());
  }

  /**
   * The query's symbols that some matched file defines (inside what encloses it, for a name
   * typed qualified).
   */
  private Set<String> definedSymbols(List<Region> regions) {
    Set<String> out = new LinkedHashSet<>();
    if (query.symbols().isEmpty()) {
      return out;
    }
    Set<SourceFile> seen = new LinkedHashSet<>();
    for (Region r : regions) {
      Outline outline = views.outlineOf(r.file());
      if (seen.add(r.file())) {
        for (String symbol : query.symbols()) {
          String path = query.qualified().get(symbol);
          for (Definition d : outline.definitions()) {
            if (d.definesAsAsked(symbol, path)) {
              out.add(symbol);
              break;
            }
          }
        }
      }
      // A constant or variable is declared on a line that names it, so on a hit line.
      for (Hit hit : r.hits()) {
        NamedValues.Declared value = NamedValues.at(r.file(), outline, hit.line());
        if (value != null) {
          for (String symbol : query.symbols()) {
            if (value.isAsAsked(symbol, query.qualified().get(symbol))) {
              out.add(symbol);
            }
          }
        }
      }
    }
    return out;
  }

  /** Files by their best region plus a quarter of the rest: many good regions lift a file. */
  private static List<RankedFile> rankFiles(List<Candidate> ranked) {
    Map<String, double[]> byFile = new HashMap<>();
    Map<String, int[]> counts = new HashMap<>();
    for (Candidate c : ranked) {
      double[] agg = byFile.computeIfAbsent(c.file(), k -> new double[2]);
      agg[0] = Math.max(agg[0], c.score());
      agg[1] += c.score();
      int[] n = counts.computeIfAbsent(c.file(), k -> new int[2]);
      n[0]++;
      n[1] += c.region().hits().size();
    }
    List<RankedFile> out = new ArrayList<>();
    for (Map.Entry<String, double[]> e : byFile.entrySet()) {
      double best = e.getValue()[0];
      double score = best + FILE_REST_SHARE * (e.getValue()[1] - best);
      int[] n = counts.get(e.getKey());
      out.add(new RankedFile(e.getKey(), Math.round(score * 10) / 10.0, n[0], n[1]));
    }
    // Written out: the JDK's comparator combinators spin lambda classes of their own at run time,
    // which no class-data archive keeps (a few ms of a command-line search).
    out.sort((a, b) -> {
      int byScore = Double.compare(b.score(), a.score());
      return byScore != 0 ? byScore : a.file().compareTo(b.file());
    });
    return out;
  }
}
