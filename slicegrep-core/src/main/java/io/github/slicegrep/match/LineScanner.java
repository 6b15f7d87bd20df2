package io.github.slicegrep.match;

import com.google.common.collect.ImmutableList;
import io.github.slicegrep.query.Fragment;
import io.github.slicegrep.query.Query;
import io.github.slicegrep.source.FoldedText;
import io.github.slicegrep.source.SourceFile;
import java.util.Arrays;
import java.util.List;

/** Runs every fragment of a query over every line of a file. */
public final class LineScanner {
  /**
   * Longer lines are minified bundles or data blobs: matching them costs time and the slice
   * around them would be useless to a reader.
   */
  public static final int MAX_MATCHED_LINE_CHARS = 5000;

  private final List<Fragment> fragments;
  /** Per fragment, the folded literal every match contains, or null to test every line. */
  private final String[] literals;

  private LineScanner(Query query) {
    this.fragments = query.fragments();
    this.literals = new String[fragments.size()];
    for (int f = 0; f < fragments.size(); f++) {
      literals[f] = RequiredLiteral.of(fragments.get(f)).orElse(null);
    }
  }

  /** A scanner for {@code query}, to run over many files; immutable and thread-safe. */
  public static LineScanner of(Query query) {
    return new LineScanner(query);
  }

  /** The hits in {@code file}, ordered by line, then fragment. */
  public static List<Hit> scan(SourceFile file, Query query) {
    return of(query).scan(file);
  }

  /** The hits in {@code file}, ordered by line, then fragment. */
  public List<Hit> scan(SourceFile file) {
    int count = fragments.size();
    long[] found = new long[16];
    int size = 0;
    for (int f = 0; f < count; f++) {
      String literal = literals[f];
      if (literal != null && !file.mayContain(literal)) {
        continue; // a file restored from an index, proven not to hold it: not even read
      }
      Fragment fragment = fragments.get(f);
      List<String> lines = file.lines();
      if (literal == null) {
        for (int i = 0; i < lines.size(); i++) {
          if (matches(fragment, lines.get(i))) {
            found = grow(found, size);
            found[size++] = key(i + 1, f, count);
          }
        }
        continue;
      }
      // The literal is looked for in the whole folded file at once; only the lines holding it
      // are given to the fragment's own matcher.
      FoldedText folded = file.folded();
      String text = folded.text();
      int at = text.indexOf(literal);
      while (at >= 0) {
        int line = folded.lineAt(at);
        if (matches(fragment, lines.get(line - 1))) {
          found = grow(found, size);
          found[size++] = key(line, f, count);
        }
        at = line < lines.size() ? text.indexOf(literal, folded.lineStart(line + 1)) : -1;
      }
    }
    if (size == 0) {
      return List.of();
    }
    Arrays.sort(found, 0, size);
    ImmutableList.Builder<Hit> hits = ImmutableList.builderWithExpectedSize(size);
    for (int k = 0; k < size; k++) {
      hits.add(new Hit((int) (found[k] / count), (int) (found[k] % count)));
    }
    return hits.build();
  }

  /** Whether {@code fragment} matches any line of {@code file} that {@link #scan} would read. */
  public static boolean contains(SourceFile file, Fragment fragment) {
    String literal = RequiredLiteral.of(fragment).orElse(null);
    if (literal != null && !file.mayContain(literal)) {
      return false;
    }
    for (String line : file.lines()) {
      if (matches(fragment, line)) {
        return true;
      }
    }
    return false;
  }

  private static boolean matches(Fragment fragment, String line) {
    return !line.isEmpty() && line.length() <= MAX_MATCHED_LINE_CHARS && fragment.matches(line);
  }

  private static long key(int line, int fragment, int count) {
    return (long) line * count + fragment;
  }

  private static long[] grow(long[] a, int size) {
    return size < a.length ? a : Arrays.copyOf(a, a.length * 2);
  }
}
