package io.github.slicegrep.bench.truth;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One text file of a corpus.
 *
 * @param path relative to the corpus root, {@code /}-separated
 * @param lines its lines (split on LF, CRLF and CR only), index 0 is line 1
 */
public record SourceFile(String path, List<String> lines) {
  public SourceFile {
    lines = List.copyOf(lines);
  }

  public Optional<Lang> lang() {
    return Lang.of(path);
  }

  public boolean isTest() {
    return Lang.isTestPath(path);
  }

  /** Line {@code n}, 1-based. */
  public String line(int n) {
    return lines.get(n - 1);
  }

  public int lineCount() {
    return lines.size();
  }

  /** Lower-cased copy used by the literal searches. */
  public String lowerLine(int n) {
    return lines.get(n - 1).toLowerCase(Locale.ROOT);
  }
}
