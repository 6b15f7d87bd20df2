package io.github.slicegrep.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BoundedCacheTest {
  @Test
  void aSizeBoundLetsGoOfTheLeastRecentlyUsedAndSaysSo() {
    List<String> let = new ArrayList<>();
    BoundedCache<String, Integer> cache =
        BoundedCache.<String, Integer>ofSize(3).onRemoval((k, v) -> let.add(k));
    cache.put("a", 1);
    cache.put("b", 2);
    cache.put("c", 3);
    assertEquals(1, cache.getIfPresent("a")); // a is now more recent than b
    cache.put("d", 4);
    assertEquals(List.of("b"), let);
    assertNull(cache.getIfPresent("b"));
    assertEquals(3, cache.estimatedSize());
  }

  @Test
  void aWeightBoundHoldsAfterEveryWrite() {
    BoundedCache<Integer, String> cache = BoundedCache.ofWeight(100, (k, v) -> v.length());
    Random random = new Random(2027);
    for (int i = 0; i < 2_000; i++) {
      cache.put(random.nextInt(300), "x".repeat(1 + random.nextInt(30)));
      long kept = 0;
      for (int k = 0; k < 300; k++) {
        String v = cache.getIfPresent(k);
        kept += v == null ? 0 : v.length();
      }
      assertTrue(kept <= 100, "kept " + kept + " after write " + i);
    }
    assertTrue(cache.estimatedSize() > 2);
  }

  @Test
  void replacingWithAnotherValueTellsTheListenerButTheSameValueDoesNot() {
    List<Object> let = new ArrayList<>();
    Object first = new Object();
    Object second = new Object();
    BoundedCache<String, Object> cache =
        BoundedCache.<String, Object>ofSize(4).onRemoval((k, v) -> let.add(v));
    cache.put("k", first);
    cache.put("k", first);
    assertEquals(List.of(), let);
    cache.put("k", second);
    assertEquals(List.of(first), let);
    cache.invalidateAll();
    assertEquals(List.of(first, second), let);
    assertEquals(0, cache.estimatedSize());
  }

  @Test
  void replacingAnEntryOfAFullCacheEvictsNothingElse() {
    List<String> let = new ArrayList<>();
    BoundedCache<String, Integer> cache =
        BoundedCache.<String, Integer>ofSize(2).onRemoval((k, v) -> let.add(k + "=" + v));
    cache.put("a", 1);
    cache.put("b", 2);
    cache.put("a", 3);
    assertEquals(List.of("a=1"), let);
    assertEquals(2, cache.getIfPresent("b"));
    assertEquals(3, cache.getIfPresent("a"));
  }

  @Test
  void entriesExpireAfterTheirWrite() throws InterruptedException {
    AtomicInteger loads = new AtomicInteger();
    BoundedCache<String, Integer> cache =
        BoundedCache.<String, Integer>ofSize(4).expiring(Duration.ofMillis(20));
    assertEquals(1, cache.get("k", k -> loads.incrementAndGet()));
    assertEquals(1, cache.get("k", k -> loads.incrementAndGet()));
    Thread.sleep(60);
    assertNull(cache.getIfPresent("k"));
    assertEquals(2, cache.get("k", k -> loads.incrementAndGet()));
  }

  @Test
  void concurrentLoadsOfOneKeyLoadOnceAndTheBoundHoldsUnderContention() throws Exception {
    AtomicInteger loads = new AtomicInteger();
    BoundedCache<Integer, Integer> cache = BoundedCache.ofSize(50);
    ConcurrentHashMap<Integer, Integer> removed = new ConcurrentHashMap<>();
    BoundedCache<Integer, Integer> watched =
        BoundedCache.<Integer, Integer>ofSize(50).onRemoval((k, v) -> removed.merge(k, 1, Integer::sum));
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int seed = t;
        done.add(pool.submit(() -> {
          Random random = new Random(seed);
          for (int i = 0; i < 20_000; i++) {
            assertNotNull(cache.get(-1, k -> loads.incrementAndGet()));
            int k = random.nextInt(400);
            watched.put(k, k);
            Integer v = watched.getIfPresent(k);
            assertTrue(v == null || v == k);
          }
        }));
      }
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(1, loads.get());
    assertTrue(watched.estimatedSize() <= 50, "kept " + watched.estimatedSize());
    assertTrue(!removed.isEmpty());
  }
}
