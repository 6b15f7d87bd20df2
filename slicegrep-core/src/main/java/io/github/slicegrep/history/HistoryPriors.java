package io.github.slicegrep.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * What a repository's recent history says about the files below a search root. Paths are
 * relative to that root and {@code /}-separated, as in search results.
 */
public final class HistoryPriors {
  private final Map<String, Integer> commitsByFile;
  private final Map<String, Map<String, Integer>> together;
  private final Map<String, Map<String, Integer>> symbols;
  private final int commitsRead;
  private final boolean complete;
  private final int maxCommitsOfAFile;

  HistoryPriors(
      Map<String, Integer> commitsByFile, Map<String, Map<String, Integer>> together,
      Map<String, Map<String, Integer>> symbols, int commitsRead, boolean complete) {
    this.commitsByFile = commitsByFile;
    this.together = together;
    this.symbols = symbols;
    this.commitsRead = commitsRead;
    this.complete = complete;
    this.maxCommitsOfAFile =
        commitsByFile.values().stream().mapToInt(Integer::intValue).max().orElse(0);
  }

  /** Commits read (merges and oversized commits are read but not counted for files). */
  public int commitsRead() {
    return commitsRead;
  }

  /** False when the time or commit bound stopped the walk before the first commit. */
  public boolean complete() {
    return complete;
  }

  /** Commits that changed {@code file}. */
  public int commits(String file) {
    return commitsByFile.getOrDefault(file, 0);
  }

  /**
   * Churn in [0, 1]: log(1 + commits of the file) over log(1 + commits of the busiest file),
   * so that a prior built on it stays mild however busy the repository is.
   */
  public double churn(String file) {
    int n = commits(file);
    return n == 0 || maxCommitsOfAFile == 0
        ? 0
        : Math.log1p(n) / Math.log1p(maxCommitsOfAFile);
  }

  /** Commits that changed both files. */
  public int changedTogether(String a, String b) {
    return together.getOrDefault(a, Map.of()).getOrDefault(b, 0);
  }

  /**
   * Co-change in [0, 1]: commits that changed both over commits that changed the less often
   * changed of the two (1 when one file never changes without the other).
   */
  public double coChange(String a, String b) {
    int both = changedTogether(a, b);
    int fewer = Math.min(commits(a), commits(b));
    return both == 0 || fewer == 0 ? 0 : (double) both / fewer;
  }

  /** The files most often changed with {@code file}, most first, at most {@code limit}. */
  public List<String> partners(String file, int limit) {
    List<Map.Entry<String, Integer>> entries =
        new ArrayList<>(together.getOrDefault(file, Map.of()).entrySet());
    entries.sort(Map.Entry.<String, Integer>comparingByValue().reversed()
        .thenComparing(Map.Entry.comparingByKey()));
    return entries.stream().limit(limit).map(Map.Entry::getKey).toList();
  }

  /**
   * How many changes touched each definition of {@code file}, by the name git would print in a
   * hunk header (the nearest line above the change that starts with a letter, {@code _} or
   * {@code $}, cut to its definition name when it has one).
   */
  public Map<String, Integer> changedSymbols(String file) {
    return symbols.getOrDefault(file, Map.of());
  }

  /** Files by commits, busiest first (for diagnostics). */
  public List<String> busiestFiles(int limit) {
    return commitsByFile.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder())
            .thenComparing(Map.Entry.comparingByKey()))
        .limit(limit)
        .map(Map.Entry::getKey)
        .toList();
  }
}
