package io.github.slicegrep.bench.strategy;

import io.github.slicegrep.bench.truth.CorpusFacts;
import io.github.slicegrep.bench.truth.Definition;
import io.github.slicegrep.bench.truth.SourceFile;
import io.github.slicegrep.bench.truth.SourceSet;
import io.github.slicegrep.bench.truth.Span;
import io.github.slicegrep.dense.DenseRuntime;
import io.github.slicegrep.dense.StaticModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One corpus as the strategies see it, with the indexes built lazily and reused across tasks. */
public final class SearchContext {
  /** Lines per fixed window. */
  static final int WINDOW = 40;
  /** Start-to-start distance of fixed windows (half overlap, so no answer falls on a seam). */
  static final int STRIDE = 20;
  /** Longest definition-aligned chunk; longer ones are cut into pieces of this size. */
  static final int MAX_CHUNK = 60;

  /** Recent grep results: the strategies of one task grep the same terms again and again. */
  private static final int GREP_CACHE = 32;

  private final CorpusFacts facts;
  private final Map<List<String>, List<Grep.Hit>> greps =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<List<String>, List<Grep.Hit>> e) {
          return size() > GREP_CACHE;
        }
      };
  private TermIndex windows;
  private TermIndex chunks;
  private PublishedStack published;
  private DenseBlocks denseBlocks;

  public SearchContext(CorpusFacts facts) {
    this.facts = facts;
  }

  public Path root() {
    return facts.sources().root();
  }

  public SourceSet sources() {
    return facts.sources();
  }

  public CorpusFacts facts() {
    return facts;
  }

  /** {@link Grep#search} over this corpus, remembered for the last few term lists. */
  public synchronized List<Grep.Hit> grep(List<String> terms) {
    List<String> key = List.copyOf(terms);
    List<Grep.Hit> hits = greps.get(key);
    if (hits == null) {
      hits = List.copyOf(Grep.search(sources(), key));
      greps.put(key, hits);
    }
    return hits;
  }

  synchronized TermIndex windows() {
    if (windows == null) {
      List<Span> units = new ArrayList<>();
      for (SourceFile f : sources().files()) {
        addWindows(units, f.path(), 1, f.lineCount(), WINDOW, STRIDE);
      }
      windows = new TermIndex(units, sources());
    }
    return windows;
  }

  synchronized TermIndex chunks() {
    if (chunks == null) {
      List<Span> units = new ArrayList<>();
      for (SourceFile f : sources().files()) {
        units.addAll(definitionChunks(f, facts.defs(f.path())));
      }
      chunks = new TermIndex(units, sources());
    }
    return chunks;
  }

  synchronized PublishedStack published() {
    if (published == null) {
      published = new PublishedStack(facts);
    }
    return published;
  }

  /** The corpus's blocks embedded by {@code model}, built on first use. */
  synchronized DenseBlocks denseBlocks(DenseRuntime runtime, StaticModel model) {
    if (denseBlocks == null) {
      denseBlocks = new DenseBlocks(sources(), root(), runtime, model);
    }
    return denseBlocks;
  }

  private static void addWindows(List<Span> out, String file, int from, int to, int size,
      int stride) {
    if (to < from) {
      return;
    }
    for (int s = from; ; s += stride) {
      int e = Math.min(to, s + size - 1);
      out.add(new Span(file, s, e));
      if (e >= to) {
        break;
      }
    }
  }

  /**
   * Definition-aligned chunks: each maximal run of lines whose innermost definition is the same
   * (a method, the part of a class outside its methods, top-level code between definitions),
   * cut into pieces of at most {@link #MAX_CHUNK} lines. Files with no known language get windows.
   */
  static List<Span> definitionChunks(SourceFile f, List<Definition> defs) {
    List<Span> out = new ArrayList<>();
    int n = f.lineCount();
    if (n == 0) {
      return out;
    }
    if (defs.isEmpty()) {
      addWindows(out, f.path(), 1, n, WINDOW, WINDOW);
      return out;
    }
    Definition[] owner = new Definition[n + 1];
    for (Definition d : defs) {
      for (int l = d.start(); l <= Math.min(n, d.end()); l++) {
        if (owner[l] == null || d.length() < owner[l].length()) {
          owner[l] = d;
        }
      }
    }
    int runStart = 1;
    for (int l = 2; l <= n + 1; l++) {
      if (l == n + 1 || owner[l] != owner[runStart]) {
        addWindows(out, f.path(), runStart, l - 1, MAX_CHUNK, MAX_CHUNK);
        runStart = l;
      }
    }
    return out;
  }
}
