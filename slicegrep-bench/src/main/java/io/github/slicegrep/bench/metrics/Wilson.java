package io.github.slicegrep.bench.metrics;

/** The Wilson score interval for a binomial proportion. */
public final class Wilson {
  /** The normal quantile for a two-sided 95% interval. */
  public static final double Z95 = 1.959963984540054;

  private Wilson() {}

  /** {@code [low, high]} of the 95% interval for {@code hits} successes in {@code n} trials. */
  public static double[] interval95(int hits, int n) {
    if (n <= 0) {
      return new double[] {0.0, 1.0};
    }
    if (hits < 0 || hits > n) {
      throw new IllegalArgumentException("hits " + hits + " outside 0.." + n);
    }
    double z = Z95;
    double p = (double) hits / n;
    double z2n = z * z / n;
    double centre = (p + z2n / 2) / (1 + z2n);
    double half = z / (1 + z2n) * Math.sqrt(p * (1 - p) / n + z * z / (4.0 * n * n));
    // The interval always contains p; the clamps only absorb rounding at p = 0 and p = 1.
    return new double[] {Math.max(0, Math.min(p, centre - half)),
        Math.min(1, Math.max(p, centre + half))};
  }
}
