package io.github.slicegrep.index;

import io.github.slicegrep.source.Switches;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Where persistent indexes live, from the environment: {@code SLICEGREP_INDEX=off} (or
 * {@code 0}, {@code false}, {@code no}) turns them off; {@code SLICEGREP_INDEX_DIR} (or the
 * system property {@code slicegrep.index.dir}, which tests use to keep away from the real
 * cache) names the directory; otherwise {@code $XDG_CACHE_HOME/slicegrep/index}, falling back to
 * {@code ~/.cache/slicegrep/index}.
 *
 * <p>How much the directory may hold: {@code SLICEGREP_INDEX_MAX_MB}, a whole number of MiB
 * (default 1024, so 1 GiB; 0 keeps only the index being written). A value that is not a whole
 * number of MiB in range is not an error for a search (the index is only a shortcut): the
 * default applies, and {@link Limit#problem} says why, for {@code slicegrep --index status} to
 * show. Tests set the limit in bytes with the system property {@code slicegrep.index.max.bytes}.
 */
public final class IndexLocation {
  public static final String SWITCH_VARIABLE = "SLICEGREP_INDEX";
  public static final String DIRECTORY_VARIABLE = "SLICEGREP_INDEX_DIR";
  public static final String DIRECTORY_PROPERTY = "slicegrep.index.dir";
  public static final String LIMIT_VARIABLE = "SLICEGREP_INDEX_MAX_MB";
  public static final String LIMIT_PROPERTY = "slicegrep.index.max.bytes";
  public static final long DEFAULT_LIMIT_BYTES = 1L << 30;
  private static final long MIB = 1L << 20;

  /** A size limit in bytes, and why the configured value was not used (null when it was). */
  public record Limit(long bytes, @Nullable String problem) {}

  private IndexLocation() {}

  /** The directory for this process's environment, or empty when indexes are switched off. */
  public static Optional<Path> fromEnvironment() {
    return from(System.getenv());
  }

  /** The directory for {@code env}, or empty when indexes are switched off. */
  public static Optional<Path> from(Map<String, String> env) {
    return resolve(env, System.getProperty(DIRECTORY_PROPERTY), System.getProperty("user.home"));
  }

  static Optional<Path> resolve(
      Map<String, String> env, @Nullable String property, @Nullable String home) {
    if (Switches.isOff(env.get(SWITCH_VARIABLE))) {
      return Optional.empty();
    }
    if (property != null && !property.isBlank()) {
      return Optional.of(Path.of(property));
    }
    String dir = env.get(DIRECTORY_VARIABLE);
    if (dir != null && !dir.isBlank()) {
      return Optional.of(Path.of(dir));
    }
    String xdg = env.get("XDG_CACHE_HOME");
    Path base =
        xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()
            ? Path.of(xdg)
            : Path.of(home == null ? "." : home, ".cache");
    return Optional.of(base.resolve("slicegrep").resolve("index"));
  }

  /** The size limit of this process's environment. */
  public static Limit limitFromEnvironment() {
    return limitFrom(System.getenv());
  }

  /** The size limit {@code env} sets. */
  public static Limit limitFrom(Map<String, String> env) {
    return limit(env.get(LIMIT_VARIABLE), System.getProperty(LIMIT_PROPERTY));
  }

  static Limit limit(@Nullable String megabytes, @Nullable String propertyBytes) {
    if (propertyBytes != null && !propertyBytes.isBlank()) {
      try {
        return new Limit(Math.max(0, Long.parseLong(propertyBytes.strip())), null);
      } catch (NumberFormatException e) {
        return new Limit(DEFAULT_LIMIT_BYTES, LIMIT_PROPERTY + "=" + propertyBytes
            + " is not a whole number of bytes; using the default of 1024 MiB");
      }
    }
    if (megabytes == null || megabytes.isBlank()) {
      return new Limit(DEFAULT_LIMIT_BYTES, null);
    }
    try {
      long mb = Long.parseLong(megabytes.strip());
      if (mb >= 0 && mb <= Long.MAX_VALUE / MIB) {
        return new Limit(mb * MIB, null);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    return new Limit(DEFAULT_LIMIT_BYTES, LIMIT_VARIABLE + "=" + megabytes
        + " is not a whole number of MiB (0 or more); using the default of 1024 MiB");
  }
}
