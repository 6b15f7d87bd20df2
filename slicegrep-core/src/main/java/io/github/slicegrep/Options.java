package io.github.slicegrep;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

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
          Objective.AUTO, DEFAULT_MAX_FILE_BYTES, false, false, false, System.getenv(), null);

  private final int budget;
  private final Boundary boundary;
  private final int before;
  private final int after;
  private final boolean recursive;
  private final boolean dedupe;
  private final Objective objective;
  private final long maxFileBytes;
  private final boolean confined;
  private final boolean dense;
  private final boolean history;
  private final Map<String, String> environment;
  private final @Nullable Path workingDirectory;

  private Options(
      int budget, Boundary boundary, int before, int after, boolean recursive, boolean dedupe,
      Objective objective, long maxFileBytes, boolean confined, boolean dense, boolean history,
      Map<String, String> environment, @Nullable Path workingDirectory) {
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
    this.confined = confined;
    this.dense = dense;
    this.history = history;
    this.environment = environment;
    this.workingDirectory = workingDirectory;
  }

  /**
   * The settings a search starts from.
   *
   * @return budget 800, boundary auto, 40/40 context, recursive, dedupe on, objective auto,
   *     2 MiB file cap, not confined, dense and history off
   */
  public static Options defaults() {
    return DEFAULTS;
  }

  /**
   * The token budget.
   *
   * @return the budget in tokens; 0 means unlimited
   */
  public int budget() {
    return budget;
  }

  /**
   * How a match grows into a slice.
   *
   * @return the boundary mode
   */
  public Boundary boundary() {
    return boundary;
  }

  /**
   * Context lines before each match.
   *
   * @return the number of lines, at least 0
   */
  public int before() {
    return before;
  }

  /**
   * Context lines after each match.
   *
   * @return the number of lines, at least 0
   */
  public int after() {
    return after;
  }

  /**
   * Whether a directory search descends into subdirectories.
   *
   * @return true (the default) to search the whole tree, false for the directory's own files
   */
  public boolean recursive() {
    return recursive;
  }

  /**
   * Whether near-duplicates collapse; exact duplicates always do.
   *
   * @return true (the default) to collapse near-duplicate slices
   */
  public boolean dedupe() {
    return dedupe;
  }

  /**
   * Which slices the packer reserves room for before filling by score.
   *
   * @return the objective
   */
  public Objective objective() {
    return objective;
  }

  /**
   * The file size cap.
   *
   * @return the size in bytes over which a file is skipped in directory mode and refused in
   *     file mode
   */
  public long maxFileBytes() {
    return maxFileBytes;
  }

  /**
   * Whether a directory search stays inside the searched directory (default false). When on,
   * a file or directory whose real path (every symlink resolved) lies outside the real path of
   * the searched directory is skipped, so a symlink in the tree never leads the search out of
   * it. When off, such links are followed and their files reported under their paths inside
   * the tree. A file search reads the one file it is given either way.
   *
   * @return true when what symlinks reach outside the searched directory is skipped
   */
  public boolean confined() {
    return confined;
  }

  /**
   * Sets the token budget.
   *
   * @param budget tokens, at least 0; 0 means unlimited
   * @return a copy with the budget changed
   * @throws SlicegrepException when the budget is negative
   */
  public Options withBudget(int budget) {
    Settings b = new Settings(this);
    b.budget = budget;
    return b.options();
  }

  /**
   * Sets the boundary mode.
   *
   * @param boundary how a match grows into a slice
   * @return a copy with the boundary changed
   */
  public Options withBoundary(Boundary boundary) {
    Settings b = new Settings(this);
    b.boundary = boundary;
    return b.options();
  }

  /**
   * Sets the context before each match.
   *
   * @param before lines, at least 0
   * @return a copy with the context changed
   * @throws SlicegrepException when {@code before} is negative
   */
  public Options withBefore(int before) {
    Settings b = new Settings(this);
    b.before = before;
    return b.options();
  }

  /**
   * Sets the context after each match.
   *
   * @param after lines, at least 0
   * @return a copy with the context changed
   * @throws SlicegrepException when {@code after} is negative
   */
  public Options withAfter(int after) {
    Settings b = new Settings(this);
    b.after = after;
    return b.options();
  }

  /**
   * Sets the context before and after each match at once.
   *
   * @param lines lines on each side, at least 0
   * @return a copy with both contexts changed
   * @throws SlicegrepException when {@code lines} is negative
   */
  public Options withContext(int lines) {
    Settings b = new Settings(this);
    b.before = lines;
    b.after = lines;
    return b.options();
  }

  /**
   * Sets whether a directory search descends into subdirectories.
   *
   * @param recursive false to search only the directory's own files
   * @return a copy with the setting changed
   */
  public Options withRecursive(boolean recursive) {
    Settings b = new Settings(this);
    b.recursive = recursive;
    return b.options();
  }

  /**
   * Sets whether near-duplicate slices collapse.
   *
   * @param dedupe false to keep near-duplicates (exact copies still collapse)
   * @return a copy with the setting changed
   */
  public Options withDedupe(boolean dedupe) {
    Settings b = new Settings(this);
    b.dedupe = dedupe;
    return b.options();
  }

  /**
   * Sets the packing objective.
   *
   * @param objective the slices reserved before filling by score
   * @return a copy with the objective changed
   */
  public Options withObjective(Objective objective) {
    Settings b = new Settings(this);
    b.objective = objective;
    return b.options();
  }

  /**
   * Sets the file size cap.
   *
   * @param maxFileBytes bytes, more than 0
   * @return a copy with the cap changed
   * @throws SlicegrepException when the cap is not positive
   */
  public Options withMaxFileBytes(long maxFileBytes) {
    Settings b = new Settings(this);
    b.maxFileBytes = maxFileBytes;
    return b.options();
  }

  /**
   * Sets {@link #confined()}: the MCP server turns it on for its {@code --root} folders, and
   * the hook always.
   *
   * @param confined true to skip what symlinks reach outside the searched directory
   * @return a copy with the setting changed
   */
  public Options withConfined(boolean confined) {
    Settings b = new Settings(this);
    b.confined = confined;
    return b.options();
  }

  /**
   * Whether plain-English questions also use dense recall (off by default: it lost on the
   * controlled suite's tuning and confirmation seeds, docs/RESULTS.md). It takes effect only
   * when {@code SLICEGREP_MODEL_DIR} names a model that loads and {@code SLICEGREP_DENSE} is not
   * {@code off}; precise queries never use it.
   *
   * @return true when dense recall is asked for
   */
  public boolean dense() {
    return dense;
  }

  /**
   * Whether a directory search inside a git work tree re-ranks its file list by git history
   * (churn, and co-change with the best-matching files). Off by default: it did not win on the
   * changes suite's confirmation commits (docs/RESULTS.md). {@code SLICEGREP_HISTORY=off} keeps
   * it off even when asked for.
   *
   * @return true when history priors are asked for
   */
  public boolean history() {
    return history;
  }

  /**
   * Sets {@link #dense()}.
   *
   * @param dense true to fuse dense recall into plain-English questions when a model is present
   * @return a copy with the setting changed
   */
  public Options withDense(boolean dense) {
    Settings b = new Settings(this);
    b.dense = dense;
    return b.options();
  }

  /**
   * Sets {@link #history()}.
   *
   * @param history true to re-rank the file list by git history inside a git work tree
   * @return a copy with the setting changed
   */
  public Options withHistory(boolean history) {
    Settings b = new Settings(this);
    b.history = history;
    return b.options();
  }

  /**
   * The environment variables a search reads its switches from ({@code SLICEGREP_INDEX_MAX_MB},
   * {@code SLICEGREP_WATCH}, {@code SLICEGREP_HISTORY}, {@code SLICEGREP_MODEL_DIR},
   * {@code SLICEGREP_DENSE}, {@code SLICEGREP_DENSE_TIMEOUT}; which index directory a reader
   * keeps is the reader's, see {@link FocusedReader#indexDirectory(Map)}). By default this
   * process's own; a
   * host that searches for other processes (the resident server) passes each caller's, so that
   * a search behaves as it would have in the caller's process.
   *
   * @return the variables by name, unmodifiable
   */
  public Map<String, String> environment() {
    return environment;
  }

  /**
   * Sets {@link #environment()}.
   *
   * @param environment variables by name (copied)
   * @return a copy with the environment changed
   * @throws SlicegrepException when it is null
   */
  public Options withEnvironment(Map<String, String> environment) {
    SlicegrepException.check(environment != null, "environment is missing");
    Map<String, String> copy = Map.copyOf(environment);
    Settings b = new Settings(this);
    b.environment = copy;
    return b.options();
  }

  /**
   * The directory a relative search path is taken from. Empty by default: the path is used as
   * given, that is from this process's working directory. A host that searches for other
   * processes sets each caller's; the report still names the path as the caller gave it.
   *
   * @return the directory, or empty for this process's working directory
   */
  public Optional<Path> workingDirectory() {
    return Optional.ofNullable(workingDirectory);
  }

  /**
   * Sets {@link #workingDirectory()}.
   *
   * @param directory an absolute directory
   * @return a copy with the working directory changed
   * @throws SlicegrepException when it is null or not absolute
   */
  public Options withWorkingDirectory(Path directory) {
    SlicegrepException.check(directory != null && directory.isAbsolute(),
        "working directory must be an absolute path, got %s", directory);
    Settings b = new Settings(this);
    b.workingDirectory = directory;
    return b.options();
  }

  /**
   * The fields of an instance while a copy is being changed: each {@code withX} sets one, so a
   * new setting adds a field here and a line to {@link #options}, not an argument to every
   * wither. Plain statements rather than a {@code Consumer} per wither: every lambda is linked
   * the first time it runs, and a command-line search sets a dozen options in a process that
   * lives 0.3 s.
   */
  private static final class Settings {
    int budget;
    Boundary boundary;
    int before;
    int after;
    boolean recursive;
    boolean dedupe;
    Objective objective;
    long maxFileBytes;
    boolean confined;
    boolean dense;
    boolean history;
    Map<String, String> environment;
    @Nullable Path workingDirectory;

    Settings(Options o) {
      budget = o.budget;
      boundary = o.boundary;
      before = o.before;
      after = o.after;
      recursive = o.recursive;
      dedupe = o.dedupe;
      objective = o.objective;
      maxFileBytes = o.maxFileBytes;
      confined = o.confined;
      dense = o.dense;
      history = o.history;
      environment = o.environment;
      workingDirectory = o.workingDirectory;
    }

    /** The changed copy, checked like any new instance. */
    Options options() {
      return new Options(
          budget, boundary, before, after, recursive, dedupe, objective, maxFileBytes, confined,
          dense, history, environment, workingDirectory);
    }
  }

  @Override
  public String toString() {
    return String.format(
        "Options{budget=%d, boundary=%s, before=%d, after=%d, recursive=%s, dedupe=%s,"
            + " objective=%s, maxFileBytes=%d, confined=%s, dense=%s, history=%s%s}",
        budget, boundary.label(), before, after, recursive, dedupe, objective.label(),
        maxFileBytes, confined, dense, history,
        workingDirectory == null ? "" : ", workingDirectory=" + workingDirectory);
  }
}
