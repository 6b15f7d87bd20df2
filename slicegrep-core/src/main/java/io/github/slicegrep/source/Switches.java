package io.github.slicegrep.source;

import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** How the {@code SLICEGREP_*} environment switches are read: one spelling of "off" for all. */
public final class Switches {
  private static final Set<String> OFF = Set.of("off", "0", "false", "no");

  private Switches() {}

  /**
   * Whether a switch variable's value turns its feature off: {@code off}, {@code 0},
   * {@code false} or {@code no}, in any case, with surrounding blanks.
   *
   * @param value the variable's value, null when unset
   * @return true when it says off; false when unset or anything else
   */
  public static boolean isOff(@Nullable String value) {
    return value != null && OFF.contains(value.strip().toLowerCase(Locale.ROOT));
  }
}
