package io.github.slicegrep.rank;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * The {@code k} best of many items by score, found by selection instead of a full sort: the
 * recall cut, a staged search's finalists and a question's block selection each take a few
 * hundred of thousands.
 */
public final class Best {
  private Best() {}

  /**
   * The {@code k} best of the items {@code which} accepts under an order whose first key is a
   * score: the same items as the first {@code k} of a full sort. The {@code k}-th best score is
   * found by selection over primitive keys, and only the items tied with it are compared by
   * {@code worstFirst}. (A heap of {@code k} did this before; items arriving in file order beat
   * its worst so often that its re-ordering, through a chain of comparators, was most of a
   * question's block selection on a tree of a few hundred files.)
   *
   * @param items the items, in any order
   * @param k how many to keep, at least 1
   * @param score each item's score; {@code worstFirst} must order by it first, ascending, as
   *     {@link Double#compare} does
   * @param worstFirst the whole order, worst first; only ties on the score reach it
   * @param which the items that take part
   * @return at most {@code k} items, in no particular order
   */
  public static <T> List<T> of(
      List<? extends T> items, int k, ToDoubleFunction<? super T> score,
      Comparator<? super T> worstFirst, Predicate<? super T> which) {
    int size = items.size();
    int[] taking = new int[size];
    long[] keys = new long[size];
    int n = 0;
    for (int i = 0; i < size; i++) {
      T item = items.get(i);
      if (which.test(item)) {
        taking[n] = i;
        keys[n++] = sortable(score.applyAsDouble(item));
      }
    }
    List<T> out = new ArrayList<>(Math.min(n, k));
    if (n <= k) {
      for (int j = 0; j < n; j++) {
        out.add(items.get(taking[j]));
      }
      return out;
    }
    long threshold = select(Arrays.copyOf(keys, n), n - k);
    List<T> tied = new ArrayList<>();
    for (int j = 0; j < n; j++) {
      if (keys[j] > threshold) {
        out.add(items.get(taking[j]));
      } else if (keys[j] == threshold) {
        tied.add(items.get(taking[j]));
      }
    }
    if (out.size() + tied.size() > k) {
      tied.sort(worstFirst.reversed());
    }
    out.addAll(tied.subList(0, k - out.size()));
    return out;
  }

  /** A long that orders as {@link Double#compare} orders {@code d}. */
  public static long sortable(double d) {
    long bits = Double.doubleToLongBits(d);
    return bits ^ ((bits >> 63) & Long.MAX_VALUE);
  }

  /**
   * The value that would stand at {@code rank} (0-based) if {@code a} were sorted ascending;
   * {@code a} is reordered. A three-way partition keeps runs of equal keys (tied scores are
   * common) from making it quadratic.
   */
  public static long select(long[] a, int rank) {
    int lo = 0;
    int hi = a.length - 1;
    while (lo < hi) {
      long pivot = medianOfThree(a[lo], a[(lo + hi) >>> 1], a[hi]);
      // a[lo..lt) < pivot, a[lt..i) == pivot, a(gt..hi] > pivot
      int lt = lo;
      int gt = hi;
      int i = lo;
      while (i <= gt) {
        long v = a[i];
        if (v < pivot) {
          a[i++] = a[lt];
          a[lt++] = v;
        } else if (v > pivot) {
          a[i] = a[gt];
          a[gt--] = v;
        } else {
          i++;
        }
      }
      if (rank < lt) {
        hi = lt - 1;
      } else if (rank > gt) {
        lo = gt + 1;
      } else {
        return pivot;
      }
    }
    return a[lo];
  }

  private static long medianOfThree(long a, long b, long c) {
    return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
  }
}
