package io.github.slicegrep;

/**
 * Every setting of a search, as an immutable value: each {@code withX} returns a new instance.
 *
 * <pre>{@code
 * Options o = Options.defaults().withBudget(1500).withBoundary(Boundary.FN).withBefore(5);
 * }</pre>
 */
public final class Options {
  /** The default token budget of the CLI and the API. */
  public static final int DEFAULT_BUDGET = 800;
  /** Context lines taken before and after a match. */
  public static final int DEFAULT_CONTEXT = 40;
  /** Files larger than this are skipped in directory mode (2 MiB keeps minified bundles out). */
  public static final long DEFAULT_MAX_FILE_BYTES = 2L * 1024 * 1024;

  private static final Options DEFAULTS =
      new Options(
          DEFAULT_BUDGET, Boundary.AUTO, DEFAULT_CONTEXT, DEFAULT_CONTEXT, true, true,
          Objective.AUTO, DEFAULT_MAX_FILE_BYTES);

  private final int budget;
  private final Boundary boundary;
  private final int before;
  private final int after;
  private final boolean recursive;
  private final boolean dedupe;
  private final Objective objective;
  private final long maxFileBytes;

  private Options(
      int budget, Boundary boundary, int before, int after, boolean recursive, boolean dedupe,
      Objective objective, long maxFileBytes) {
    SlicegrepException.check(budget >= 0, "budget must be >= 0 (0 means unlimited), got %s", budget);
    SlicegrepException.check(before >= 0, "before must be >= 0, got %s", before);
    SlicegrepException.check(after >= 0, "after must be >= 0, got %s", after);
    SlicegrepException.check(maxFileBytes > 0, "maxFileBytes must be > 0, got %s", maxFileBytes);
    this.budget = budget;
    this.boundary = boundary;
    this.before = before;
    this.after = after;
    this.recursive = recursive;
    this.dedupe = dedupe;
    this.objective = objective;
    this.maxFileBytes = maxFileBytes;
  }

  /** Budget 800, boundary auto, 40/40 context, recursive, dedupe on, objective auto. */
  public static Options defaults() {
    return DEFAULTS;
  }

  /** Token budget; 0 means unlimited. */
  public int budget() {
    return budget;
  }

  public Boundary boundary() {
    return boundary;
  }

  /** Context lines before each match. */
  public int before() {
    return before;
  }

  /** Context lines after each match. */
  public int after() {
    return after;
  }

  /** Whether a directory search descends into subdirectories (default true). */
  public boolean recursive() {
    return recursive;
  }

  /** Whether near-duplicates collapse (exact duplicates always do). */
  public boolean dedupe() {
    return dedupe;
  }

  public Objective objective() {
    return objective;
  }

  /** Files over this many bytes are skipped in directory mode and refused in file mode. */
  public long maxFileBytes() {
    return maxFileBytes;
  }

  public Options withBudget(int budget) {
    return new Options(budget, boundary, before, after, recursive, dedupe, objective, maxFileBytes);
  }

  public Options withBoundary(Boundary boundary) {
    return new Options(budget, boundary, before, after, recursive, dedupe, objective, maxFileBytes);
  }

  public Options withBefore(int before) {
    return new Options(budget, boundary, before, after, recursive, dedupe, objective, maxFileBytes);
  }

  public Options withAfter(int after) {
    return new Options(budget, boundary, before, after, recursive, dedupe, objective, maxFileBytes);
  }

  /** Sets before and after at once. */
  public Options withContext(int lines) {
    return new Options(budget, boundary, lines, lines, recursive, dedupe, objective, maxFileBytes);
  }

  public Options withRecursive(boolean recursive) {
    return new Options(budget, boundary, before, after, recursive, dedupe, objective, maxFileBytes);
  }

  public Options withDedupe(boolean dedupe) {
    return new Options(budget, boundary, before, after, recursive, dedupe, objective, maxFileBytes);
  }

  public Options withObjective(Objective objective) {
    return new Options(budget, boundary, before, after, recursive, dedupe, objective, maxFileBytes);
  }

  public Options withMaxFileBytes(long maxFileBytes) {
    return new Options(budget, boundary, before, after, recursive, dedupe, objective, maxFileBytes);
  }

  @Override
  public String toString() {
    return String.format(
        "Options{budget=%d, boundary=%s, before=%d, after=%d, recursive=%s, dedupe=%s,"
            + " objective=%s, maxFileBytes=%d}",
        budget, boundary.label(), before, after, recursive, dedupe, objective.label(),
        maxFileBytes);
  }
}
