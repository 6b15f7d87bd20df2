package io.github.slicegrep.recall;

import io.github.slicegrep.match.LineScanner;
import io.github.slicegrep.source.SourceFile;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

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

  /** The terms of {@code file}, analysed afresh. */
  public static FileTerms of(SourceFile file) {
    return analyse(file, Terms::termsOf);
  }

  /** The terms of {@code file}, each identifier's terms from {@code cache}. */
  public static FileTerms of(SourceFile file, TermCache cache) {
    return analyse(file, cache);
  }

  private static FileTerms analyse(SourceFile file, Function<String, String[]> identifierTerms) {
    int n = file.lineCount();
    int[] lineStart = new int[n + 1];
    Map<String, Positions> growing = new HashMap<>();
    int[] position = {0};
    for (int line = 1; line <= n; line++) {
      lineStart[line - 1] = position[0];
      String text = file.line(line);
      if (text.length() <= LineScanner.MAX_MATCHED_LINE_CHARS) {
        Terms.analyse(
            text, identifierTerms,
            t -> growing.computeIfAbsent(t, k -> new Positions()).add(position[0]++));
      }
    }
    lineStart[n] = position[0];
    Map<String, int[]> postings = new HashMap<>(growing.size() * 4 / 3 + 1);
    growing.forEach((term, at) -> postings.put(term, at.toArray()));
    return new FileTerms(postings, lineStart);
  }

  /** A term's positions while a file is analysed. */
  private static final class Positions {
    private int[] at = new int[2];
    private int size;

    void add(int position) {
      if (size == at.length) {
        at = Arrays.copyOf(at, size * 2);
      }
      at[size++] = position;
    }

    int[] toArray() {
      return size == at.length ? at : Arrays.copyOf(at, size);
    }
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
