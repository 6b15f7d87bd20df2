package io.github.slicegrep.recall;

import io.github.slicegrep.match.LineScanner;
import io.github.slicegrep.source.SourceFile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The terms of every line of one file, analysed once and kept with the file: a search only
 * counts the few terms its question asks about. Immutable.
 */
public final class FileTerms {
  /** All terms of the file in line order. */
  private final String[] terms;
  /** {@code terms[lineStart[k-1] .. lineStart[k])} are the terms of line k (1-based). */
  private final int[] lineStart;

  private FileTerms(String[] terms, int[] lineStart) {
    this.terms = terms;
    this.lineStart = lineStart;
  }

  public static FileTerms of(SourceFile file) {
    int n = file.lineCount();
    int[] lineStart = new int[n + 1];
    List<String> terms = new ArrayList<>();
    // One string per distinct term in the file, however often it occurs.
    Map<String, String> distinct = new HashMap<>();
    for (int line = 1; line <= n; line++) {
      lineStart[line - 1] = terms.size();
      String text = file.line(line);
      if (text.length() <= LineScanner.MAX_MATCHED_LINE_CHARS) {
        Terms.analyse(text, t -> terms.add(distinct.computeIfAbsent(t, k -> k)));
      }
    }
    lineStart[n] = terms.size();
    return new FileTerms(terms.toArray(String[]::new), lineStart);
  }

  /** Number of terms on lines {@code from..to} (1-based, inclusive). */
  int length(int from, int to) {
    return lineStart[to] - lineStart[from - 1];
  }

  /** Index of the first term of line {@code line}. */
  int firstTerm(int line) {
    return lineStart[line - 1];
  }

  String term(int index) {
    return terms[index];
  }
}
