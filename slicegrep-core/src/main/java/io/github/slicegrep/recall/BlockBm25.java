package io.github.slicegrep.recall;

import io.github.slicegrep.match.Region;
import io.github.slicegrep.outline.Block;
import io.github.slicegrep.rank.Relevance;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * BM25 with definition-aligned blocks as the documents: document frequencies and the average
 * length come from every block of the files given, so a span of lines (a block, a region
 * snapped to a function) is scored against the corpus it lives in. Only the question's terms are
 * counted; blocks in files without any of them add nothing to any document frequency, and are
 * left out of the block count as well (their number would only shift every idf alike).
 * Immutable once built.
 */
public final class BlockBm25 {
  /** Term-frequency saturation. */
  static final double K1 = 1.2;
  /** Length normalisation. */
  static final double B = 0.75;
  /** Lines a question's words may spread over and still read as one statement of it. */
  static final int PROXIMITY_LINES = 3;
  /** Weight of the share of the question's words found together within those lines. */
  static final double PROXIMITY_WEIGHT = 1.0;

  private final Counting counting;
  private final double[] idf;
  private final double averageLength;
  private final int blocks;

  private BlockBm25(
      Counting counting, double[] idf, double averageLength, int blocks) {
    this.counting = counting;
    this.idf = idf;
    this.averageLength = averageLength;
    this.blocks = blocks;
  }

  /** One file's share of the corpus: its terms and its blocks, in line order as cut. */
  public record Document(FileTerms terms, List<Block> blocks) {}

  /**
   * One file counted for a question: its occurrences of each of the question's terms, its
   * block count, their total length and how many of its blocks hold each term. Counted on its
   * own, before the corpus is whole (a search counts each file while it cuts its regions).
   * Immutable.
   */
  public static final class Share {
    private final FileTerms terms;
    private final int[][] positions;
    private final int blocks;
    private final long totalLength;
    private final int[] df;

    private Share(FileTerms terms, int[][] positions, int blocks, long totalLength, int[] df) {
      this.terms = terms;
      this.positions = positions;
      this.blocks = blocks;
      this.totalLength = totalLength;
      this.df = df;
    }
  }

  /** The statistics of {@code question}'s terms over the blocks of {@code corpus}. */
  public static BlockBm25 build(Question question, List<Document> corpus) {
    Counting counting = Counting.of(question);
    return build(counting, corpus.parallelStream().map(counting::share).toList());
  }

  /** The statistics over the files {@code counting} counted, each once. */
  public static BlockBm25 build(Counting counting, List<Share> shares) {
    int terms = counting.terms.length;
    int[] df = new int[terms];
    long totalLength = 0;
    int blocks = 0;
    for (Share share : shares) {
      blocks += share.blocks;
      totalLength += share.totalLength;
      for (int q = 0; q < terms; q++) {
        df[q] += share.df[q];
      }
    }
    double[] idf = new double[terms];
    for (int i = 0; i < terms; i++) {
      idf[i] = Math.log(1 + (blocks - df[i] + 0.5) / (df[i] + 0.5));
    }
    double average = blocks == 0 ? 1 : Math.max(1, (double) totalLength / blocks);
    return new BlockBm25(counting, idf, average, blocks);
  }

  /** The BM25 score of lines {@code from..to} (1-based, inclusive) of a file. */
  public double score(FileTerms file, int from, int to) {
    return score(counting.span(file, counting.lookUp(file), from, to));
  }

  /**
   * What a span's score takes from the span itself: its length in terms, how often each of the
   * question's terms occurs in it and the proximity factor; counted once, it is scored as often
   * as a search ranks its region. Immutable.
   */
  public static final class Span {
    private final int length;
    private final int[] tf;
    private final double proximity;

    private Span(int length, int[] tf, double proximity) {
      this.length = length;
      this.tf = tf;
      this.proximity = proximity;
    }
  }

