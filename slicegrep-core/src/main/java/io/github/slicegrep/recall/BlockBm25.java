package io.github.slicegrep.recall;

import io.github.slicegrep.match.Region;
import io.github.slicegrep.outline.Block;
import io.github.slicegrep.parallel.Parallel;
import io.github.slicegrep.rank.Relevance;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

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
    private final Occurrences occurrences;
    private final int blocks;
    private final long totalLength;
    private final int[] df;

    private Share(Occurrences occurrences, int blocks, long totalLength, int[] df) {
      this.occurrences = occurrences;
      this.blocks = blocks;
      this.totalLength = totalLength;
      this.df = df;
    }
  }

  /**
   * Where a question's terms occur in one file: each term's positions and, once a span holding
   * two of its stems asks, the lines holding any stem. Immutable in what it answers.
   */
  private static final class Occurrences {
    final FileTerms terms;
    final int[][] positions;
    /**
     * Worked out on first need and kept: every span of the file (blocks, then regions, often
     * nested) reads its proximity off them instead of merging the stems' occurrences again.
     * Immutable once made, so a thread that sees it sees it whole.
     */
    private @Nullable StemLines stemLines;

    Occurrences(FileTerms terms, int[][] positions) {
      this.terms = terms;
      this.positions = positions;
    }
  }

  /**
   * The lines of a file holding any of a question's stems (the first 64), ascending, each with
   * the stems on it and on the lines up to {@link #PROXIMITY_LINES} - 1 above it, as bits.
   */
  private static final class StemLines {
    final int[] lines;
    final long[] bits;
    final long[] window;

    StemLines(int[] lines, long[] bits, long[] window) {
      this.lines = lines;
      this.bits = bits;
      this.window = window;
    }
  }

  /** The statistics of {@code question}'s terms over the blocks of {@code corpus}. */
  public static BlockBm25 build(Question question, List<Document> corpus) {
    Counting counting = Counting.of(question);
    return build(counting, Parallel.map(corpus, counting::share));
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
    Occurrences in = counting.occurrences(file);
    int[] at = new int[in.positions.length];
    for (int i = 0; i < at.length; i++) {
      at[i] = FileTerms.lowerBound(in.positions[i], file.firstTerm(from));
    }
    return score(counting.span(in, from, to, at));
  }

  /**
   * What a span's score takes from the span itself: its length in terms, how often each of the
   * question's terms occurs in it and, on first need, the proximity factor; counted once, it is
   * scored as often as a search ranks its region. Immutable in what it answers.
   */
  public static final class Span {
    private final Counting counting;
    private final Occurrences in;
    private final int from;
    private final int to;
    private final int length;
    private final int[] tf;
    /** How many of the question's stems (the first 64) occur in the span. */
    private final int found;
    /** Worked out when first asked (NaN until then): the factor the bounds bracket. */
    private volatile double proximity = Double.NaN;

    private Span(Counting counting, Occurrences in, int from, int to, int length, int[] tf,
        int found) {
      this.counting = counting;
      this.in = in;
      this.from = from;
      this.to = to;
      this.length = length;
      this.tf = tf;
      this.found = found;
    }

    /** The proximity factor (1 when none of the question's terms is in the span). */
    double proximity() {
      double p = proximity;
      if (Double.isNaN(p)) {
        p = counting.proximity(in, from, to, found);
        proximity = p;
      }
      return p;
    }
  }

  /**
   * The BM25 score of a counted span: each term's saturated count against this corpus's
   * statistics, times the proximity factor.
   */
  public double score(Span span) {
    double sum = saturated(span);
    return sum == 0 ? 0 : sum * span.proximity();
  }

  /**
   * The range a span's {@link #score} lies in, known without looking at its lines: its BM25
   * times the least and the greatest proximity factor the stems it holds allow (one stem is
   * every window's best; all of them in one window is the most there is).
   *
   * @param atLeast no score is below it
   * @param atMost no score is above it
   */
  public record Bounds(double atLeast, double atMost) {}

  /** The bounds of {@code span}'s score. */
  public Bounds bounds(Span span) {
    double sum = saturated(span);
    return new Bounds(
        sum * counting.proximityAtLeast(span.found), sum * counting.proximityAtMost(span.found));
  }

  /** Each term's saturated count against this corpus's statistics, summed. */
  private double saturated(Span span) {
    double norm = K1 * (1 - B + B * span.length / averageLength);
    double sum = 0;
    for (int i = 0; i < idf.length; i++) {
      int tf = span.tf[i];
      if (tf > 0) {
        sum += counting.weights[i] * idf[i] * tf * (K1 + 1) / (tf + norm);
      }
    }
    return sum;
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

    /** For each term, the other spellings counted as it ({@link Question#alternatives()}). */
    private final String[][] alternatives;

    private Counting(String[] terms, double[] weights, String[][] alternatives) {
      this.terms = terms;
      this.weights = weights;
      this.alternatives = alternatives;
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
      String[][] alternatives = new String[terms.length][];
      for (int i = 0; i < terms.length; i++) {
        weights[i] = w.get(terms[i]);
        alternatives[i] = question.alternatives().getOrDefault(terms[i], Set.of())
            .toArray(String[]::new);
      }
      return new Counting(terms, weights, alternatives);
    }

    /** One file's share of the statistics, under its cut into blocks. */
    public Share share(Document doc) {
      FileTerms file = doc.terms();
      Occurrences occurrences = occurrences(file);
      int[][] positions = occurrences.positions;
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
      return new Share(occurrences, fileBlocks.size(), totalLength, df);
    }

    private Occurrences occurrences(FileTerms file) {
      int[][] positions = new int[terms.length][];
      for (int q = 0; q < terms.length; q++) {
        positions[q] = file.positions(terms[q], alternatives[q]);
      }
      return new Occurrences(file, positions);
    }

    private StemLines stemLines(Occurrences in) {
      StemLines kept = in.stemLines;
      if (kept != null) {
        return kept;
      }
      FileTerms file = in.terms;
      int stemOccurrences = 0;
      for (int q = 0; q < terms.length; q++) {
        if (stemBit[q] != 0) {
          stemOccurrences += in.positions[q].length;
        }
      }
      // Each stem occurrence as (line, stem), sorted: the lines in order with their stems.
      long[] keyed = new long[stemOccurrences];
      int n = 0;
      for (int q = 0; q < terms.length; q++) {
        if (stemBit[q] == 0) {
          continue;
        }
        int bit = Long.numberOfTrailingZeros(stemBit[q]);
        int line = 1;
        for (int p : in.positions[q]) {
          line = file.lineOf(p, line); // a stem's positions ascend: gallop from the last line
          keyed[n++] = (long) line << 6 | bit;
        }
      }
      Arrays.sort(keyed);
      int[] lines = new int[n];
      long[] bits = new long[n];
      int distinct = 0;
      for (int k = 0; k < n; k++) {
        int line = (int) (keyed[k] >>> 6);
        long bit = 1L << (keyed[k] & 63);
        if (distinct > 0 && lines[distinct - 1] == line) {
          bits[distinct - 1] |= bit;
        } else {
          lines[distinct] = line;
          bits[distinct++] = bit;
        }
      }
      long[] window = new long[distinct];
      int low = 0;
      for (int i = 0; i < distinct; i++) {
        while (lines[low] <= lines[i] - PROXIMITY_LINES) {
          low++;
        }
        long together = 0;
        for (int j = low; j <= i; j++) {
          together |= bits[j];
        }
        window[i] = together;
      }
      kept = new StemLines(
          Arrays.copyOf(lines, distinct), Arrays.copyOf(bits, distinct), window);
      in.stemLines = kept;
      return kept;
    }

    /**
     * The spans of lines {@code from[r]..to[r]} (1-based, inclusive) of a counted file, for
     * {@link #score(Span)}. The ranges must come in line order and not overlap (a file's
     * regions): each term's occurrences are walked once for all of them, not looked up for each.
     */
    public Span[] spans(Share file, int[] from, int[] to) {
      Occurrences in = file.occurrences;
      Span[] out = new Span[from.length];
      int[] at = new int[terms.length];
      for (int r = 0; r < from.length; r++) {
        int first = in.terms.firstTerm(from[r]);
        for (int i = 0; i < terms.length; i++) {
          int[] p = in.positions[i];
          int k = at[i];
          while (k < p.length && p[k] < first) {
            k++;
          }
          at[i] = k;
        }
        out[r] = span(in, from[r], to[r], at);
      }
      return out;
    }

    /** @param at per term, the index of its first occurrence at or after the span's start */
    private Span span(Occurrences in, int from, int to, int[] at) {
      int first = in.terms.firstTerm(from);
      int last = in.terms.firstTerm(to + 1);
      int[] tf = new int[terms.length];
      int found = 0;
      for (int i = 0; i < terms.length; i++) {
        int[] p = in.positions[i];
        int end = at[i];
        while (end < p.length && p[end] < last) {
          end++;
        }
        tf[i] = end - at[i];
        if (tf[i] > 0 && stemBit[i] != 0) {
          found++;
        }
      }
      return new Span(this, in, from, to, last - first, tf, found);
    }

    /** The least proximity factor of a span holding {@code found} of the stems. */
    double proximityAtLeast(int found) {
      return stems < 2 || found == 0 ? 1 : 1 + PROXIMITY_WEIGHT / Math.min(stems, Long.SIZE);
    }

    /** The greatest proximity factor of a span holding {@code found} of the stems. */
    double proximityAtMost(int found) {
      return stems < 2 ? 1 : 1 + PROXIMITY_WEIGHT * found / Math.min(stems, Long.SIZE);
    }

    /**
     * 1 plus the largest share of the question's word stems found within {@link
     * #PROXIMITY_LINES} consecutive lines of the span: a doc comment or a statement that says what
     * the question says, in a few lines, beats the same words scattered over a long body.
     *
     * @param found how many of the stems occur in the span
     */
    private double proximity(Occurrences in, int from, int to, int found) {
      if (stems < 2 || found == 0) {
        return 1;
      }
      // One stem alone is every window's best; all of them in one window is the most there is.
      if (found == 1) {
        return 1 + PROXIMITY_WEIGHT / Math.min(stems, Long.SIZE);
      }
      // A window is the lines ending on one that holds a stem (one ending elsewhere holds no more
      // than the one ending on its last such line), and it starts inside the span.
      StemLines stemLines = stemLines(in);
      int[] lines = stemLines.lines;
      int start = FileTerms.lowerBound(lines, from);
      int best = 0;
      for (int i = start; i < lines.length && lines[i] <= to && best < found; i++) {
        long together;
        if (lines[i] - (PROXIMITY_LINES - 1) >= from) {
          together = stemLines.window[i];
        } else {
          together = 0; // near the span's start: only its own lines count
          for (int j = start; j <= i; j++) {
            together |= stemLines.bits[j];
          }
        }
        best = Math.max(best, Long.bitCount(together));
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
