package io.github.slicegrep.parallel;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;

/**
 * Runs a loop over indexes on the calling thread and on workers of its own, one fewer than the
 * machine's cores, each taking the next index until none is left.
 *
 * <p>Why not parallel streams: a search runs about eight parallel stages in a few milliseconds,
 * and between two of them the common pool's worker parks; waking it again took 12% of a warm
 * question's wall time on rich and waiting for its tasks 27% (docs/RESULTS.md, tenth look).
 * These workers spin for {@link #SPIN_NANOS} after a loop before they park, so that the stages
 * of one search find them awake: rich's warm question 5.6 -> 4.6 ms (JMH).
 *
 * <p>One loop has the workers at a time: a loop started while another runs (a second search in
 * a server, or a loop inside a loop's body) runs on its caller alone. Results are the same
 * either way; a body must be safe to run on several threads at once for different indexes.
 */
public final class Parallel {
  /**
   * How long a worker looks for the next loop before it parks: longer than the sequential steps
   * between one search's stages, short enough to leave the core soon after the search.
   */
  static final long SPIN_NANOS = 300_000;

  private static final AtomicReference<@Nullable Loop> CURRENT = new AtomicReference<>();
  private static final ThreadLocal<Boolean> IN_LOOP = ThreadLocal.withInitial(() -> false);
  private static final Thread[] WORKERS =
      startWorkers(Runtime.getRuntime().availableProcessors() - 1);

  private Parallel() {}

  /** Runs {@code body} for every index in {@code [0, n)}, in parallel where it can. */
  public static void forEach(int n, IntConsumer body) {
    if (n <= 1 || WORKERS.length == 0 || IN_LOOP.get()) {
      sequentially(n, body);
      return;
    }
    Loop loop = new Loop(n, body);
    if (!CURRENT.compareAndSet(null, loop)) {
      sequentially(n, body); // another loop has the workers
      return;
    }
    for (Thread w : WORKERS) {
      LockSupport.unpark(w);
    }
    IN_LOOP.set(true);
    try {
      loop.run();
    } finally {
      IN_LOOP.set(false);
      CURRENT.compareAndSet(loop, null);
      loop.close();
    }
    loop.rethrow();
  }

  private static void sequentially(int n, IntConsumer body) {
    for (int i = 0; i < n; i++) {
      body.accept(i);
    }
  }

  /** {@code f} of every index in {@code [0, n)}, in index order, worked out in parallel. */
  @SuppressWarnings("unchecked")
  public static <T> List<T> map(int n, IntFunction<T> f) {
    Object[] out = new Object[n];
    forEach(n, i -> out[i] = f.apply(i));
    return Collections.unmodifiableList((List<T>) Arrays.asList(out));
  }

  /** {@code f} of every element of {@code items}, in order, worked out in parallel. */
  public static <E, T> List<T> map(List<E> items, Function<E, T> f) {
    return map(items.size(), i -> f.apply(items.get(i)));
  }

  private static Thread[] startWorkers(int count) {
    Thread[] workers = new Thread[Math.max(0, count)];
    for (int i = 0; i < workers.length; i++) {
      Thread t = new Thread(Parallel::work, "slicegrep-parallel-" + (i + 1));
      t.setDaemon(true);
      workers[i] = t;
      t.start();
    }
    return workers;
  }

  /** A worker: helps each loop it finds once, spins a while for the next, then parks. */
  private static void work() {
    IN_LOOP.set(true); // a loop inside a body runs on this thread alone
    long helped = -1; // the last loop taken part in, by number (a reference would keep it alive)
    while (true) {
      Loop loop = CURRENT.get();
      if (loop != null && loop.number != helped) {
        helped = loop.number;
        if (loop.join()) {
          try {
            loop.run();
          } finally {
            loop.leave();
          }
        }
        continue;
      }
      long until = System.nanoTime() + SPIN_NANOS;
      while (nothingNew(helped) && System.nanoTime() - until < 0) {
        Thread.onSpinWait();
      }
      if (nothingNew(helped)) {
        LockSupport.park(Parallel.class);
      }
    }
  }

  private static boolean nothingNew(long helped) {
    Loop loop = CURRENT.get();
    return loop == null || loop.number == helped;
  }

  /** One loop: its indexes, handed out one at a time, and the helpers that run some. */
  private static final class Loop {
    private static final AtomicLong NUMBERS = new AtomicLong();
    /** Spins of a closing caller before it yields its core (some tens of microseconds). */
    private static final int CLOSE_SPINS = 1_000;

    final long number = NUMBERS.getAndIncrement();
    private final int n;
    private final IntConsumer body;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger helpers = new AtomicInteger();
    private volatile boolean closed;
    private volatile @Nullable Throwable failure;

    Loop(int n, IntConsumer body) {
      this.n = n;
      this.body = body;
    }

    /** Runs indexes until none is left (or one failed). */
    void run() {
      for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
        try {
          body.accept(i);
        } catch (Throwable t) {
          if (failure == null) {
            failure = t;
          }
          next.set(n); // no new index starts
        }
      }
    }

    /** Whether a helper may still take part: false once the caller closed the loop. */
    boolean join() {
      helpers.incrementAndGet();
      if (closed) {
        helpers.decrementAndGet();
        return false;
      }
      return true;
    }

    void leave() {
      helpers.decrementAndGet();
    }

    /**
     * Waits for the helpers still running an index they took: then every index has run. A
     * helper's last index is usually short; a long one (a large file's parse) gets the core
     * back after a while, for a server's other searches.
     */
    void close() {
      closed = true;
      for (int spins = 0; helpers.get() > 0; spins++) {
        if (spins < CLOSE_SPINS) {
          Thread.onSpinWait();
        } else {
          Thread.yield();
        }
      }
    }

    void rethrow() {
      Throwable t = failure;
      if (t instanceof RuntimeException e) {
        throw e;
      }
      if (t instanceof Error e) {
        throw e;
      }
      if (t != null) {
        throw new IllegalStateException(t);
      }
    }
  }
}
