package io.github.slicegrep;

import java.nio.file.Path;

/**
 * The one-line entry point.
 *
 * <pre>{@code
 * Result r = FocusedRead.run(Path.of("src"), "class Scorer|def score", 800, Boundary.FN);
 * System.out.println(r.render());
 * }</pre>
 *
 * <p>Calls share one default {@link FocusedReader}, so repeated searches of the same tree reuse
 * its file cache. Hosts that want their own cache (or several) create readers themselves.
 */
public final class FocusedRead {
  private static final FocusedReader DEFAULT = new FocusedReader();

  private FocusedRead() {}

  /**
   * Searches {@code path} (a file or a directory) for {@code query} and packs the best slices
   * into {@code budget} tokens (0 = unlimited).
   *
   * @param path a file or a directory
   * @param query regex alternatives joined by {@code |}, or a plain-English question
   * @param budget tokens, 0 for unlimited
   * @param boundary how a match grows into a slice
   * @return the ranked slices, what was left out and why
   * @throws SlicegrepException on an empty or unusable query, a missing or unreadable path, or
   *     a negative budget
   */
  public static Result run(Path path, String query, int budget, Boundary boundary) {
    return DEFAULT.search(path, query, Options.defaults().withBudget(budget).withBoundary(boundary));
  }

  /**
   * Like {@link #run(Path, String, int, Boundary)} with every setting in {@code options}.
   *
   * @param path a file or a directory
   * @param query regex alternatives joined by {@code |}, or a plain-English question
   * @param options every setting of the search
   * @return the ranked slices, what was left out and why
   * @throws SlicegrepException on an empty or unusable query or a missing or unreadable path
   */
  public static Result run(Path path, String query, Options options) {
    return DEFAULT.search(path, query, options);
  }
}