  /**
   * The BM25 score of a counted span: each term's saturated count against this corpus's
   * statistics, times the proximity factor.
   */
  public double score(Span span) {
    double norm = K1 * (1 - B + B * span.length / averageLength);
    double sum = 0;
    for (int i = 0; i < idf.length; i++) {
      int tf = span.tf[i];
      if (tf > 0) {
        sum += counting.weights[i] * idf[i] * tf * (K1 + 1) / (tf + norm);
      }
    }
    return sum == 0 ? 0 : sum * span.proximity;
  }

  /**
   * A question's side of the statistics: its terms, their weights and which are word stems.
   * It counts files ({@link #share}) and spans ({@link #span(Share, int, int)}) on their own,
   * before any statistics exist. Immutable.
   */
  public static final class Counting {
    private final String[] terms;
    private final double[] weights;
    /** For each term, its bit among the question's stems (0 for a whole term, or past 64). */
    private final long[] stemBit;
    /** How many of the question's terms are stems. */
    private final int stems;

    private Counting(String[] terms, double[] weights) {
      this.terms = terms;
      this.weights = weights;
      this.stemBit = new long[terms.length];
      int n = 0;
      for (int i = 0; i < terms.length; i++) {
        if (!Terms.isWhole(terms[i])) {
          stemBit[i] = n < Long.SIZE ? 1L << n : 0;
          n++;
        }
      }
      this.stems = n;
    }

    /** The counting of {@code question}'s terms. */
    public static Counting of(Question question) {
      Map<String, Double> w = question.weights();
      String[] terms = w.keySet().toArray(String[]::new);
      double[] weights = new double[terms.length];
      for (int i = 0; i < terms.length; i++) {
        weights[i] = w.get(terms[i]);
      }
      return new Counting(terms, weights);
    }

    /** One file's share of the statistics, under its cut into blocks. */
    public Share share(Document doc) {
      FileTerms file = doc.terms();
      int[][] positions = lookUp(file);
      List<Block> fileBlocks = doc.blocks();
      long totalLength = 0;
      for (Block b : fileBlocks) {
        totalLength += file.firstTerm(b.endLine() + 1) - file.firstTerm(b.startLine());
      }
      int[] df = new int[terms.length];
      for (int q = 0; q < terms.length; q++) {
        int[] at = positions[q];
        if (at.length == 0) {
          continue;
        }
        // Blocks start in ascending order, so the first occurrence at or after a block's start
        // only moves forward: one pass over the blocks and the occurrences together.
        int k = 0;
        for (Block b : fileBlocks) {
          int from = file.firstTerm(b.startLine());
          while (k < at.length && at[k] < from) {
            k++;
          }
          if (k == at.length) {
            break;
          }
          if (at[k] < file.firstTerm(b.endLine() + 1)) {
            df[q]++;
          }
        }
      }
      return new Share(file, positions, fileBlocks.size(), totalLength, df);
    }

    private int[][] lookUp(FileTerms file) {
      int[][] positions = new int[terms.length][];
      for (int q = 0; q < terms.length; q++) {
        positions[q] = file.positions(terms[q]);
      }
      return positions;
    }

    private Span span(FileTerms file, int[][] positions, int from, int to) {
      int[] at = new int[terms.length];
      for (int i = 0; i < terms.length; i++) {
        at[i] = FileTerms.lowerBound(positions[i], file.firstTerm(from));
      }
      return span(file, positions, from, to, at);
    }

    /**
     * The spans of lines {@code from[r]..to[r]} (1-based, inclusive) of a counted file, for
     * {@link #score(Span)}. The ranges must come in line order and not overlap (a file's
     * regions): each term's occurrences are walked once for all of them, not looked up for each.
     */
    public Span[] spans(Share file, int[] from, int[] to) {
      Span[] out = new Span[from.length];
      int[] at = new int[terms.length];
      for (int r = 0; r < from.length; r++) {
        int first = file.terms.firstTerm(from[r]);
        for (int i = 0; i < terms.length; i++) {
          int[] p = file.positions[i];
          int k = at[i];
          while (k < p.length && p[k] < first) {
            k++;
          }
          at[i] = k;
        }
        out[r] = span(file.terms, file.positions, from[r], to[r], at);
      }
      return out;
    }

