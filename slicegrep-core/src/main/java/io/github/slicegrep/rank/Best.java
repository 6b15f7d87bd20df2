package io.github.slicegrep.rank;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Predicate;

/**
 * The {@code k} best of many items under a total order, found with a heap of {@code k} instead of
 * a full sort: the recall cut, a staged search's finalists and a question's block selection each
 * take a few hundred of thousands. An item no better than the heap's worst is turned away without
 * touching the heap, as most are.
 */
public final class Best {
  private Best() {}

  /**
   * The {@code k} best of the items {@code which} accepts, in no particular order: the same items
   * as the first {@code k} of a full sort, since {@code worstFirst} is a total order.
   *
   * @param items the items, in any order
   * @param k how many to keep, at least 1
   * @param worstFirst the order, worst first
   * @param which the items that take part
   * @return at most {@code k} items
   */
  public static <T> List<T> of(
      Iterable<? extends T> items, int k, Comparator<? super T> worstFirst,
      Predicate<? super T> which) {
    PriorityQueue<T> heap = new PriorityQueue<>(k + 1, worstFirst);
    for (T item : items) {
      if (!which.test(item)) {
        continue;
      }
      if (heap.size() < k) {
        heap.add(item);
      } else if (worstFirst.compare(item, heap.peek()) > 0) {
        heap.poll();
        heap.add(item);
      }
    }
    return new ArrayList<>(heap);
  }
}
