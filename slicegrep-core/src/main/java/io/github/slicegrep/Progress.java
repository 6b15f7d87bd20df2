package io.github.slicegrep;

/**
 * Told how a long search is going, so a front end can show it (the CLI does on a terminal).
 * Called from worker threads; implementations must be thread-safe and quick.
 */
@FunctionalInterface
public interface Progress {
  /** Reports nothing. */
  Progress NONE = (done, total) -> {};

  /**
   * Called as files are read.
   *
   * @param done files read so far
   * @param total files the search will read
   */
  void filesRead(int done, int total);
}
