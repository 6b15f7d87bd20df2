package io.github.slicegrep.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ParallelTest {
  @Test
  void mapKeepsIndexOrderAtEverySize() {
    for (int n : new int[] {0, 1, 2, 3, 17, 1000, 20_000}) {
      List<Integer> squares = Parallel.map(n, i -> i * i);
      assertEquals(IntStream.range(0, n).map(i -> i * i).boxed().toList(), squares, "n=" + n);
    }
    assertEquals(List.of("A", "B", "C"), Parallel.map(List.of("a", "b", "c"), String::toUpperCase));
  }

  @Test
  void everyIndexRunsExactlyOnceLoopAfterLoop() {
    for (int round = 0; round < 200; round++) {
      int n = 1 + round * 37 % 500;
      AtomicIntegerArray runs = new AtomicIntegerArray(n);
      Parallel.forEach(n, runs::incrementAndGet);
      for (int i = 0; i < n; i++) {
        assertEquals(1, runs.get(i), "round " + round + ", index " + i);
      }
    }
  }

  @Test
  void aFailingBodyFailsTheCallerAndTheNextLoopStillRuns() {
    IllegalArgumentException thrown = new IllegalArgumentException("index 500");
    IllegalArgumentException caught = assertThrows(IllegalArgumentException.class,
        () -> Parallel.forEach(1000, i -> {
          if (i == 500) {
            throw thrown;
          }
        }));
    assertSame(thrown, caught);
    assertEquals(List.of(0, 1, 2), Parallel.map(3, i -> i));
  }

  @Test
  void aLoopInsideABodyRunsThereWithoutWaitingForTheWorkers() {
    List<Integer> sums = Parallel.map(50, i -> Parallel.map(i, j -> j).stream()
        .mapToInt(Integer::intValue).sum());
    for (int i = 0; i < 50; i++) {
      assertEquals(i * (i - 1) / 2, sums.get(i));
    }
  }

  @Test
  void concurrentCallersEachGetTheirOwnCompleteAnswer() throws Exception {
    ExecutorService callers = Executors.newFixedThreadPool(8);
    try {
      List<Future<List<Long>>> answers = new ArrayList<>();
      for (int c = 0; c < 8; c++) {
        long offset = c * 1_000_000L;
        answers.add(callers.submit(() -> {
          List<Long> last = List.of();
          for (int round = 0; round < 100; round++) {
            last = Parallel.map(300, i -> offset + i);
          }
          return last;
        }));
      }
      for (int c = 0; c < 8; c++) {
        long offset = c * 1_000_000L;
        assertEquals(longRange(offset, 300), answers.get(c).get(30, TimeUnit.SECONDS));
      }
    } finally {
      callers.shutdownNow();
    }
  }

  private static List<Long> longRange(long from, int n) {
    return IntStream.range(0, n).mapToObj(i -> from + i).toList();
  }
}
