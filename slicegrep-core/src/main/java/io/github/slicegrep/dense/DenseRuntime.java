package io.github.slicegrep.dense;

import com.google.common.hash.HashCode;
import com.google.common.hash.Hashing;
import io.github.slicegrep.cache.BoundedCache;
import io.github.slicegrep.source.Switches;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * The optional dense model of one host, loaded at most once, on first use, and only when asked
 * for: with dense switched off or no model directory set, {@link #model()} is empty at once and
 * nothing is read. A model that fails to load, or takes longer than the timeout, leaves dense
 * recall off for the life of the runtime and says why in {@link #status()}; it never raises.
 * Block vectors are cached by the hash of their text, so a warm search embeds only new blocks.
 */
public final class DenseRuntime {
  /** The model directory (see {@link StaticModel}). Unset: dense recall is off. */
  public static final String DIR_ENV = "SLICEGREP_MODEL_DIR";
  /** A system property naming the model directory, before {@link #DIR_ENV}. */
  public static final String DIR_PROPERTY = "slicegrep.model.dir";
  /** {@code off} (or {@code 0}, {@code false}, {@code no}) switches dense recall off. */
  public static final String SWITCH_ENV = "SLICEGREP_DENSE";
  /** Seconds to wait for the model to load before going on without it. */
  public static final String TIMEOUT_ENV = "SLICEGREP_DENSE_TIMEOUT";
  /** Long enough for a cold disk and a 30k x 256 table; short enough to notice a hung mount. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(15);
  /** Cached block vectors, in floats: 64 MiB, about 65k blocks of a 256-dimension model. */
  static final long CACHE_MAX_FLOATS = 16L * 1024 * 1024;

  /** Where and whether to load a model. */
  public record Settings(@Nullable Path dir, Duration timeout, boolean enabled) {
    /** Dense recall off. */
    public static Settings off() {
      return new Settings(null, DEFAULT_TIMEOUT, false);
    }

    /**
     * From the process environment; the system property {@value #DIR_PROPERTY}, when set, names
     * the model directory instead of {@code SLICEGREP_MODEL_DIR} (tests use it).
     */
    public static Settings fromEnvironment() {
      return of(System.getenv(), System.getProperty(DIR_PROPERTY), null);
    }

    /**
     * From {@code env}, with {@code property} (the value of {@value #DIR_PROPERTY}, when set)
     * naming the model directory first as in {@link #fromEnvironment()}, and a relative model
     * directory taken from {@code workingDirectory} when one is given (else the process's own).
     */
    public static Settings of(Map<String, String> env, @Nullable String property,
        @Nullable Path workingDirectory) {
      Settings s;
      if (property == null || property.isBlank()) {
        s = from(env);
      } else {
        Map<String, String> withProperty = new java.util.HashMap<>(env);
        withProperty.put(DIR_ENV, property);
        s = from(withProperty);
      }
      Path dir = s.dir();
      return dir == null || dir.isAbsolute() || workingDirectory == null
          ? s
          : new Settings(workingDirectory.resolve(dir), s.timeout(), s.enabled());
    }

    /** From variables named as in the process environment; bad values fall back to defaults. */
    public static Settings from(Map<String, String> env) {
      boolean enabled = !Switches.isOff(env.get(SWITCH_ENV));
      String dir = env.getOrDefault(DIR_ENV, "").trim();
      Duration timeout = DEFAULT_TIMEOUT;
      String t = env.getOrDefault(TIMEOUT_ENV, "").trim();
      if (!t.isEmpty()) {
        try {
          double seconds = Double.parseDouble(t);
          if (seconds > 0 && seconds < 3600) {
            timeout = Duration.ofMillis((long) (seconds * 1000));
          }
        } catch (NumberFormatException e) {
          // A bad value keeps the default: dense recall is optional and must not fail a search.
        }
      }
      return new Settings(dir.isEmpty() ? null : Path.of(dir), timeout, enabled && !dir.isEmpty());
    }
  }

  private final Settings settings;
  private final Callable<StaticModel> loader;
  private final BoundedCache<HashCode, float[]> vectors =
      BoundedCache.ofWeight(CACHE_MAX_FLOATS, (k, v) -> v.length);
  private volatile @Nullable Optional<StaticModel> model;
  private volatile String status;

  public DenseRuntime(Settings settings) {
    this(settings, () -> StaticModel.load(java.util.Objects.requireNonNull(settings.dir())));
  }

  DenseRuntime(Settings settings, Callable<StaticModel> loader) {
    this.settings = settings;
    this.loader = loader;
    this.status = settings.enabled() ? "not loaded yet" : "off";
  }

  /** The model, loading it on the first call; empty when off, missing, broken or too slow. */
  public Optional<StaticModel> model() {
    Optional<StaticModel> m = model;
    if (m != null) {
      return m;
    }
    synchronized (this) {
      if (model == null) {
        model = loadOnce();
      }
      return model;
    }
  }

  /** Why the model is or is not there, in a few words. */
  public String status() {
    return status;
  }

  private Optional<StaticModel> loadOnce() {
    Path dir = settings.dir();
    if (!settings.enabled() || dir == null) {
      status = "off";
      return Optional.empty();
    }
    if (!Files.isDirectory(dir)) {
      status = "no model directory at " + dir;
      return Optional.empty();
    }
    long started = System.nanoTime();
    FutureTask<StaticModel> task = new FutureTask<>(loader);
    Thread t = new Thread(task, "slicegrep-dense-load");
    // A load stuck in the kernel (a hung mount, a FIFO) cannot be interrupted: the thread is a
    // daemon so that it never keeps the process alive.
    t.setDaemon(true);
    t.start();
    try {
      StaticModel m = task.get(settings.timeout().toMillis(), TimeUnit.MILLISECONDS);
      status = String.format("loaded %d x %d from %s in %d ms", m.vocabularySize(),
          m.dimensions(), dir, (System.nanoTime() - started) / 1_000_000);
      return Optional.of(m);
    } catch (TimeoutException e) {
      task.cancel(true);
      status = "load timed out after " + settings.timeout().toMillis() + " ms";
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      status = "load failed: " + cause.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      status = "load interrupted";
    } catch (RuntimeException e) {
      status = "load failed: " + e;
    }
    return Optional.empty();
  }

  /** The vector of a block's text, from the cache when the same text was embedded before. */
  public float[] embedBlock(StaticModel m, String text) {
    HashCode key = Hashing.murmur3_128().hashString(text, StandardCharsets.UTF_8);
    float[] v = vectors.getIfPresent(key);
    if (v == null || v.length != m.dimensions()) {
      v = m.embed(text);
      vectors.put(key, v);
    }
    return v;
  }

  /**
   * What names the loaded model's vectors in a {@link BlockVectorStore}: the model directory
   * and the size and modification time of its table and tokenizer, so that a model rebuilt in
   * place gets new vectors.
   */
  public String identity() {
    Path dir = settings.dir();
    if (dir == null) {
      return "none";
    }
    StringBuilder sb = new StringBuilder(dir.toAbsolutePath().normalize().toString());
    for (String name : new String[] {StaticModel.TABLE_FILE, StaticModel.TOKENIZER_FILE}) {
      try {
        Path f = dir.resolve(name);
        sb.append('\n').append(name).append(' ').append(Files.size(f)).append(' ')
            .append(Files.getLastModifiedTime(f).toMillis());
      } catch (java.io.IOException e) {
        sb.append('\n').append(name).append(" unreadable");
      }
    }
    return sb.toString();
  }

  /** Number of cached block vectors (for tests and diagnostics). */
  public long cachedBlocks() {
    return vectors.estimatedSize();
  }
}
