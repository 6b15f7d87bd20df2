package io.github.slicegrep.bench.truth;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One text file of a corpus: its path relative to the corpus root ({@code /}-separated) and its
 * lines (split on LF, CRLF and CR only; index 0 is line 1). Identity equality: a corpus loads
 * each file once, and hashing whole files on every map lookup would dominate the run time.
 */
public final class SourceFile {
  private final String path;
  private final List<String> lines;
  private final List<String> lower;

  public SourceFile(String path, List<String> lines) {
    this.path = path;
    this.lines = List.copyOf(lines);
    List<String> lc = new ArrayList<>(lines.size());
    for (String l : lines) {
      lc.add(l.toLowerCase(Locale.ROOT));
    }
    this.lower = List.copyOf(lc);
  }

  public String path() {
    return path;
  }

  public List<String> lines() {
    return lines;
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

  /** Line {@code n} lower-cased (root locale), for the case-insensitive literal searches. */
  public String lowerLine(int n) {
    return lower.get(n - 1);
  }

  @Override
  public String toString() {
    return path;
  }
}
