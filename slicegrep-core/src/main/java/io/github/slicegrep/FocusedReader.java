package io.github.slicegrep;

import io.github.slicegrep.index.IndexLocation;
import io.github.slicegrep.query.QueryParser;
import io.github.slicegrep.query.QueryReading;
import io.github.slicegrep.search.CandidateSource;
import io.github.slicegrep.search.Pipeline;
import io.github.slicegrep.search.Scope;
import io.github.slicegrep.source.SourceFile;
import io.github.slicegrep.workspace.LocalSource;
import io.github.slicegrep.workspace.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A reusable, thread-safe searcher that keeps decoded files and their outlines between calls,
 * keyed by path, modification time and size: a warm search re-reads only what changed. One per
 * long-running host (an MCP server, an IDE plugin).
 *
 * <p>A facade: the kept files live in a {@code workspace.Workspace}, and each query runs through
 * the {@code search.Pipeline}, which reads them through the candidate-source seam.
 */
public final class FocusedReader implements AutoCloseable {
  private final Workspace workspace;
  private final Pipeline pipeline = new Pipeline();

  /**
   * A reader with in-memory caches only (at most 256 Mi characters of decoded text); it writes
   * nothing to disk.
   */
  public FocusedReader() {
    this(null, Workspace.STREAMING_FILES, false);
  }

  /**
   * A reader for a long-lived host (an MCP server, an IDE): like {@link #FocusedReader()}, and
   * it also watches each directory it searches again (Linux, local file systems), so that later
   * searches stat only the files modified since instead of every file of the tree. A watch is an
   * operating-system resource (an inotify instance, of which a user has few): close the reader
   * when done with it.
   *
   * @return a reader that watches the trees it searches repeatedly
   */
  public static FocusedReader watching() {
    return new FocusedReader(null, Workspace.STREAMING_FILES, true);
  }

  /**
   * A reader that also keeps a persistent index of each directory it searches in
   * {@code indexDirectory} (see {@link #indexDirectory()}), so that another process searching
   * an unchanged tree skips walking, reading and parsing it.
   *
   * @param indexDirectory where the index files are kept (created on first write)
   * @return a reader that reads and writes indexes there
   * @throws SlicegrepException when the directory is null
   */
  public static FocusedReader withIndex(Path indexDirectory) {
    SlicegrepException.check(indexDirectory != null, "index directory is missing");
    return new FocusedReader(indexDirectory, Workspace.STREAMING_FILES, false);
  }

  /**
   * A reader for a long-lived host that also keeps a persistent index: it watches the trees it
   * searches again like {@link #watching()}, and reads and writes indexes in
   * {@code indexDirectory} like {@link #withIndex(Path)}, so that the host's first search of an
   * unchanged tree is as quick as another process's. Close it when done.
   *
   * @param indexDirectory where the index files are kept (created on first write)
   * @return a watching reader that reads and writes indexes there
   * @throws SlicegrepException when the directory is null
   */
  public static FocusedReader watchingWithIndex(Path indexDirectory) {
    SlicegrepException.check(indexDirectory != null, "index directory is missing");
    return new FocusedReader(indexDirectory, Workspace.STREAMING_FILES, true);
  }

  /** With the streaming threshold lowered, so tests reach that path on small trees. */
  static FocusedReader withIndex(Path indexDirectory, int streamingFiles) {
    return new FocusedReader(indexDirectory, streamingFiles, false);
  }

  /**
   * The index directory of this process's environment: none when {@code SLICEGREP_INDEX=off},
   * else {@code SLICEGREP_INDEX_DIR}, else {@code $XDG_CACHE_HOME/slicegrep/index} or
   * {@code ~/.cache/slicegrep/index}.
   *
   * @return the directory, or empty when indexes are switched off
   */
  public static Optional<Path> indexDirectory() {
    return IndexLocation.fromEnvironment();
  }

  /**
   * Like {@link #indexDirectory()}, for the environment variables {@code env} instead of this
   * process's (a host that searches for other processes passes each caller's).
   *
   * @param env environment variables by name
   * @return the directory, or empty when {@code env} switches indexes off
   */
  public static Optional<Path> indexDirectory(Map<String, String> env) {
    SlicegrepException.check(env != null, "environment is missing");
    return IndexLocation.from(env);
  }

  private FocusedReader(
      @Nullable Path indexDirectory, int streamingFiles, boolean watchesTrees) {
    // The reader owns the workspace: the watches of a reader collected unclosed are released.
    this.workspace = new Workspace(this, indexDirectory, streamingFiles, watchesTrees);
  }

  /**
   * Stops watching the trees this reader searched (it keeps working, stat-ing every file); a
   * reader that does not watch has nothing to release. A watching reader that is not closed
   * releases its watches when it is garbage-collected.
   */
  @Override
  public void close() {
    workspace.close();
  }

  /**
   * Searches with default options except the budget and the boundary.
   *
   * @param path a file or a directory
   * @param query regex alternatives joined by {@code |}, or a plain-English question
   * @param budget tokens, 0 for unlimited
   * @param boundary how a match grows into a slice
   * @return the ranked slices, what was left out and why
   * @throws SlicegrepException on an empty or unusable query or a missing or unreadable path
   */
  public Result search(Path path, String query, int budget, Boundary boundary) {
    return search(path, query, Options.defaults().withBudget(budget).withBoundary(boundary));
  }

