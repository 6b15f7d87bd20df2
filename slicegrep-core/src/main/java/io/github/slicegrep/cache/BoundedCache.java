package io.github.slicegrep.cache;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.ToLongBiFunction;
import org.jspecify.annotations.Nullable;

/**
 * A concurrent map bounded by a total weight (a count when every entry weighs 1), letting go of
 * the least recently used entries beyond it, optionally expiring entries some time after they
 * were written, and telling a listener of every entry it lets go.
 *
 * <p>Written here rather than taken from a cache library: a lookup is one hash-map read and a
 * clock stamp, which is what the warm search needs (it looks up every file of the tree), and
 * making one costs nothing. Caffeine's builder took about 38 ms of CPU in a process that searches
 * once and exits (its logger lookup in its static initialiser, and a cache class found by
 * reflection), a sixth of that run's main thread; Guava's cache cost more on the lookups.
 *
 * <p>Recency is approximate: each read stamps its entry with the clock, and eviction, which runs
 * on the thread whose write went over the bound, sorts the entries by stamp. Over a bound of more
 * than eight, it lets go down to seven eighths of the bound at once, so that a tree larger than
 * the bound costs one sort per eighth of the bound rather than one per file.
 *
 * @param <K> keys, compared by {@code equals}
 * @param <V> values
 */
public final class BoundedCache<K, V> {
  /** Told of each entry let go: evicted, expired, replaced by another value, or invalidated. */
  @FunctionalInterface
  public interface RemovalListener<K, V> {
    void removed(K key, V value);
  }

  private final ConcurrentHashMap<K, Entry<V>> map = new ConcurrentHashMap<>();
  private final long maxWeight;
  private final ToLongBiFunction<? super K, ? super V> weigher;
  private final @Nullable RemovalListener<? super K, ? super V> listener;
  private final long expireNanos;
  private final AtomicLong weight = new AtomicLong();
  private final Object evicting = new Object();

  private BoundedCache(long maxWeight, ToLongBiFunction<? super K, ? super V> weigher,
      @Nullable RemovalListener<? super K, ? super V> listener, long expireNanos) {
    if (maxWeight < 1) {
      throw new IllegalArgumentException("a cache must hold something: " + maxWeight);
    }
    this.maxWeight = maxWeight;
    this.weigher = weigher;
    this.listener = listener;
    this.expireNanos = expireNanos;
  }

  /** A cache of at most {@code maxSize} entries. */
  public static <K, V> BoundedCache<K, V> ofSize(long maxSize) {
    return new BoundedCache<>(maxSize, (k, v) -> 1, null, 0);
  }

  /** A cache of entries weighing at most {@code maxWeight} in all, each as {@code weigher} says. */
  public static <K, V> BoundedCache<K, V> ofWeight(long maxWeight,
      ToLongBiFunction<? super K, ? super V> weigher) {
    return new BoundedCache<>(maxWeight, weigher, null, 0);
  }

  /** A new, empty cache bounded as this one is, telling {@code listener} of each entry let go. */
  public BoundedCache<K, V> onRemoval(RemovalListener<? super K, ? super V> listener) {
    return new BoundedCache<>(maxWeight, weigher, listener, expireNanos);
  }

  /** A new, empty cache like this one, whose entries expire {@code afterWrite} after written. */
  public BoundedCache<K, V> expiring(Duration afterWrite) {
    return new BoundedCache<>(maxWeight, weigher, listener, Math.max(1, afterWrite.toNanos()));
  }

  /** The value kept for {@code key}, or null. */
  public @Nullable V getIfPresent(K key) {
    Entry<V> e = map.get(key);
    if (e == null) {
      return null;
    }
    long now = System.nanoTime();
    if (expired(e, now)) {
      remove(key, e);
      return null;
    }
    e.used = now;
    return e.value;
  }

  /**
   * The value kept for {@code key}, made by {@code load} and kept when there is none; other
   * callers for the same key wait for that load rather than repeat it.
   */
  public V get(K key, Function<? super K, ? extends V> load) {
    V kept = getIfPresent(key);
    if (kept != null) {
      return kept;
    }
    List<Entry<V>> expired = new ArrayList<>(1);
    boolean[] made = {false};
    Entry<V> e = map.compute(key, (k, old) -> {
      if (old != null) {
        if (!expired(old, System.nanoTime())) {
          return old;
        }
        expired.add(old);
      }
      made[0] = true;
      V value = Objects.requireNonNull(load.apply(k), "a cache loader returned null");
      return new Entry<>(value, weigher.applyAsLong(k, value));
    });
    // Told outside the map's lock: a listener may use the cache.
    for (Entry<V> old : expired) {
      weight.addAndGet(-old.weight);
      tell(key, old.value);
    }
    if (made[0]) {
      added(e.weight);
    }
    e.used = System.nanoTime();
    return e.value;
  }

  /** Keeps {@code value} for {@code key}, letting go of the value kept before, if another. */
  public void put(K key, V value) {
    Entry<V> e = new Entry<>(value, weigher.applyAsLong(key, value));
    Entry<V> old = map.put(key, e);
    if (old != null) {
      // Taken out before the new weight counts: replacing an entry never evicts another.
      weight.addAndGet(-old.weight);
      if (old.value != value) {
        tell(key, old.value);
      }
    }
    added(e.weight);
  }

  /** Lets go of {@code key}'s entry. */
  public void invalidate(K key) {
    Entry<V> old = map.remove(key);
    if (old != null) {
      weight.addAndGet(-old.weight);
      tell(key, old.value);
    }
  }

  /** Lets go of every entry. */
  public void invalidateAll() {
    for (K key : map.keySet()) {
      invalidate(key);
    }
  }

  /** How many entries are kept now. */
  public long estimatedSize() {
    return map.size();
  }

  private boolean expired(Entry<V> e, long now) {
    return expireNanos > 0 && now - e.written > expireNanos;
  }

  private void remove(K key, Entry<V> e) {
    if (map.remove(key, e)) {
      weight.addAndGet(-e.weight);
      tell(key, e.value);
    }
  }

  /** Counts {@code added} weight in, and evicts when the bound is passed. */
  private void added(long added) {
    if (weight.addAndGet(added) <= maxWeight) {
      return;
    }
    synchronized (evicting) {
      if (weight.get() <= maxWeight) {
        return;
      }
      long target = maxWeight > 8 ? maxWeight - maxWeight / 8 : maxWeight;
      // The stamps are copied first: readers keep stamping while the list is sorted.
      List<Aged<K, V>> byUse = new ArrayList<>(map.size());
      map.forEach((k, e) -> byUse.add(new Aged<>(e.used, k, e)));
      byUse.sort(Comparator.comparingLong(Aged::used));
      for (Aged<K, V> a : byUse) {
        if (weight.get() <= target) {
          break;
        }
        remove(a.key, a.entry);
      }
    }
  }

  /** An entry and its last use, as one eviction saw it. */
  private record Aged<K, V>(long used, K key, Entry<V> entry) {}

  private void tell(K key, V value) {
    if (listener != null) {
      listener.removed(key, value);
    }
  }

  /** A kept value, its weight and when it was written and last used. */
  private static final class Entry<V> {
    final V value;
    final long weight;
    final long written = System.nanoTime();
    /** Racy on purpose: recency is approximate, and a lost stamp only ages an entry a little. */
    long used = written;

    Entry(V value, long weight) {
      this.value = value;
      this.weight = weight;
    }
  }
}
