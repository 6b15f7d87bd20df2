package io.github.slicegrep.rank;

import io.github.slicegrep.match.Hit;
import io.github.slicegrep.match.Region;
import java.util.BitSet;
import java.util.List;

/**
 * How rare each fragment is, as BM25 inverse document frequency. Over a directory the documents
 * are the files searched (real corpus statistics); over a single file, or a handful of files,
 * they are the matched regions, since file counts that small say nothing about rarity.
 */
public final class FragmentStats {
  /** Below this many files, file-level document frequencies are too coarse to rank with. */
  static final int MIN_FILES_FOR_FILE_IDF = 5;

  private final double[] idf;

  private FragmentStats(double[] idf) {
    this.idf = idf;
  }

  /**
   * @param fragmentCount fragments in the query
   * @param filesSearched files read
   * @param filesWithFragment for each fragment, in how many files it matched
   * @param regions all matched regions
   */
  public static FragmentStats of(
      int fragmentCount, int filesSearched, int[] filesWithFragment, List<Region> regions) {
    double[] idf = new double[fragmentCount];
    if (filesSearched >= MIN_FILES_FOR_FILE_IDF) {
      for (int f = 0; f < fragmentCount; f++) {
        idf[f] = bm25Idf(filesSearched, filesWithFragment[f]);
      }
    } else {
      int[] df = new int[fragmentCount];
      for (Region r : regions) {
        BitSet seen = new BitSet();
        for (Hit h : r.hits()) {
          if (!seen.get(h.fragment())) {
            seen.set(h.fragment());
            df[h.fragment()]++;
          }
        }
      }
      int n = Math.max(1, regions.size());
      for (int f = 0; f < fragmentCount; f++) {
        idf[f] = bm25Idf(n, df[f]);
      }
    }
    return new FragmentStats(idf);
  }

  /** Lucene's BM25 idf: always positive, largest for the rarest terms. */
  static double bm25Idf(int documents, int documentFrequency) {
    return Math.log(1 + (documents - documentFrequency + 0.5) / (documentFrequency + 0.5));
  }

  public double idf(int fragment) {
    return idf[fragment];
  }
}
