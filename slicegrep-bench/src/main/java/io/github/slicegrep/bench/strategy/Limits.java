package io.github.slicegrep.bench.strategy;

/** The token limits of the controlled suite. */
public final class Limits {
  /** What one retrieval call may return (the budget slicegrep and the ranked baselines get). */
  public static final int RETRIEVAL_BUDGET = 2000;
  /** Everything the model may read for one task; context past it is not seen. */
  public static final int CONTEXT_CAP = 8000;

  private Limits() {}
}
