package io.github.slicegrep.bench.strategy;

import io.github.slicegrep.bench.truth.SourceFile;
import io.github.slicegrep.bench.truth.SourceSet;
import io.github.slicegrep.bench.truth.Span;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * An inverted index over units of text (windows or chunks), scoring them by BM25 or by TF-IDF
 * cosine. The indexed text of a unit is its lines plus its file path (path words are strong
 * evidence for a code search, and every peer indexes them).
 */
public final class TermIndex {
  /** BM25 term-frequency saturation; the common default. */
  static final double DEFAULT_K1 = 1.2;
  /** BM25 length normalisation; the common default. */
  static final double B = 0.75;

  private final List<Span> units;
  private final double k1;
  private final Map<String, int[][]> postings = new HashMap<>();
  private final int[] lengths;
  private final double avgLength;
  private double[] tfidfNorms;

  /** Units indexed by their file path and lines, scored with the common BM25 constants. */
  public TermIndex(List<Span> units, SourceSet sources) {
    this(units, units.stream().map(s -> s.file() + '\n' + text(s, sources)).toList(),
        DEFAULT_K1);
  }

  /** Units indexed by {@code texts} (one per unit, in order), BM25 saturating at {@code k1}. */
  public TermIndex(List<Span> units, List<String> texts, double k1) {
    this.units = List.copyOf(units);
    this.k1 = k1;
    this.lengths = new int[units.size()];
    Map<String, int[]> growing = new HashMap<>();
    Map<String, Integer> sizes = new HashMap<>();
    long total = 0;
    for (int u = 0; u < units.size(); u++) {
      Map<String, Integer> tf = new HashMap<>();
      List<String> terms = Terms.of(texts.get(u));
      for (String t : terms) {
        tf.merge(t, 1, Integer::sum);
      }
      lengths[u] = terms.size();
      total += terms.size();
      for (Map.Entry<String, Integer> e : tf.entrySet()) {
        int n = sizes.getOrDefault(e.getKey(), 0);
        int[] arr = growing.get(e.getKey());
        if (arr == null) {
          arr = new int[8];
        } else if (arr.length < 2 * n + 2) {
          arr = Arrays.copyOf(arr, arr.length * 2);
        }
        arr[2 * n] = u;
        arr[2 * n + 1] = e.getValue();
        growing.put(e.getKey(), arr);
        sizes.put(e.getKey(), n + 1);
      }
    }
    for (Map.Entry<String, int[]> e : growing.entrySet()) {
      int n = sizes.get(e.getKey());
      int[] docs = new int[n];
      int[] tfs = new int[n];
      for (int i = 0; i < n; i++) {
        docs[i] = e.getValue()[2 * i];
        tfs[i] = e.getValue()[2 * i + 1];
      }
      postings.put(e.getKey(), new int[][] {docs, tfs});
    }
    avgLength = units.isEmpty() ? 1 : (double) total / units.size();
  }

  /** A span's lines, each ended by a newline. */
  static String text(Span s, SourceSet sources) {
    SourceFile f = sources.file(s.file());
    StringBuilder text = new StringBuilder();
    for (int l = s.start(); l <= s.end(); l++) {
      text.append(f.line(l)).append('\n');
    }
    return text.toString();
  }

  public List<Span> units() {
    return units;
  }

  private double idf(String term) {
    int[][] p = postings.get(term);
    int df = p == null ? 0 : p[0].length;
    return Math.log(1 + (units.size() - df + 0.5) / (df + 0.5));
  }

  /** Units by BM25 score, best first, at most {@code k}. */
  public List<Span> bm25(List<String> query, int k) {
    return top(bm25Scores(query), k);
  }

  /** Each unit's BM25 score for {@code query} (its distinct terms), in unit order. */
  public double[] bm25Scores(List<String> query) {
    double[] score = new double[units.size()];
    for (String t : new LinkedHashSet<>(query)) {
      int[][] p = postings.get(t);
      if (p == null) {
        continue;
      }
      double idf = idf(t);
      for (int i = 0; i < p[0].length; i++) {
        int u = p[0][i];
        double tf = p[1][i];
        score[u] += idf * tf * (k1 + 1) / (tf + k1 * (1 - B + B * lengths[u] / avgLength));
      }
    }
    return score;
  }

  /** Units by cosine similarity of (1 + ln tf) * idf vectors, best first, at most {@code k}. */
  public List<Span> tfidf(List<String> query, int k) {
    if (tfidfNorms == null) {
      double[] norms = new double[units.size()];
      for (Map.Entry<String, int[][]> e : postings.entrySet()) {
        double idf = plainIdf(e.getValue()[0].length);
        for (int i = 0; i < e.getValue()[0].length; i++) {
          double w = (1 + Math.log(e.getValue()[1][i])) * idf;
          norms[e.getValue()[0][i]] += w * w;
        }
      }
      for (int i = 0; i < norms.length; i++) {
        norms[i] = Math.sqrt(norms[i]);
      }
      tfidfNorms = norms;
    }
    Map<String, Integer> qtf = new HashMap<>();
    for (String t : query) {
      qtf.merge(t, 1, Integer::sum);
    }
    double[] score = new double[units.size()];
    for (Map.Entry<String, Integer> q : qtf.entrySet()) {
      int[][] p = postings.get(q.getKey());
      if (p == null) {
        continue;
      }
      double idf = plainIdf(p[0].length);
      double qw = (1 + Math.log(q.getValue())) * idf;
      for (int i = 0; i < p[0].length; i++) {
        score[p[0][i]] += qw * (1 + Math.log(p[1][i])) * idf;
      }
    }
    for (int i = 0; i < score.length; i++) {
      if (score[i] > 0) {
        score[i] /= tfidfNorms[i];
      }
    }
    return top(score, k);
  }

  private double plainIdf(int df) {
    return Math.log((double) units.size() / df) + 1;
  }

  private List<Span> top(double[] score, int k) {
    return best(units, score, k);
  }

  /** The units with a positive score, best first (ties by position), at most {@code k}. */
  static List<Span> best(List<Span> units, double[] score, int k) {
    List<Span> out = new ArrayList<>();
    for (int i : bestIndexes(score, k)) {
      out.add(units.get(i));
    }
    return out;
  }

  /** The indexes of the positive scores, best first (ties by index), at most {@code k}. */
  static List<Integer> bestIndexes(double[] score, int k) {
    List<Integer> idx = new ArrayList<>();
    for (int i = 0; i < score.length; i++) {
      if (score[i] > 0) {
        idx.add(i);
      }
    }
    idx.sort((a, b) -> score[a] != score[b] ? Double.compare(score[b], score[a])
        : Integer.compare(a, b));
    return List.copyOf(idx.subList(0, Math.min(k, idx.size())));
  }

}