    /** @param at per term, the index of its first occurrence at or after the span's start */
    private Span span(FileTerms file, int[][] positions, int from, int to, int[] at) {
      int first = file.firstTerm(from);
      int last = file.firstTerm(to + 1);
      int[] tf = new int[terms.length];
      boolean any = false;
      for (int i = 0; i < terms.length; i++) {
        int[] p = positions[i];
        int end = at[i];
        while (end < p.length && p[end] < last) {
          end++;
        }
        tf[i] = end - at[i];
        any |= tf[i] > 0;
      }
      // Every term found adds a positive amount, so the proximity matters only then.
      return new Span(last - first, tf, any ? proximity(file, positions, from, to, at) : 1);
    }

    /**
     * 1 plus the largest share of the question's word stems found within {@link
     * #PROXIMITY_LINES} consecutive lines of the span: a doc comment or a statement that says what
     * the question says, in a few lines, beats the same words scattered over a long body.
     */
    private double proximity(FileTerms file, int[][] positions, int from, int to, int[] at) {
      if (stems < 2) {
        return 1;
      }
      // The stems on each line of the span that holds any, as bits, in line order: each stem's
      // positions are ascending, so taking the smallest next position of all stems walks them in
      // order without sorting (a span may run to thousands of lines around a few occurrences).
      int first = file.firstTerm(from);
      int last = file.firstTerm(to + 1);
      // The stems with an occurrence in the span, and where each one's next occurrence is.
      int[] active = new int[terms.length];
      int[] next = new int[terms.length];
      int left = 0;
      for (int q = 0; q < terms.length; q++) {
        if (stemBit[q] == 0) {
          continue;
        }
        int k = at[q];
        if (k < positions[q].length && positions[q][k] < last) {
          active[left] = q;
          next[left++] = k;
        }
      }
      // One stem alone is every window's best; all of them in one window is the most there is.
      int found = left;
      if (found == 1) {
        return 1 + PROXIMITY_WEIGHT / Math.min(stems, Long.SIZE);
      }
      int[] lines = new int[8];
      long[] bits = new long[8];
      int n = 0;
      int line = from;
      while (left > 0) {
        int pick = 0;
        for (int a = 1; a < left; a++) {
          if (positions[active[a]][next[a]] < positions[active[pick]][next[pick]]) {
            pick = a;
          }
        }
        int q = active[pick];
        line = file.lineOf(positions[q][next[pick]], line);
        if (n > 0 && lines[n - 1] == line) {
          bits[n - 1] |= stemBit[q];
        } else {
          if (n == lines.length) {
            lines = Arrays.copyOf(lines, n * 2);
            bits = Arrays.copyOf(bits, n * 2);
          }
          lines[n] = line;
          bits[n++] = stemBit[q];
        }
        next[pick]++;
        if (next[pick] == positions[q].length || positions[q][next[pick]] >= last) {
          left--;
          active[pick] = active[left];
          next[pick] = next[left];
        }
      }
      // A window is the lines ending on one that holds a stem (one ending elsewhere holds no more
      // than the one ending on its last such line).
      int best = 0;
      int low = 0;
      for (int i = 0; i < n; i++) {
        while (lines[low] <= lines[i] - PROXIMITY_LINES) {
          low++;
        }
        long together = 0;
        for (int j = low; j <= i; j++) {
          together |= bits[j];
        }
        best = Math.max(best, Long.bitCount(together));
        if (best == found) {
          break;
        }
      }
      return 1 + PROXIMITY_WEIGHT * best / Math.min(stems, Long.SIZE);
    }
  }

  /** Reason name of candidates ranked by this recall stage. */
  public static final String REASON = "semantic-recall";

  /**
   * This recall as the base relevance of regions, given each region's counted span; called from
   * several threads.
   */
  public Relevance relevance(Function<Region, Span> spans) {
    return new Relevance() {
      @Override
      public double of(Region region) {
        return score(spans.apply(region));
      }

      @Override
      public String reason() {
        return REASON;
      }
    };
  }

  /** Blocks counted as documents. */
  public int blockCount() {
    return blocks;
  }
}
