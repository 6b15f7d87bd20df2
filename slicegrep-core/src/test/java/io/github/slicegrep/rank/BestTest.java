package io.github.slicegrep.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** The selection keeps exactly the first {@code k} of a full sort, ties and all. */
class BestTest {
  private record Item(int id, double score, String path, int line) {}

  private static final Comparator<Item> WORST_FIRST =
      Comparator.comparingDouble(Item::score)
          .thenComparing(Item::path, Comparator.reverseOrder())
          .thenComparing(Item::line, Comparator.reverseOrder());

  @Test
  void keepsTheFirstKOfAFullSortOnSeededInputs() {
    Random random = new Random(20261202L);
    for (int round = 0; round < 2_000; round++) {
      int n = random.nextInt(300);
      // Few distinct scores, paths and lines: ties on the score are the case that matters.
      int distinctScores = 1 + random.nextInt(round % 2 == 0 ? 4 : 1_000);
      List<Item> items = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        double score = random.nextInt(distinctScores) * (random.nextBoolean() ? 1.0 : -0.5);
        if (random.nextInt(50) == 0) {
          score = random.nextBoolean() ? -0.0 : 0.0;
        }
        items.add(new Item(i, score, "f" + random.nextInt(5), random.nextInt(40)));
      }
      int k = 1 + random.nextInt(Math.max(1, n + 3));
      int modulus = 1 + random.nextInt(3);
      Predicate<Item> which = item -> item.id() % modulus == 0;

      List<Item> sorted = new ArrayList<>(items.stream().filter(which).toList());
      sorted.sort(WORST_FIRST.reversed());
      Set<Item> expected = new HashSet<>(sorted.subList(0, Math.min(k, sorted.size())));

      List<Item> best = Best.of(items, k, Item::score, WORST_FIRST, which);
      assertEquals(expected, new HashSet<>(best), "round " + round);
      assertEquals(expected.size(), best.size(), "round " + round + ": an item twice");
    }
  }

  @Test
  void selectionAgreesWithSortingOnHostileRuns() {
    Random random = new Random(7L);
    for (int round = 0; round < 500; round++) {
      long[] keys = new long[1 + random.nextInt(500)];
      int shape = round % 4;
      for (int i = 0; i < keys.length; i++) {
        keys[i] = switch (shape) {
          case 0 -> 42; // all equal
          case 1 -> i; // ascending
          case 2 -> keys.length - i; // descending
          default -> random.nextInt(3);
        };
      }
      long[] sorted = keys.clone();
      java.util.Arrays.sort(sorted);
      int rank = random.nextInt(keys.length);
      assertEquals(sorted[rank], Best.select(keys.clone(), rank), "round " + round);
    }
  }

  @Test
  void sortableKeysOrderAsDoubleCompare() {
    double[] values = {Double.NEGATIVE_INFINITY, -3.5, -0.0, 0.0, Double.MIN_VALUE, 1, 2.5,
        Double.MAX_VALUE, Double.POSITIVE_INFINITY};
    for (double a : values) {
      for (double b : values) {
        assertEquals(Integer.signum(Double.compare(a, b)),
            Long.signum(Long.compare(Best.sortable(a), Best.sortable(b))), a + " vs " + b);
      }
    }
  }
}
