package io.github.slicegrep.recall;

import io.github.slicegrep.match.LineScanner;
import io.github.slicegrep.source.SourceFile;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The terms of one file, analysed once and kept with the file as postings: for each distinct
 * term, the positions (in the file's sequence of terms) where it occurs. A search then looks up
 * only its question's few terms in each file instead of walking every term of every file.
 * Immutable.
 */
public final class FileTerms {
  private static final int[] NONE = new int[0];

  /** Each term's positions, ascending. */
  private final Map<String, int[]> postings;
  /** Positions {@code lineStart[k-1] .. lineStart[k])} are the terms of line k (1-based). */
  private final int[] lineStart;

  private FileTerms(Map<String, int[]> postings, int[] lineStart) {
    this.postings = postings;
    this.lineStart = lineStart;
  }

  public static FileTerms of(SourceFile file) {
    int n = file.lineCount();
    int[] lineStart = new int[n + 1];
    Map<String, int[]> growing = new HashMap<>();
    Map<String, Integer> counts = new HashMap<>();
    int[] position = {0};
    for (int line = 1; line <= n; line++) {
      lineStart[line - 1] = position[0];
      String text = file.line(line);
      if (text.length() <= LineScanner.MAX_MATCHED_LINE_CHARS) {
        Terms.analyse(
            text,
            t -> {
              int count = counts.merge(t, 1, Integer::sum);
              int[] at = growing.get(t);
              if (at == null || at.length < count) {
                at = at == null ? new int[2] : Arrays.copyOf(at, at.length * 2);
                growing.put(t, at);
              }
              at[count - 1] = position[0]++;
            });
      }
    }
    lineStart[n] = position[0];
    Map<String, int[]> postings = new HashMap<>(growing.size() * 4 / 3 + 1);
    for (Map.Entry<String, int[]> e : growing.entrySet()) {
      int count = counts.get(e.getKey());
      int[] at = e.getValue();
      postings.put(e.getKey(), at.length == count ? at : Arrays.copyOf(at, count));
    }
    return new FileTerms(postings, lineStart);
  }

  /** Where {@code term} occurs, ascending; empty when it does not. */
  int[] positions(String term) {
    return postings.getOrDefault(term, NONE);
  }

  /** Number of terms on lines {@code from..to} (1-based, inclusive). */
  int length(int from, int to) {
    return lineStart[to] - lineStart[from - 1];
  }

  /** Position of the first term of line {@code line} (one past the last term for n + 1). */
  int firstTerm(int line) {
    return lineStart[line - 1];
  }

  /** The line (1-based) holding the term at {@code position}. */
  int lineOf(int position) {
    int lo = 0;
    int hi = lineStart.length - 1;
    // The last line start at or before the position; empty lines share their start.
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (lineStart[mid] <= position) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo + 1;
  }

  /** How many of {@code positions} lie in {@code [from, to)}. */
  static int countIn(int[] positions, int from, int to) {
    return lowerBound(positions, to) - lowerBound(positions, from);
  }

  /** Index of the first position at or after {@code value}. */
  static int lowerBound(int[] positions, int value) {
    int lo = 0;
    int hi = positions.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (positions[mid] < value) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
