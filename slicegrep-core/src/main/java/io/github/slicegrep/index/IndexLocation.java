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
 */
public final class IndexLocation {
  public static final String SWITCH_VARIABLE = "SLICEGREP_INDEX";
  public static final String DIRECTORY_VARIABLE = "SLICEGREP_INDEX_DIR";
  public static final String DIRECTORY_PROPERTY = "slicegrep.index.dir";

  private IndexLocation() {}

  /** The directory for this process's environment, or empty when indexes are switched off. */
  public static Optional<Path> fromEnvironment() {
    return resolve(System.getenv(), System.getProperty(DIRECTORY_PROPERTY),
        System.getProperty("user.home"));
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
}
