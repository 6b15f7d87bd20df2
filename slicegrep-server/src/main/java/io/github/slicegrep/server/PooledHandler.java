package io.github.slicegrep.server;

import java.util.List;

/** A {@link Handler} whose searches use readers kept per root in a {@link ReaderPool}. */
public abstract class PooledHandler implements Handler {
  private final ReaderPool pool = new ReaderPool();

  /**
   * The readers this handler keeps.
   *
   * @return the pool
   */
  protected final ReaderPool pool() {
    return pool;
  }

  @Override
  public List<String> describe() {
    return pool.describe().stream().map(r -> "reader " + r).toList();
  }

  @Override
  public void close() {
    pool.close();
  }
}