  /**
   * Searches {@code path} (a file or a directory) for {@code query}.
   *
   * @param path a file or a directory
   * @param query regex alternatives joined by {@code |}, or a plain-English question
   * @param options every setting of the search
   * @return the ranked slices, what was left out and why
   * @throws SlicegrepException on an empty or unusable query or a path that does not exist, is
   *     not a readable regular file or directory, or (in file mode) is binary or too large
   */
  public Result search(Path path, String query, Options options) {
    return search(path, query, options, Progress.NONE);
  }

  /**
   * Like {@link #search(Path, String, Options)}, reporting progress while files are read.
   *
   * @param path a file or a directory
   * @param query regex alternatives joined by {@code |}, or a plain-English question
   * @param options every setting of the search
   * @param progress told how many files have been read, from worker threads
   * @return the ranked slices, what was left out and why
   * @throws SlicegrepException on an empty or unusable query or a missing or unreadable path
   */
  public Result search(Path path, String query, Options options, Progress progress) {
    SlicegrepException.check(path != null, "path is missing");
    QueryReading reading = QueryParser.read(query);
    Path read = resolved(path, options);
    try {
      if (!Files.exists(read)) {
        throw new SlicegrepException("path not found: " + read);
      }
      boolean directory = Files.isDirectory(read);
      LocalSource source = workspace.read(read, directory, options, progress);
      Result result = pipeline.run(reading, options,
          new Scope(read, directory, workspace.indexDirectory(), path), source);
      source.finish(options.environment());
      return result;
    } catch (SlicegrepException e) {
      throw asGiven(e, read, path);
    }
  }

  /**
   * Searches the files a source other than the file system offers (a search cluster's blocks,
   * say): the query is read here, once, as for a path; {@code sources} is given that reading, so
   * it can fetch the files the reading may need, and the same pipeline ranks, packs and reports
   * them. Dense recall and history priors need a local tree and are not used.
   *
   * @param label how the result names what was searched (a collection's name, say); files are
   *     named by their own relative paths
   * @param query regex alternatives joined by {@code |}, or a plain-English question
   * @param options every setting of the search
   * @param sources the candidate source for a reading of the query
   * @return the ranked slices, what was left out and why
   * @throws SlicegrepException on an empty or unusable query or a blank label, and whatever
   *     {@code sources} throws
   */
  public Result search(
      String label, String query, Options options,
      Function<QueryReading, ? extends CandidateSource> sources) {
    SlicegrepException.check(label != null && !label.isBlank(), "label is missing");
    SlicegrepException.check(sources != null, "candidate source is missing");
    QueryReading reading = QueryParser.read(query);
    Options local = options.withDense(false).withHistory(false);
    Path named = Path.of(label);
    return pipeline.run(reading, local, new Scope(named, true, null, named),
        sources.apply(reading));
  }

  /** {@code path} taken from the options' working directory when it is relative. */
  private static Path resolved(Path path, Options options) {
    return options.workingDirectory().map(d -> d.resolve(path)).orElse(path);
  }

  /**
   * {@code e} with the path as read named as given: paths below it were made by resolving
   * against it, so their text starts with it, just as they would start with the given path
   * had it been read from this process's working directory.
   */
  private static SlicegrepException asGiven(SlicegrepException e, Path read, Path given) {
    String message = e.getMessage();
    if (read.equals(given) || message == null || !message.contains(read.toString())) {
      return e;
    }
    return new SlicegrepException(message.replace(read.toString(), given.toString()), e);
  }

  /**
   * The definition map of one file, from this reader's cache: after a search of the file its
   * outline is reused, not computed again.
   *
   * @param file the file to map
   * @return its definitions with their lines
   * @throws SlicegrepException when the path is missing, a directory, binary or over the
   *     default size cap
   */
  public FileMap fileMap(Path file) {
    return fileMap(file, Options.defaults());
  }

  /**
   * Like {@link #fileMap(Path)}, a relative path taken from the options' working directory
   * (and named as given in messages); the other options do not apply.
   *
   * @param file the file to map
   * @param options where a relative path is taken from
   * @return its definitions with their lines
   * @throws SlicegrepException when the path is missing, a directory, binary or over the
   *     default size cap
   */
  public FileMap fileMap(Path file, Options options) {
    SlicegrepException.check(file != null, "path is missing");
    Path read = resolved(file, options);
    try {
      if (!Files.exists(read)) {
        throw new SlicegrepException("path not found: " + read);
      }
      if (Files.isDirectory(read)) {
        throw new SlicegrepException(read + " is a directory; a file map covers one file");
      }
      SourceFile source = workspace.file(read);
      return FileMap.of(source, workspace.analyses().outline(source));
    } catch (SlicegrepException e) {
      throw asGiven(e, read, file);
    }
  }

  /** Runs {@code action} on each directory search's listed paths before they are read. */
  void afterListing(Consumer<List<Path>> action) {
    workspace.afterListing(action);
  }

  /** Waits until the watches being started are in place (or given up), for tests. */
  void awaitWatchStarts() {
    workspace.awaitWatchStarts();
  }

  /** Whether a search of {@code root} (default options) would be told its changes, for tests. */
  boolean watching(Path root) {
    return workspace.watching(root);
  }
}
