package io.github.slicegrep.bench.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class WilsonTest {
  private static final double EPS = 1e-4;

  @Test
  void matchesHandComputedIntervals() {
    // Values from the closed form with z = 1.95996, worked by hand outside this code.
    assertArrayEquals(new double[] {0.0, 0.2775}, Wilson.interval95(0, 10), EPS);
    assertArrayEquals(new double[] {0.2366, 0.7634}, Wilson.interval95(5, 10), EPS);
    assertArrayEquals(new double[] {0.7225, 1.0}, Wilson.interval95(10, 10), EPS);
    assertArrayEquals(new double[] {0.2553, 0.3662}, Wilson.interval95(81, 263), EPS);
    assertArrayEquals(new double[] {0.0615, 0.7923}, Wilson.interval95(1, 3), EPS);
  }

  @Test
  void emptySampleSaysNothing() {
    assertArrayEquals(new double[] {0.0, 1.0}, Wilson.interval95(0, 0), EPS);
  }

  @Test
  void rejectsImpossibleCounts() {
    assertThrows(IllegalArgumentException.class, () -> Wilson.interval95(11, 10));
  }
}
